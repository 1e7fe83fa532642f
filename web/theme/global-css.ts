import { defineGlobalStyles } from '@pandacss/dev';

export const globalCss = defineGlobalStyles({
  'html, body': {
    fontFamily: 'body',
    color: 'fg.default',
    bg: 'bg.canvas',
    lineHeight: '1.5',
    WebkitFontSmoothing: 'antialiased',
    MozOsxFontSmoothing: 'grayscale',
    textRendering: 'optimizeLegibility',
  },
  body: { minHeight: '100dvh' },
  '#root': { minHeight: '100dvh', display: 'flex', flexDirection: 'column' },
  // One visible focus style for everything keyboard-reachable; pointer focus stays quiet.
  ':focus-visible': {
    outline: '2px solid {colors.focusRing}',
    outlineOffset: '2px',
  },
  '::selection': { bg: 'brand.100' },
  a: { color: 'inherit' },
  '@media (prefers-reduced-motion: reduce)': {
    '*, *::before, *::after': {
      animationDuration: '0.01ms !important',
      transitionDuration: '0.01ms !important',
    },
  },
});
