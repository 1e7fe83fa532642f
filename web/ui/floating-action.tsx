import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { Button } from './button';

export interface FloatingActionProps {
  /** What the button does; it shows only an icon, so this is its accessible name. */
  label: string;
  onClick: () => void;
  /** The icon (default a plus: these buttons start something new). */
  icon?: ReactNode;
}

/**
 * FloatingAction: the round button pinned to the bottom corner of a list page for its main "new"
 * action, within reach of a thumb on a phone. It also leaves room at the end of the page so the
 * button never covers the list's last row.
 */
export function FloatingAction({ label, onClick, icon = <Plus aria-hidden /> }: FloatingActionProps) {
  return (
    <>
      <div aria-hidden className={css({ h: '20' })} />
      <Button
        aria-label={label}
        onClick={onClick}
        className={css({
          position: 'fixed',
          insetEnd: { base: '4', md: '8' },
          bottom: { base: '4', md: '8' },
          borderRadius: 'full',
          w: '14',
          h: '14',
          boxShadow: 'lg',
          zIndex: 10,
        })}
      >
        {icon}
      </Button>
    </>
  );
}
