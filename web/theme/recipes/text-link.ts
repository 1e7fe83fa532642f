import { defineRecipe } from '@pandacss/dev';

/**
 * An in-text link that goes somewhere (a record, a scan, a sheet): brand colour, icon and text side
 * by side, `strong` in medium weight where it names the row. `underline: 'always'` for links that
 * open a file in a new tab, which read as links only with the line; `touch` gives the 44 px target a
 * gloved finger needs.
 */
export const textLink = defineRecipe({
  className: 'text-link',
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1',
    color: 'brand.fg',
  },
  variants: {
    underline: {
      always: { textDecoration: 'underline' },
      onHover: { _hover: { textDecoration: 'underline' } },
      // A back link set where only a link can be (a page header's eyebrow) keeps its text plain.
      none: {},
    },
    touch: {
      true: { minH: '11' },
    },
    strong: {
      true: { fontWeight: 'medium' },
    },
  },
  defaultVariants: { underline: 'onHover' },
});
