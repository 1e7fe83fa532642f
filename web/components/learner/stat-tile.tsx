import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { grid, stackToRow } from 'styled-system/patterns';
import { Card, Skeleton } from '../../ui';

// Static classes: Panda extracts styles at build time, so no computed style objects.
const STAT_TONES = {
  success: css({ bg: 'success.subtle', color: 'success.fg' }),
  warning: css({ bg: 'warning.subtle', color: 'warning.fg' }),
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

/** The row of summary figures at the top of a learner page (dashboard, reports): three across at every width. */
export function StatRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section
      aria-label={label}
      className={grid({
        gap: { base: '2', sm: '3', md: '5' },
        gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
        mb: { base: '6', md: '8' },
      })}
    >
      {children}
    </section>
  );
}

/** One summary figure: a tinted icon, its label and the figure (a skeleton of the figure's height while loading). */
export function StatTile({
  label,
  value,
  icon,
  tone,
  loading = false,
  testId,
}: {
  label: string;
  value: ReactNode;
  icon: ReactNode;
  tone: keyof typeof STAT_TONES;
  loading?: boolean;
  /** Names the figure for journeys (`stat-<testId>`). */
  testId?: string;
}) {
  return (
    <Card
      variant="elevated"
      className={stackToRow({
        from: 'md',
        align: 'center',
        stackAlign: 'flex-start',
        gap: { base: '2', md: '4' },
        p: { base: '3', md: '5' },
      })}
    >
      <span aria-hidden className={cx(statIcon, STAT_TONES[tone])}>
        {icon}
      </span>
      <div className={css({ display: 'flex', flexDirection: 'column', minW: 0 })}>
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
        {loading ? (
          // The figure's own line height (font size x 1.1), so the cards keep their height when it arrives.
          <Skeleton className={css({ h: { base: '26.4px', md: '33px' }, w: '12' })} />
        ) : (
          <span
            className={css({
              fontSize: { base: '2xl', md: '3xl' },
              fontWeight: 'bold',
              lineHeight: '1.1',
              color: 'fg.default',
            })}
            data-testid={testId ? `stat-${testId}` : undefined}
          >
            {value}
          </span>
        )}
      </div>
    </Card>
  );
}
