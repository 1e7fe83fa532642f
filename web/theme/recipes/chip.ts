import { defineRecipe } from '@pandacss/dev';

export const chip = defineRecipe({
  className: 'chip',
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1',
    borderRadius: 'full',
    fontWeight: 'medium',
    whiteSpace: 'nowrap',
    lineHeight: '1',
    borderWidth: '1px',
    borderColor: 'transparent',
    '& svg': { width: '3.5', height: '3.5' },
  },
  variants: {
    palette: {
      success: { colorPalette: 'success' },
      warning: { colorPalette: 'warning' },
      error: { colorPalette: 'error' },
      info: { colorPalette: 'info' },
      neutral: { colorPalette: 'neutral' },
      brand: { colorPalette: 'brand' },
      accent: { colorPalette: 'accent' },
    },
    variant: {
      subtle: { bg: 'colorPalette.subtle', color: 'colorPalette.fg', borderColor: 'colorPalette.border' },
      solid: { bg: 'colorPalette.solid', color: 'colorPalette.contrast' },
      outline: { borderColor: 'colorPalette.muted', color: 'colorPalette.fg', bg: 'bg.surface' },
    },
    size: {
      sm: { h: '5.5', px: '2', fontSize: 'xs' },
      md: { h: '7', px: '2.5', fontSize: 'sm' },
    },
  },
  defaultVariants: { palette: 'neutral', variant: 'subtle', size: 'sm' },
});
