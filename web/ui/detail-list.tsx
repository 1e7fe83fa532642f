import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { grid } from 'styled-system/patterns';

const list = grid({
  columnGap: '4',
  rowGap: '1',
  gridTemplateColumns: 'auto 1fr',
  fontSize: 'sm',
  '& dt': { color: 'fg.muted' },
  '& dd': { overflowWrap: 'anywhere' },
});

export interface DetailListProps {
  children: ReactNode;
  /** Values in the muted colour too, for facts that sit under a message rather than being the point. */
  muted?: boolean;
  className?: string;
}

/**
 * DetailList: a record's facts as term and value in two columns (a <dl>), the way a card or dialog
 * lists who sent something, when, and its numbers. Fill it with <Detail> rows.
 */
export function DetailList({ children, muted, className }: DetailListProps) {
  return <dl className={cx(list, muted ? css({ color: 'fg.muted' }) : undefined, className)}>{children}</dl>;
}

/** One term and its value in a DetailList. */
export function Detail({ term, children }: { term: ReactNode; children: ReactNode }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </>
  );
}
