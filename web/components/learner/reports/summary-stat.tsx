import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { Card } from '../../../ui';

const STAT_TONES = {
  success: css({ bg: 'success.subtle', color: 'success.fg' }),
  brand: css({ bg: 'brand.subtle', color: 'brand.fg' }),
  accent: css({ bg: 'accent.subtle', color: 'accent.fg' }),
} as const;
const statIcon = css({
  display: 'grid',
  placeItems: 'center',
  flex: 'none',
  w: { base: '9', md: '12' },
  h: { base: '9', md: '12' },
  borderRadius: 'xl',
  '& svg': { w: { base: '5', md: '6' }, h: { base: '5', md: '6' } },
});

/** One of the summary cards at the top of the reports page. */
export function Stat({
  label,
  value,
  icon,
  tone,
}: {
  label: string;
  value: string;
  icon: ReactNode;
  tone: keyof typeof STAT_TONES;
}) {
  return (
    <Card
      variant="elevated"
      className={css({
        display: 'flex',
        flexDirection: { base: 'column', md: 'row' },
        alignItems: { base: 'flex-start', md: 'center' },
        gap: { base: '2', md: '4' },
        p: { base: '3', md: '5' },
      })}
    >
      <span aria-hidden className={cx(statIcon, STAT_TONES[tone])}>
        {icon}
      </span>
      <div className={css({ display: 'flex', flexDirection: 'column' })}>
        <span
          className={css({
            fontSize: { base: 'xs', md: 'sm' },
            color: 'fg.muted',
            fontWeight: 'medium',
            lineHeight: '1.3',
          })}
        >
          {label}
        </span>
        <span
          className={css({
            fontSize: { base: '2xl', md: '3xl' },
            fontWeight: 'bold',
            lineHeight: '1.1',
            color: 'fg.default',
          })}
        >
          {value}
        </span>
      </div>
    </Card>
  );
}
