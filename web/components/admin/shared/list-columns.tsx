import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import type { DataTableColumn } from '../../../ui';

const titleCell = css({ fontWeight: 'medium' });
const rowButtonsBox = css({ display: 'inline-flex', gap: '1' });

/**
 * An admin list's naming column and its narrow-screen twin: in the table the name stands in its own
 * column in bold; on narrow screens it heads each card (DataTable's `cardTitle`), so the column
 * hides there. Names are typed by people in any script, hence `bdi`.
 */
export function titleColumn<Row>(key: string, header: string, nameOf: (row: Row) => string) {
  const column: DataTableColumn<Row> = {
    key,
    header,
    hideInCard: true,
    cell: (row) => <bdi className={titleCell}>{nameOf(row)}</bdi>,
  };
  return { column, cardTitle: (row: Row) => <bdi>{nameOf(row)}</bdi> };
}

/**
 * An admin list's actions: in the table the last column, aligned to the end; on narrow screens the
 * same buttons sit at the foot of each card (DataTable's `cardActions`), so the column hides there.
 */
export function actionsColumn<Row>(header: string, actions: (row: Row) => ReactNode) {
  const column: DataTableColumn<Row> = { key: 'actions', header, align: 'right', hideInCard: true, cell: actions };
  return { column, cardActions: actions };
}

/** One admin row's icon buttons side by side: in the actions column, and at the foot of its card on a phone. */
export function RowButtons({ children }: { children: ReactNode }) {
  return <div className={rowButtonsBox}>{children}</div>;
}
