import { defineSemanticTokens } from '@pandacss/dev';

/**
 * One palette shape for every tone (solid, solidHover, contrast, subtle, subtleHover, fg, border),
 * so recipes can switch tone with `colorPalette: 'success'` and read `colorPalette.solid`.
 */
function palette(scale: string, solid = 600, hover = 700, fg = 700) {
  return {
    solid: { value: `{colors.${scale}.${solid}}` },
    solidHover: { value: `{colors.${scale}.${hover}}` },
    contrast: { value: '{colors.white}' },
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
      subtle: { value: '{colors.slate.500}' },
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
    success: palette('green', 600, 700, 700),
    warning: palette('amber', 500, 600, 800),
    error: palette('red', 600, 700, 700),
    info: palette('sky', 600, 700, 800),
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
