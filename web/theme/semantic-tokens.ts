import { defineSemanticTokens } from '@pandacss/dev';

/**
 * One palette shape for every tone (solid, solidHover, contrast, subtle, subtleHover, fg, border),
 * so recipes can switch tone with `colorPalette: 'success'` and read `colorPalette.solid`.
 */
function palette(scale: string, solid = 600, hover = 700, fg = 700, contrast = '{colors.white}') {
  return {
    solid: { value: `{colors.${scale}.${solid}}` },
    solidHover: { value: `{colors.${scale}.${hover}}` },
    contrast: { value: contrast },
    subtle: { value: `{colors.${scale}.50}` },
    subtleHover: { value: `{colors.${scale}.100}` },
    muted: { value: `{colors.${scale}.200}` },
    fg: { value: `{colors.${scale}.${fg}}` },
    border: { value: `{colors.${scale}.200}` },
  };
}

export const semanticTokens = defineSemanticTokens({
  colors: {
    bg: {
      canvas: { value: '#f5f7f9' },
      surface: { value: '{colors.white}' },
      muted: { value: '{colors.slate.50}' },
      subtle: { value: '{colors.slate.100}' },
      emphasized: { value: '{colors.slate.200}' },
      inverse: { value: '{colors.brand.950}' },
      overlay: { value: 'rgb(11 37 48 / 0.48)' },
    },
    fg: {
      default: { value: '{colors.slate.900}' },
      muted: { value: '{colors.slate.600}' },
      // Between slate.500 and slate.600: slate.500 gave 4.43:1 on the canvas and 4.34:1 on bg.subtle (axe color-contrast); this is 5.4 and 5.3.
      subtle: { value: '#5b6678' },
      disabled: { value: '{colors.slate.400}' },
      inverse: { value: '{colors.white}' },
    },
    border: {
      default: { value: '{colors.slate.200}' },
      muted: { value: '{colors.slate.100}' },
      strong: { value: '{colors.slate.300}' },
    },
    focusRing: { value: '{colors.brand.500}' },
    brand: palette('brand', 700, 800, 700),
    // White text needs 4.5:1: accent.600 gives 4.05, accent.700 5.75.
    accent: palette('accent', 700, 800, 700),
    // Text on a solid needs 4.5:1 (axe color-contrast): white on green.600 was 3.3 and on sky.600 4.1, so
    // those solids are one step darker (5.0 and 5.9); amber keeps its safety yellow with dark text (7.0, 4.7 on hover).
    success: palette('green', 700, 800, 700),
    warning: palette('amber', 500, 600, 800, '{colors.amber.950}'),
    error: palette('red', 600, 700, 700),
    info: palette('sky', 700, 800, 800),
    neutral: {
      solid: { value: '{colors.slate.800}' },
      solidHover: { value: '{colors.slate.900}' },
      contrast: { value: '{colors.white}' },
      subtle: { value: '{colors.slate.100}' },
      subtleHover: { value: '{colors.slate.200}' },
      muted: { value: '{colors.slate.200}' },
      fg: { value: '{colors.slate.700}' },
      border: { value: '{colors.slate.200}' },
    },
  },
});
