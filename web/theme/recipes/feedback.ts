import { defineRecipe, defineSlotRecipe, defineStyles } from '@pandacss/dev';

export const spinner = defineRecipe({
  className: 'spinner',
  base: {
    display: 'inline-block',
    flexShrink: 0,
    borderRadius: 'full',
    borderWidth: '2px',
    borderStyle: 'solid',
    borderColor: 'currentColor',
    borderRightColor: 'transparent',
    borderBottomColor: 'transparent',
    opacity: 0.9,
    animation: 'spin 700ms linear infinite',
  },
  variants: {
    size: {
      xs: { width: '3', height: '3', borderWidth: '1.5px' },
      sm: { width: '4', height: '4' },
      md: { width: '6', height: '6', borderWidth: '2.5px' },
      lg: { width: '10', height: '10', borderWidth: '3px' },
    },
  },
  defaultVariants: { size: 'md' },
});

export const skeleton = defineRecipe({
  className: 'skeleton',
  base: {
    display: 'block',
    borderRadius: 'md',
    bgColor: 'bg.subtle',
    backgroundImage: 'linear-gradient(90deg, transparent 0, rgb(255 255 255 / 0.6) 50%, transparent 100%)',
    backgroundSize: '400px 100%',
    backgroundRepeat: 'no-repeat',
    animation: 'shimmer 1.4s ease-in-out infinite',
  },
});

export const tooltip = defineSlotRecipe({
  className: 'tooltip',
  slots: ['positioner', 'content', 'arrow', 'arrowTip'],
  base: {
    positioner: { zIndex: 'tooltip!' },
    content: {
      bg: 'slate.900',
      color: 'white',
      px: '2.5',
      py: '1.5',
      borderRadius: 'md',
      fontSize: 'xs',
      fontWeight: 'medium',
      maxW: '64',
      boxShadow: 'md',
      '--arrow-background': '{colors.slate.900}',
      '--arrow-size': '8px',
      _open: { animation: 'fadeIn 100ms ease-out' },
      _closed: { animation: 'fadeOut 80ms ease-in' },
    },
    arrowTip: { borderTopWidth: '0', borderLeftWidth: '0' },
  },
});

export const emptyState = defineSlotRecipe({
  className: 'empty-state',
  slots: ['root', 'icon', 'title', 'description', 'actions'],
  base: {
    root: {
      display: 'flex',
      flexDirection: 'column',
      alignItems: 'center',
      textAlign: 'center',
      gap: '2',
      py: '12',
      px: '6',
      mx: 'auto',
      maxW: '480px',
    },
    icon: {
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      width: '14',
      height: '14',
      borderRadius: 'full',
      bg: 'brand.subtle',
      color: 'brand.solid',
      mb: '2',
      boxShadow: '0 0 0 8px {colors.brand.50}',
      '& svg': { width: '6', height: '6' },
    },
    title: { fontSize: 'lg', fontWeight: 'semibold', color: 'fg.default' },
    description: { fontSize: 'sm', color: 'fg.muted', lineHeight: '1.6' },
    actions: { display: 'flex', gap: '3', mt: '4', flexWrap: 'wrap', justifyContent: 'center' },
  },
  variants: {
    bordered: {
      true: {
        root: {
          borderWidth: '1px',
          borderStyle: 'dashed',
          borderColor: 'border.strong',
          borderRadius: 'xl',
          bg: 'bg.surface',
          maxW: 'none',
        },
      },
    },
  },
});

/** The pager's previous and next buttons look alike: one icon-sized square each. */
const stepTrigger = defineStyles({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  h: '9',
  minW: '9',
  borderRadius: 'md',
  color: 'fg.muted',
  cursor: 'pointer',
  _hover: { bg: 'bg.subtle' },
  _disabled: { opacity: 0.4, cursor: 'not-allowed' },
});

export const pagination = defineSlotRecipe({
  className: 'pagination',
  slots: ['root', 'item', 'ellipsis', 'prevTrigger', 'nextTrigger', 'summary'],
  base: {
    root: { display: 'flex', alignItems: 'center', gap: '1', flexWrap: 'wrap', justifyContent: 'center' },
    item: {
      minW: '9',
      h: '9',
      px: '2',
      borderRadius: 'md',
      fontSize: 'sm',
      fontWeight: 'medium',
      color: 'fg.muted',
      cursor: 'pointer',
      _hover: { bg: 'bg.subtle', color: 'fg.default' },
      _selected: { bg: 'brand.solid', color: 'white', _hover: { bg: 'brand.solidHover', color: 'white' } },
    },
    ellipsis: { minW: '9', textAlign: 'center', color: 'fg.subtle' },
    prevTrigger: stepTrigger,
    nextTrigger: stepTrigger,
    summary: { fontSize: 'sm', color: 'fg.muted', me: 'auto' },
  },
});

export const avatar = defineSlotRecipe({
  className: 'avatar',
  slots: ['root', 'image', 'fallback'],
  base: {
    root: {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      flexShrink: 0,
      borderRadius: 'full',
      overflow: 'hidden',
      // The semantic solid, so the initials keep white-on-accent contrast (accent.500 gave 3.2:1).
      bg: 'accent.solid',
      color: 'accent.contrast',
      fontWeight: 'semibold',
      userSelect: 'none',
    },
    image: { width: '100%', height: '100%', objectFit: 'cover' },
    fallback: { lineHeight: '1' },
  },
  variants: {
    size: {
      sm: { root: { width: '8', height: '8', fontSize: 'xs' } },
      md: { root: { width: '10', height: '10', fontSize: 'sm' } },
      lg: { root: { width: '16', height: '16', fontSize: 'xl' } },
    },
  },
  defaultVariants: { size: 'md' },
});
