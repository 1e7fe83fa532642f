import { defineSlotRecipe } from '@pandacss/dev';
import { surfacePanel } from './panel';

/** A column's alignment (DataTable's `align`), followed by its header and its cells alike. */
const columnAlign = {
  '&[data-align=right]': { textAlign: 'end' },
  '&[data-align=center]': { textAlign: 'center' },
} as const;

/** Data tables, and the card list they collapse into below the md breakpoint (DataTable). */
export const table = defineSlotRecipe({
  className: 'table',
  slots: [
    'root',
    'table',
    'caption',
    'head',
    'row',
    'header',
    'body',
    'cell',
    'cardList',
    'card',
    'cardRow',
    'cardLabel',
    'cardValue',
  ],
  base: {
    root: {
      width: '100%',
      overflowX: 'auto',
      // The containing block of the cells' visually hidden (absolute) texts: without it they sit
      // outside the scrolling box and widen the page (the matrix at 390 px was 503 px wide).
      position: 'relative',
      bg: 'bg.surface',
      borderWidth: '1px',
      borderColor: 'border.default',
      borderRadius: 'lg',
    },
    table: { width: '100%', borderCollapse: 'separate', borderSpacing: '0', fontSize: 'sm' },
    caption: { captionSide: 'bottom', p: '3', fontSize: 'xs', color: 'fg.subtle', textAlign: 'start' },
    head: { bg: 'bg.muted' },
    row: {
      '& + &': {},
      '[data-part=body] &:hover': { bg: 'bg.muted' },
      '&[data-selected]': { bg: 'brand.subtle' },
    },
    header: {
      px: '4',
      py: '3',
      textAlign: 'start',
      fontSize: 'xs',
      fontWeight: 'semibold',
      color: 'fg.muted',
      textTransform: 'uppercase',
      letterSpacing: '0.04em',
      whiteSpace: 'nowrap',
      borderBottomWidth: '1px',
      borderColor: 'border.default',
      ...columnAlign,
    },
    body: {},
    cell: {
      px: '4',
      py: '3.5',
      color: 'fg.default',
      verticalAlign: 'middle',
      borderBottomWidth: '1px',
      borderColor: 'border.muted',
      'tr:last-child > &': { borderBottomWidth: '0' },
      ...columnAlign,
    },
    cardList: { display: 'flex', flexDirection: 'column', gap: '3', listStyle: 'none', p: '0', m: '0' },
    card: {
      ...surfacePanel,
      display: 'flex',
      flexDirection: 'column',
      gap: '2.5',
      boxShadow: 'xs',
    },
    cardRow: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '3', fontSize: 'sm' },
    cardLabel: {
      color: 'fg.muted',
      fontSize: 'xs',
      fontWeight: 'medium',
      textTransform: 'uppercase',
      letterSpacing: '0.04em',
      flexShrink: 0,
    },
    cardValue: { color: 'fg.default', textAlign: 'end', minW: 0 },
  },
  variants: {
    /**
     * A wide grid read in both directions (people by courses): the header row and the first
     * column stay in view while the region scrolls on either axis. The region is capped in height
     * so the header can stick inside it; the cells carry their own background because the row's
     * would show through once they overlap.
     */
    frozen: {
      true: {
        root: {
          maxH: 'min(70vh, 48rem)',
          overflow: 'auto',
          '& thead th': { position: 'sticky', top: '0', zIndex: '1', bg: 'bg.muted' },
          '& tr > :first-child': {
            position: 'sticky',
            insetStart: '0',
            zIndex: '1',
            bg: 'bg.surface',
            borderInlineEndWidth: '1px',
            borderInlineEndColor: 'border.default',
          },
          '& thead tr > :first-child': { zIndex: '2', bg: 'bg.muted' },
        },
      },
    },
  },
});
