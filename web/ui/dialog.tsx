import { Dialog as ArkDialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { X } from 'lucide-react';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { cx } from 'styled-system/css';
import { dialog } from 'styled-system/recipes/dialog';
import { IconButton } from './button';
import { captureOpener, returnFocusTarget, type OpenerMemo } from './focus';
import { keepScrollableFocusable } from './scroll-focus';
import { t } from '../i18n';

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
  /**
   * Element to focus on close. Default: the control that opened the dialog; when that control is
   * gone (its row was deleted) the same control of the neighbouring row, else the page heading.
   */
  finalFocusEl?: () => HTMLElement | null;
  className?: string;
  /** Class for the body wrapper (e.g. to remove padding for an embedded viewer). */
  bodyClassName?: string;
}

/**
 * Dialog: modal on Ark Dialog (focus trap, scroll lock, aria-modal, labelled by the title and
 * described by the description). Content mounts on open and unmounts after the exit animation.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  size,
  dismissible = true,
  role = 'dialog',
  initialFocusEl,
  finalFocusEl,
  className,
  bodyClassName,
}: DialogProps) {
  const classes = dialog({ size });
  // Taken when the dialog opens, before Ark moves focus into it (Ark's own return target is that
  // same element, which is lost when a delete removed it).
  const opener = useRef<OpenerMemo | null>(null);
  useLayoutEffect(() => {
    if (open) opener.current = captureOpener();
  }, [open]);
  return (
    <ArkDialog.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      closeOnEscape={dismissible}
      closeOnInteractOutside={dismissible}
      role={role}
      initialFocusEl={initialFocusEl}
      finalFocusEl={() => finalFocusEl?.() ?? returnFocusTarget(opener.current)}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <ArkDialog.Backdrop className={classes.backdrop} />
        <ArkDialog.Positioner className={classes.positioner}>
          <ArkDialog.Content className={cx(classes.content, className)}>
            <div className={classes.header}>
              <ArkDialog.Title className={classes.title}>{title}</ArkDialog.Title>
              {description ? (
                <ArkDialog.Description className={classes.description}>{description}</ArkDialog.Description>
              ) : null}
            </div>
            {children ? (
              <div ref={keepScrollableFocusable} className={cx(classes.body, bodyClassName)}>
                {children}
              </div>
            ) : null}
            {footer ? <div className={classes.footer}>{footer}</div> : null}
            {dismissible ? (
              <ArkDialog.CloseTrigger asChild>
                <IconButton className={classes.closeTrigger} aria-label={t('ui.closeDialog')} size="sm" icon={<X />} />
              </ArkDialog.CloseTrigger>
            ) : null}
          </ArkDialog.Content>
        </ArkDialog.Positioner>
      </Portal>
    </ArkDialog.Root>
  );
}
