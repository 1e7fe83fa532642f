import type { HTMLAttributes, ReactNode, TdHTMLAttributes, ThHTMLAttributes } from 'react';
import { css, cx } from 'styled-system/css';
import { table } from 'styled-system/recipes/table';

const classes = table();
const frozenClasses = table({ frozen: true });

/**
 * Table primitives: <Table> (scrollable bordered wrapper + <table>), <TableHead>, <TableBody>,
 * <TableRow selected>, <TableHeader align>, <TableRowHeader>, <TableCell align>. Use them for
 * bespoke tables; use <DataTable> for the common "table on wide screens, cards on narrow" case.
 */
export interface TableProps extends HTMLAttributes<HTMLTableElement> {
  caption?: ReactNode;
  /** Header row and first column stay in view while the table scrolls both ways (a matrix). */
  frozen?: boolean;
  /**
   * Names the scrolling wrapper and makes it a focusable region, so keyboard users can scroll a
   * table wider than the screen with the arrow keys.
   */
  scrollLabel?: string;
}

export function Table({ children, className, caption, frozen, scrollLabel, ...rest }: TableProps) {
  const region = scrollLabel ? { role: 'region', 'aria-label': scrollLabel, tabIndex: 0 } : {};
  return (
    <div className={cx(frozen ? frozenClasses.root : classes.root, className)} {...region}>
      <table className={classes.table} {...rest}>
        {caption ? <caption className={classes.caption}>{caption}</caption> : null}
        {children}
      </table>
    </div>
  );
}
export function TableHead({ children }: { children: ReactNode }) {
  return (
    <thead className={classes.head} data-part="head">
      {children}
    </thead>
  );
}
export function TableBody({ children }: { children: ReactNode }) {
  return (
    <tbody className={classes.body} data-part="body">
      {children}
    </tbody>
  );
}
export function TableRow({
  selected,
  className,
  ...rest
}: HTMLAttributes<HTMLTableRowElement> & { selected?: boolean }) {
  return (
    <tr
      className={cx(classes.row, className)}
      data-selected={selected || undefined}
      aria-selected={selected}
      {...rest}
    />
  );
}
type Align = 'left' | 'center' | 'right';
export function TableHeader({ align, className, ...rest }: ThHTMLAttributes<HTMLTableCellElement> & { align?: Align }) {
  return <th scope="col" className={cx(classes.header, className)} data-align={align} {...rest} />;
}
export function TableCell({ align, className, ...rest }: TdHTMLAttributes<HTMLTableCellElement> & { align?: Align }) {
  return <td className={cx(classes.cell, className)} data-align={align} {...rest} />;
}
/** The cell that names its row (a person in a matrix): read by screen readers with every cell of the row. */
export function TableRowHeader({ className, ...rest }: ThHTMLAttributes<HTMLTableCellElement>) {
  return <th scope="row" className={cx(classes.cell, rowHeader, className)} {...rest} />;
}

export interface DataTableColumn<Row> {
  /** Stable key for React and for the card label association. */
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  align?: Align;
  /** Width hint for the table column (CSS length). */
  width?: string;
  /** Hide this column in the card layout (e.g. when it is the card's title). */
  hideInCard?: boolean;
  /** Show this column only in the card layout (e.g. a value the table already shows inside another cell). */
  hideInTable?: boolean;
}

export interface DataTableProps<Row> {
  rows: readonly Row[];
  columns: readonly DataTableColumn<Row>[];
  getRowKey: (row: Row) => string;
  /** Accessible name of the table (visually hidden caption). */
  label: string;
  /** Card heading on narrow screens, e.g. the title cell. */
  cardTitle?: (row: Row) => ReactNode;
  /** Extra content at the bottom of each card (e.g. action buttons). */
  cardActions?: (row: Row) => ReactNode;
  /** Shown instead of the table when rows is empty. */
  empty?: ReactNode;
  isRowSelected?: (row: Row) => boolean;
}

const visuallyHidden = css({ srOnly: true });
const rowHeader = css({ textAlign: 'start', fontWeight: 'normal' });
const onlyWide = css({ display: { base: 'none', md: 'block' } });
const onlyNarrow = css({ display: { base: 'block', md: 'none' } });

/**
 * DataTable: a table on wide screens, cards on narrow ones. Both layouts render and
 * CSS picks one at the md breakpoint (900px), so there is no resize flicker or JS listener.
 */
export function DataTable<Row>({
  rows,
  columns,
  getRowKey,
  label,
  cardTitle,
  cardActions,
  empty,
  isRowSelected,
}: DataTableProps<Row>) {
  if (rows.length === 0 && empty) return <>{empty}</>;
  const tableColumns = columns.filter((column) => !column.hideInTable);
  return (
    <>
      <Table className={onlyWide}>
        <caption className={visuallyHidden}>{label}</caption>
        <TableHead>
          <TableRow>
            {tableColumns.map((column) => (
              <TableHeader
                key={column.key}
                align={column.align}
                style={column.width ? { width: column.width } : undefined}
              >
                {column.header}
              </TableHeader>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={getRowKey(row)} selected={isRowSelected?.(row)}>
              {tableColumns.map((column) => (
                <TableCell key={column.key} align={column.align}>
                  {column.cell(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <ul className={cx(classes.cardList, onlyNarrow)} aria-label={label}>
        {rows.map((row) => (
          <li key={getRowKey(row)} className={classes.card}>
            {cardTitle ? <div className={css({ fontWeight: 'semibold', fontSize: 'md' })}>{cardTitle(row)}</div> : null}
            {columns
              .filter((column) => !column.hideInCard)
              .map((column) => (
                <div key={column.key} className={classes.cardRow}>
                  <span className={classes.cardLabel}>{column.header}</span>
                  <span className={classes.cardValue}>{column.cell(row)}</span>
                </div>
              ))}
            {cardActions ? (
              <div
                className={css({ display: 'flex', gap: '2', justifyContent: 'flex-end', pt: '1', flexWrap: 'wrap' })}
              >
                {cardActions(row)}
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}
