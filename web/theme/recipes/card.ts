import { defineSlotRecipe } from '@pandacss/dev';

export const card = defineSlotRecipe({
  className: 'card',
  slots: ['root', 'header', 'title', 'description', 'body', 'footer'],
  base: {
    root: {
      display: 'flex',
      flexDirection: 'column',
      bg: 'bg.surface',
      borderRadius: 'xl',
      position: 'relative',
      minW: 0,
    },
    header: { display: 'flex', flexDirection: 'column', gap: '1', px: '6', pt: '6' },
    title: { fontSize: 'lg', fontWeight: 'semibold', color: 'fg.default', lineHeight: '1.35' },
    description: { fontSize: 'sm', color: 'fg.muted' },
    body: { display: 'flex', flexDirection: 'column', flex: '1', gap: '3', px: '6', py: '5' },
    footer: { display: 'flex', alignItems: 'center', gap: '3', px: '6', pb: '6', pt: '0' },
  },
  variants: {
    variant: {
      outline: { root: { borderWidth: '1px', borderColor: 'border.default', boxShadow: 'xs' } },
      elevated: { root: { boxShadow: 'md', borderWidth: '1px', borderColor: 'border.muted' } },
      subtle: { root: { bg: 'bg.muted', borderWidth: '1px', borderColor: 'border.muted' } },
    },
    interactive: {
      true: {
        root: {
          transition: 'box-shadow 150ms, transform 150ms, border-color 150ms',
          _hover: { boxShadow: 'lg', transform: 'translateY(-2px)', borderColor: 'border.strong' },
          _focusWithin: { borderColor: 'brand.300' },
        },
      },
    },
    size: {
      sm: {
        header: { px: '4', pt: '4' },
        body: { px: '4', py: '4' },
        footer: { px: '4', pb: '4' },
        title: { fontSize: 'md' },
      },
      md: {},
    },
  },
  defaultVariants: { variant: 'outline', size: 'md' },
});
