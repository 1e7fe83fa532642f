import { defineSlotRecipe } from '@pandacss/dev';

export const tabs = defineSlotRecipe({
  className: 'tabs',
  slots: ['root', 'list', 'trigger', 'content', 'indicator'],
  base: {
    root: { display: 'flex', flexDirection: 'column', width: '100%' },
    list: { display: 'flex', position: 'relative', gap: '1', overflowX: 'auto', scrollbarWidth: 'none' },
    trigger: {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      gap: '2',
      px: '3.5',
      h: '10',
      fontSize: 'sm',
      fontWeight: 'medium',
      color: 'fg.muted',
      whiteSpace: 'nowrap',
      cursor: 'pointer',
      outline: 'none',
      transition: 'color 150ms, background-color 150ms',
      _hover: { color: 'fg.default' },
      _selected: { color: 'brand.fg' },
      _focusVisible: { outline: '2px solid {colors.focusRing}', outlineOffset: '-2px', borderRadius: 'sm' },
      _disabled: { color: 'fg.disabled', cursor: 'not-allowed' },
      '& svg': { width: '4', height: '4' },
    },
    content: {
      pt: '4',
      outline: 'none',
      _focusVisible: { outline: '2px solid {colors.focusRing}', outlineOffset: '2px' },
    },
    indicator: { bg: 'brand.solid', height: '2px', bottom: '0', width: 'var(--width)', zIndex: 1 },
  },
  variants: {
    variant: {
      line: { list: { borderBottomWidth: '1px', borderColor: 'border.default' } },
      enclosed: {
        list: { bg: 'bg.subtle', p: '1', borderRadius: 'lg', width: 'fit-content', maxW: '100%' },
        trigger: { h: '8', borderRadius: 'md', _selected: { bg: 'bg.surface', boxShadow: 'sm', color: 'fg.default' } },
        indicator: { display: 'none' },
      },
    },
    fitted: { true: { trigger: { flex: '1' }, list: { width: '100%' } } },
  },
  defaultVariants: { variant: 'line' },
});
