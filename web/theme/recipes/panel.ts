import { defineRecipe } from '@pandacss/dev';

/**
 * The bordered surface that groups one thing on a page (a checklist item, a record entry, the side
 * panel beside a diagram, a table row shown as a card on a phone). Lighter than Card: no shadow, a
 * smaller radius, and the layout inside is left to the screen. A plain constant (not defineStyles)
 * so the table recipe's card slot can spread it without widening its types.
 */
export const surfacePanel = {
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'lg',
  p: '4',
} as const;

export const panel = defineRecipe({
  className: 'panel',
  base: surfacePanel,
});
