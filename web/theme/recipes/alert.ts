import { defineSlotRecipe } from '@pandacss/dev';

export const alert = defineSlotRecipe({
  className: 'alert',
  slots: ['root', 'icon', 'content', 'title', 'description', 'action'],
  base: {
    root: {
      display: 'flex',
      alignItems: 'flex-start',
      gap: '3',
      p: '4',
      borderRadius: 'lg',
      borderWidth: '1px',
      bg: 'colorPalette.subtle',
      borderColor: 'colorPalette.border',
      color: 'colorPalette.fg',
      width: '100%',
    },
    icon: { flexShrink: 0, color: 'colorPalette.solid', mt: '0.5', '& svg': { width: '5', height: '5' } },
    content: { display: 'flex', flexDirection: 'column', gap: '1', flex: '1', minW: 0 },
    title: { fontSize: 'sm', fontWeight: 'semibold' },
    description: { fontSize: 'sm', lineHeight: '1.5' },
    action: { flexShrink: 0, alignSelf: 'center' },
  },
  variants: {
    status: {
      info: { root: { colorPalette: 'info' } },
      success: { root: { colorPalette: 'success' } },
      warning: { root: { colorPalette: 'warning' } },
      error: { root: { colorPalette: 'error' } },
    },
  },
  defaultVariants: { status: 'info' },
});
