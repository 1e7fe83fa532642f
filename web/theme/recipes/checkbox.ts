import { defineSlotRecipe } from '@pandacss/dev';

export const checkbox = defineSlotRecipe({
  className: 'checkbox',
  slots: ['root', 'control', 'indicator', 'label'],
  base: {
    root: {
      display: 'inline-flex',
      alignItems: 'center',
      gap: '2.5',
      cursor: 'pointer',
      _disabled: { cursor: 'not-allowed', opacity: 0.6 },
    },
    control: {
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      width: '4.5',
      height: '4.5',
      flexShrink: 0,
      borderWidth: '1.5px',
      borderColor: 'slate.400',
      borderRadius: 'xs',
      bg: 'bg.surface',
      color: 'white',
      transition: 'background-color 120ms, border-color 120ms',
      _hover: { borderColor: 'brand.500' },
      _checked: { bg: 'brand.solid', borderColor: 'brand.solid' },
      _indeterminate: { bg: 'brand.solid', borderColor: 'brand.solid' },
      _focusVisible: { outline: '2px solid {colors.focusRing}', outlineOffset: '2px' },
      _invalid: { borderColor: 'error.solid' },
      '& svg': { width: '3.5', height: '3.5', strokeWidth: '3' },
    },
    label: { fontSize: 'sm', color: 'fg.default', userSelect: 'none' },
  },
});
