import { Dialog as ArkDialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cx } from 'styled-system/css';
import { dialog } from 'styled-system/recipes/dialog';
import { IconButton } from './button';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons row at the bottom (right-aligned, wraps on small screens). */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl' | 'full';
  /**
   * false: Escape, backdrop clicks and the close button are disabled; the dialog closes only
   * through its own actions (e.g. the incomplete-attempts dialog).
   */
  dismissible?: boolean;
  /** `alertdialog` for confirmations that interrupt (delete, discard). */
  role?: 'dialog' | 'alertdialog';
  /** Element to focus on open (defaults to the first focusable). */
  initialFocusEl?: () => HTMLElement | null;
  /** Element to focus on close (defaults to the element focused before opening). */
  finalFocusEl?: () => HTMLElement | null;
  className?: string;
  /** Class for the body wrapper (e.g. to remove padding for an embedded viewer). */
  bodyClassName?: string;
}

/**
 * Dialog: modal on Ark Dialog (focus trap, scroll lock, aria-modal, labelled by the title and
 * described by the description). Content mounts on open and unmounts after the exit animation.
 */
export function Dialog({ open, onOpenChange, title, description, children, footer, size, dismissible = true, role = 'dialog', initialFocusEl, finalFocusEl, className, bodyClassName }: DialogProps) {
  const classes = dialog({ size });
  return (
    <ArkDialog.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      closeOnEscape={dismissible}
      closeOnInteractOutside={dismissible}
      role={role}
      initialFocusEl={initialFocusEl}
      finalFocusEl={finalFocusEl}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <ArkDialog.Backdrop className={classes.backdrop} />
        <ArkDialog.Positioner className={classes.positioner}>
          <ArkDialog.Content className={cx(classes.content, className)}>
            <div className={classes.header}>
              <ArkDialog.Title className={classes.title}>{title}</ArkDialog.Title>
              {description ? <ArkDialog.Description className={classes.description}>{description}</ArkDialog.Description> : null}
            </div>
            {children ? <div className={cx(classes.body, bodyClassName)}>{children}</div> : null}
            {footer ? <div className={classes.footer}>{footer}</div> : null}
            {dismissible ? (
              <ArkDialog.CloseTrigger asChild>
                <IconButton className={classes.closeTrigger} aria-label="Close dialog" size="sm" icon={<X />} />
              </ArkDialog.CloseTrigger>
            ) : null}
          </ArkDialog.Content>
        </ArkDialog.Positioner>
      </Portal>
    </ArkDialog.Root>
  );
}
