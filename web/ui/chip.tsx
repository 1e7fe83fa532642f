import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from 'styled-system/css';
import { chip, type ChipVariantProps } from 'styled-system/recipes/chip';

/**
 * Chip: a small status label. `palette`: success | warning | error | info | neutral | brand |
 * accent; `variant`: subtle | solid | outline; `size`: sm | md. Map domain states to palettes in
 * one place per feature (e.g. OPEN → error, IN_PROGRESS → warning, RESOLVED → success).
 */
export interface ChipProps extends HTMLAttributes<HTMLSpanElement>, ChipVariantProps {
  icon?: ReactNode;
}

export function Chip({ palette, variant, size, icon, className, children, ...rest }: ChipProps) {
  return (
    <span className={cx(chip({ palette, variant, size }), className)} {...rest}>
      {icon}
      {children}
    </span>
  );
}
