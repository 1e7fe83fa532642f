import type { HTMLAttributes } from 'react';
import { css, cx } from 'styled-system/css';
import { hstack } from 'styled-system/patterns';
import { skeleton } from 'styled-system/recipes/skeleton';
import { spinner, type SpinnerVariantProps } from 'styled-system/recipes/spinner';
import { t } from '../i18n';

/** Spinner: indeterminate progress. With `label` it is announced (role=status); without, decorative. */
export interface SpinnerProps extends HTMLAttributes<HTMLSpanElement>, SpinnerVariantProps {
  label?: string;
}

export function Spinner({ size, label, className, ...rest }: SpinnerProps) {
  return (
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: the label comes with role=status; without a label neither is set
    <span
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      className={cx(spinner({ size }), className)}
      {...rest}
    />
  );
}

/** Centered spinner with visible text, for page- and panel-level loading. */
export function LoadingBlock({ label = t('common.loading'), className }: { label?: string; className?: string }) {
  return (
    <div
      role="status"
      className={cx(hstack({ justify: 'center', gap: '3', py: '16', color: 'fg.muted', fontSize: 'sm' }), className)}
    >
      <Spinner size="md" className={css({ color: 'brand.solid' })} />
      <span>{label}</span>
    </div>
  );
}

/** Skeleton: a shimmering placeholder block; size it with className (css({ h, w })). */
export function Skeleton({ className, ...rest }: HTMLAttributes<HTMLSpanElement>) {
  return <span aria-hidden className={cx(skeleton(), className)} {...rest} />;
}
