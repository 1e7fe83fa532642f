import type { ComplianceStatus } from '@contract/rules/compliance';
import { useId } from 'react';
import { css, cx } from 'styled-system/css';
import { grid } from 'styled-system/patterns';
import type { ComplianceSummary, LapseWindow } from '../../../api/compliance';
import { formatNumber } from '../../../format';
import { t } from '../../../i18n';
import { Button, Card } from '../../../ui';
import { statusLabel } from '../compliance-status';
import { CompliancePercent } from './compliance-level';

const TILES = (): readonly {
  status: ComplianceStatus;
  key: keyof Omit<ComplianceSummary, 'percentCompliant' | 'forecast'>;
  hint: string;
}[] => [
  { status: 'overdue', key: 'overdue', hint: t('admin.compliance.hint.overdue') },
  { status: 'due-soon', key: 'dueSoon', hint: t('admin.compliance.hint.dueSoon') },
  { status: 'pending', key: 'pending', hint: t('admin.compliance.hint.pending') },
  { status: 'exempt', key: 'exempt', hint: t('admin.compliance.hint.exempt') },
];

/** The tiles' filter buttons ("Show overdue"): one message each, so each language words and cases it its own way. */
const SHOW_STATUS = {
  overdue: 'admin.compliance.show.overdue',
  'due-soon': 'admin.compliance.show.dueSoon',
  pending: 'admin.compliance.show.pending',
  exempt: 'admin.compliance.show.exempt',
  compliant: 'admin.compliance.show.compliant',
} as const satisfies Record<ComplianceStatus, string>;

const tileClass = css({ p: { base: '3', md: '4' }, display: 'flex', flexDirection: 'column', gap: '1' });
// The tile whose status filters the matrix: a second border line, so the cue is not colour alone.
const activeTileClass = css({ borderColor: 'brand.solid', boxShadow: '0 0 0 1px {colors.brand.solid}' });

const TILE_TONE: Record<ComplianceStatus, string> = {
  overdue: css({ color: 'error.fg' }),
  'due-soon': css({ color: 'warning.fg' }),
  pending: css({ color: 'info.fg' }),
  exempt: css({ color: 'fg.muted' }),
  compliant: css({ color: 'success.fg' }),
};

/** The headline figures (counted per person and required course) and who lapses in the next 30/60/90 days. */
export function SummaryPanel({
  summary,
  status,
  onStatus,
  onForecast,
}: {
  summary: ComplianceSummary;
  status: ComplianceStatus | '';
  onStatus: (status: ComplianceStatus | '') => void;
  /** Opens the list of who lapses within a bucket's days. */
  onForecast: (days: LapseWindow) => void;
}) {
  const id = useId();
  const valid = summary.compliant + summary.dueSoon;
  const counted = valid + summary.pending + summary.overdue;
  return (
    <section
      aria-labelledby="compliance-summary-title"
      className={grid({
        gridTemplateColumns: {
          base: 'repeat(2, minmax(0, 1fr))',
          md: 'repeat(3, minmax(0, 1fr))',
          lg: 'repeat(5, minmax(0, 1fr))',
        },
        gap: '3',
        mb: '6',
      })}
    >
      <h2 id="compliance-summary-title" className={css({ srOnly: true })}>
        {t('admin.compliance.summary')}
      </h2>
      <Card
        role="group"
        aria-labelledby={`${id}-compliant`}
        className={cx(tileClass, css({ gridColumn: { base: 'span 2', md: 'span 1' } }))}
      >
        <p id={`${id}-compliant`} className={css({ fontSize: 'sm', fontWeight: 'medium', color: 'fg.muted' })}>
          {statusLabel('compliant')}
        </p>
        <CompliancePercent percent={summary.percentCompliant} counted={counted} />
        <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>
          {t('admin.compliance.validOf', { valid, count: counted })}
        </p>
      </Card>
      {TILES().map((tile) => {
        const active = status === tile.status;
        return (
          <Card
            key={tile.status}
            role="group"
            aria-labelledby={`${id}-${tile.status}`}
            className={cx(tileClass, active && activeTileClass)}
          >
            <p id={`${id}-${tile.status}`} className={css({ fontSize: 'sm', fontWeight: 'medium', color: 'fg.muted' })}>
              {statusLabel(tile.status)}
            </p>
            <p className={cx(css({ fontSize: '3xl', fontWeight: 'bold', lineHeight: '1' }), TILE_TONE[tile.status])}>
              {formatNumber(summary[tile.key])}
            </p>
            <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>{tile.hint}</p>
            <Button
              variant="link"
              size="xs"
              className={css({ alignSelf: 'flex-start', mt: 'auto', px: '0' })}
              aria-pressed={active}
              onClick={() => onStatus(active ? '' : tile.status)}
            >
              {active ? t('admin.compliance.showAll') : t(SHOW_STATUS[tile.status])}
            </Button>
          </Card>
        );
      })}
      <ForecastChart forecast={summary.forecast} onOpen={onForecast} />
    </section>
  );
}

const WINDOWS = [
  { key: 'd30', days: 30 },
  { key: 'd60', days: 60 },
  { key: 'd90', days: 90 },
] as const;

/**
 * People who stop being trained if nothing is done, as CSS bars. Each bar's figure is also its
 * text, so a screen reader reads the list ("Next 30 days: 3 people") and the bars stay decorative.
 */
function ForecastChart({
  forecast,
  onOpen,
}: {
  forecast: ComplianceSummary['forecast'];
  onOpen: (days: LapseWindow) => void;
}) {
  const max = Math.max(1, forecast.d30, forecast.d60, forecast.d90);
  return (
    <Card className={css({ p: { base: '3', md: '4' }, gridColumn: '1 / -1' })}>
      <figure
        className={grid({
          gap: { base: '3', lg: '6' },
          gridTemplateColumns: { base: '1fr', lg: 'minmax(12rem, 1fr) 3fr' },
          alignItems: 'center',
          m: '0',
        })}
      >
        <figcaption>
          <span className={css({ display: 'block', fontSize: 'sm', fontWeight: 'semibold' })}>
            {t('admin.compliance.forecastTitle')}
          </span>
          <span className={css({ display: 'block', fontSize: 'xs', color: 'fg.muted' })}>
            {t('admin.compliance.forecastHint')}
          </span>
        </figcaption>
        <ul
          className={grid({
            columnGap: '6',
            rowGap: '2.5',
            listStyle: 'none',
            gridTemplateColumns: { base: '1fr', md: 'repeat(3, minmax(0, 1fr))' },
          })}
        >
          {WINDOWS.map((w) => {
            const count = forecast[w.key];
            return (
              <li
                key={w.key}
                className={grid({
                  columnGap: '2',
                  rowGap: '1.5',
                  gridTemplateColumns: '1fr auto',
                  alignItems: 'baseline',
                  fontSize: 'sm',
                })}
              >
                <span className={css({ color: 'fg.muted' })}>
                  {t('admin.compliance.nextDays', { days: w.days })}
                  <span className={css({ srOnly: true })}>: </span>
                </span>
                <span
                  aria-hidden
                  className={css({
                    gridColumn: '1 / -1',
                    gridRow: '2',
                    h: '2.5',
                    bg: 'bg.subtle',
                    borderRadius: 'full',
                    overflow: 'hidden',
                  })}
                >
                  <span
                    className={css({ display: 'block', h: 'full', bg: 'warning.solid', borderRadius: 'full' })}
                    style={{ width: `${(count / max) * 100}%` }}
                  />
                </span>
                <Button
                  variant="link"
                  size="sm"
                  className={css({
                    px: '0',
                    h: 'auto',
                    fontWeight: 'semibold',
                    fontVariantNumeric: 'tabular-nums',
                    justifySelf: 'end',
                    whiteSpace: 'nowrap',
                  })}
                  aria-label={t('admin.compliance.lapse.open', { days: w.days, count })}
                  onClick={() => onOpen(w.days)}
                >
                  {t('admin.compliance.people', { count })}
                </Button>
              </li>
            );
          })}
        </ul>
      </figure>
    </Card>
  );
}
