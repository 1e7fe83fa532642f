import { defineTokens } from '@pandacss/dev';

/**
 * Raw scales. Components never use these directly: they go through the semantic tokens
 * (semantic-tokens.ts) so a palette change is one edit.
 */
export const tokens = defineTokens({
  colors: {
    // Deep teal-blue: calm, trustworthy, and distinct from the warning/error hues safety content uses.
    brand: {
      50: { value: '#eef7f9' },
      100: { value: '#d4ecf1' },
      200: { value: '#acd8e2' },
      300: { value: '#77bccd' },
      400: { value: '#4199b0' },
      500: { value: '#277d95' },
      600: { value: '#1f667d' },
      700: { value: '#1b5467' },
      800: { value: '#1a4656' },
      900: { value: '#193b49' },
      950: { value: '#0b2530' },
    },
    // Safety orange (ANSI Z535), used sparingly for emphasis and calls to action.
    accent: {
      50: { value: '#fff6ed' },
      100: { value: '#ffead4' },
      200: { value: '#ffd0a8' },
      300: { value: '#ffad71' },
      400: { value: '#fd7f38' },
      500: { value: '#f45f12' },
      600: { value: '#e54508' },
      700: { value: '#be3209' },
      800: { value: '#972910' },
      900: { value: '#7a2410' },
    },
  },
  fonts: {
    body: {
      value:
        'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji"',
    },
    heading: {
      value:
        'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    },
    mono: { value: 'ui-monospace, SFMono-Regular, Menlo, Monaco, Consolas, "Liberation Mono", monospace' },
  },
  radii: {
    xs: { value: '4px' },
    sm: { value: '6px' },
    md: { value: '8px' },
    lg: { value: '12px' },
    xl: { value: '16px' },
    '2xl': { value: '24px' },
    full: { value: '9999px' },
  },
  shadows: {
    xs: { value: '0 1px 2px 0 rgb(16 24 40 / 0.05)' },
    sm: { value: '0 1px 3px 0 rgb(16 24 40 / 0.08), 0 1px 2px -1px rgb(16 24 40 / 0.06)' },
    md: { value: '0 4px 8px -2px rgb(16 24 40 / 0.08), 0 2px 4px -2px rgb(16 24 40 / 0.05)' },
    lg: { value: '0 12px 16px -4px rgb(16 24 40 / 0.08), 0 4px 6px -2px rgb(16 24 40 / 0.03)' },
    xl: { value: '0 20px 24px -4px rgb(16 24 40 / 0.10), 0 8px 8px -4px rgb(16 24 40 / 0.04)' },
  },
  sizes: {
    topBar: { value: '64px' },
    topBarSm: { value: '56px' },
    sidebar: { value: '240px' },
    content: { value: '1400px' },
  },
  zIndex: {
    appBar: { value: 1100 },
    drawer: { value: 1200 },
    modal: { value: 1300 },
    popover: { value: 1400 },
    toast: { value: 1500 },
    tooltip: { value: 1600 },
  },
});
