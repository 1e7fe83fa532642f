import { defineRecipe, defineSlotRecipe } from '@pandacss/dev';

/**
 * The box every field a person fills in shares, typed in (input) or picked from a list (the select's
 * trigger): its surface, border, text size (16 px on a phone, so iOS does not zoom), hover and
 * disabled looks. Plain constants, spread by both recipes (see panel.ts's surfacePanel).
 */
export const fieldBox = {
  bg: 'bg.surface',
  color: 'fg.default',
  borderWidth: '1px',
  borderColor: 'border.strong',
  borderRadius: 'md',
  outline: 'none',
  fontSize: { base: 'md', md: 'sm' },
} as const;
/** A field taking input: its border turns brand and a soft ring grows round it (its own, not the focus outline). */
export const fieldActive = { borderColor: 'brand.500', boxShadow: '0 0 0 3px {colors.brand.100}' } as const;
export const fieldHover = { borderColor: 'slate.400' } as const;
export const fieldDisabled = { bg: 'bg.muted', color: 'fg.disabled', cursor: 'not-allowed' } as const;

/** Text inputs and textareas (web/ui/text-field.tsx). Invalid state keys off aria-invalid only. */
export const input = defineRecipe({
  className: 'input',
  base: {
    width: '100%',
    minWidth: 0,
    appearance: 'none',
    ...fieldBox,
    transitionProperty: 'border-color, box-shadow',
    transitionDuration: '150ms',
    _placeholder: { color: 'fg.subtle' },
    _hover: fieldHover,
    _focusVisible: { outline: 'none' },
    _focus: fieldActive,
    '&[aria-invalid=true]': {
      borderColor: 'error.solid',
      _focus: { boxShadow: '0 0 0 3px {colors.red.100}' },
    },
    _disabled: fieldDisabled,
    '&:read-only:not(textarea)': { bg: 'bg.muted' },
  },
  variants: {
    size: {
      sm: { h: '8', px: '2.5' },
      md: { h: '10', px: '3' },
      lg: { h: '12', px: '4', fontSize: 'md' },
    },
    multiline: {
      true: { h: 'auto', minH: '28', py: '2.5', resize: 'vertical', lineHeight: '1.5' },
    },
  },
  defaultVariants: { size: 'md' },
});

/** Label, helper and error text around any control (Ark Field parts). */
export const field = defineSlotRecipe({
  className: 'field',
  slots: ['root', 'label', 'requiredIndicator', 'helperText', 'errorText', 'control', 'adornment'],
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '1.5', width: '100%' },
    label: {
      fontSize: 'sm',
      fontWeight: 'medium',
      color: 'fg.default',
      display: 'inline-flex',
      gap: '1',
      _disabled: { color: 'fg.disabled' },
    },
    requiredIndicator: { color: 'error.solid' },
    helperText: { fontSize: 'xs', color: 'fg.muted' },
    errorText: {
      fontSize: 'sm',
      color: 'error.fg',
      display: 'flex',
      alignItems: 'center',
      gap: '1.5',
      '& svg': { width: '3.5', height: '3.5', flexShrink: 0 },
    },
    control: { position: 'relative', display: 'flex', alignItems: 'center', width: '100%', '& input': { pe: '11' } },
    adornment: { position: 'absolute', insetEnd: '1', top: '50%', transform: 'translateY(-50%)' },
  },
});
