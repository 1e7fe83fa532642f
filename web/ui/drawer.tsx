import { Dialog as ArkDialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import type { ReactNode } from 'react';
import { cx } from 'styled-system/css';
import { drawer } from 'styled-system/recipes/drawer';
import { useOpenedOnce } from './opened-once';

export interface DrawerProps {
  /**
   * `temporary`: a modal overlay from the left (Ark Dialog: focus trap, closes on Escape and
   * outside click). `persistent`: an in-flow fixed side panel below the top bar that slides
   * away when closed (no focus trap; it is part of the page).
   */
  variant: 'temporary' | 'persistent';
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Accessible name of the navigation panel. */
  label: string;
  header?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
  className?: string;
  id?: string;
}

/** Drawer: the side navigation panel of both shells (see `variant`). */
export function Drawer({ variant, open, onOpenChange, label, header, footer, children, className, id }: DrawerProps) {
  const classes = drawer();
  // The temporary drawer's Ark root (a dialog) from its first open on: closed, it shows nothing.
  const opened = useOpenedOnce(open);
  if (variant === 'persistent') {
    return (
      <aside
        id={id}
        aria-label={label}
        data-state={open ? 'open' : 'closed'}
        className={cx(classes.panel, className)}
        inert={!open || undefined}
      >
        {header ? <div className={classes.header}>{header}</div> : null}
        <div className={classes.body}>{children}</div>
        {footer ? <div className={classes.footer}>{footer}</div> : null}
      </aside>
    );
  }
  if (!opened) return null;
  return (
    // The content id goes through `ids` so zag can still find its element (Escape, outside click).
    <ArkDialog.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      ids={id ? { content: id } : undefined}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <ArkDialog.Backdrop className={classes.backdrop} />
        <ArkDialog.Positioner className={classes.positioner}>
          <ArkDialog.Content aria-label={label} className={cx(classes.content, className)}>
            {header ? <div className={classes.header}>{header}</div> : null}
            <div className={classes.body}>{children}</div>
            {footer ? <div className={classes.footer}>{footer}</div> : null}
          </ArkDialog.Content>
        </ArkDialog.Positioner>
      </Portal>
    </ArkDialog.Root>
  );
}

/** Closes the temporary drawer from inside (e.g. the "close arrow" button). */
export const DrawerCloseTrigger = ArkDialog.CloseTrigger;
