import { defineRecipe } from '@pandacss/dev';

/**
 * The small upper-case label set above or beside what it names (the "Next up" heading, a course's
 * domain, a detail's label, a side panel's section title). `tone` is its colour; screens that space
 * the letters wider than 0.04em say so beside it.
 */
export const overline = defineRecipe({
  className: 'overline',
  base: {
    fontSize: 'xs',
    fontWeight: 'semibold',
    textTransform: 'uppercase',
    letterSpacing: '0.04em',
  },
  variants: {
    tone: {
      muted: { color: 'fg.muted' },
      subtle: { color: 'fg.subtle' },
      brand: { color: 'brand.fg' },
      accent: { color: 'accent.fg' },
    },
  },
  defaultVariants: { tone: 'muted' },
});
