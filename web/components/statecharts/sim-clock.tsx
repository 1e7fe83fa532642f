import { TimerReset } from 'lucide-react';
import { css } from 'styled-system/css';
import { grid } from 'styled-system/patterns';
import { formatDelay } from '../../../statecharts/tooling/inspect';
import type { Simulation } from '../../../statecharts/tooling/simulator';
import { formatCertificateDate, formatDateTime } from '../../format';
import { Button } from '../../ui';
import { t } from '../../i18n';
import { sectionTitle } from './state-details';

/** The calendar steps of a long-running machine (certification): a day, a month of 30 days, a year. */
const DAY_STEPS = [
  { days: 1, label: () => t('statecharts.plusDays', { count: 1 }) },
  { days: 30, label: () => t('statecharts.plusDays', { count: 30 }) },
  { days: 365, label: () => t('statecharts.plusYear') },
] as const;

/**
 * The simulator's clock. A machine that lives for years on the calendar shows its own date and
 * moves by days; the others (an assessment's countdown) show the time of day and move by seconds
 * and minutes, or to their next timer.
 */
export function SimClock({ sim }: { sim: Simulation }) {
  const date = sim.calendarDate();
  const context = sim.snapshot().context;
  return (
    <div>
      <h3 className={sectionTitle}>{t('statecharts.clock')}</h3>
      {date ? <CalendarClock sim={sim} date={date} /> : <TimerClock sim={sim} />}
      <ContextDates context={context} withTime={!date} />
    </div>
  );
}

function CalendarClock({ sim, date }: { sim: Simulation; date: string }) {
  const days = sim.daysPassed();
  const running = sim.snapshot().status === 'active';
  return (
    <>
      <p className={css({ fontSize: 'sm', mb: '2' })} aria-live="polite" data-testid="sim-clock">
        {days === 0
          ? t('statecharts.dateStart', { date: formatCertificateDate(date) })
          : t('statecharts.dateElapsed', { date: formatCertificateDate(date), count: days })}
      </p>
      <div className={css({ display: 'flex', gap: '1.5', flexWrap: 'wrap' })}>
        {DAY_STEPS.map((step) => (
          <Button
            key={step.days}
            size="xs"
            variant="outline"
            disabled={!running}
            onClick={() => sim.passDays(step.days)}
          >
            {step.label()}
          </Button>
        ))}
      </div>
    </>
  );
}

function TimerClock({ sim }: { sim: Simulation }) {
  const elapsed = sim.clock.elapsed();
  const nextDue = sim.clock.nextDue();
  const byId = new Map(sim.model.states.map((s) => [s.id, s]));
  const timers = sim.activeTransitions().filter((transition) => transition.kind === 'after');
  const time = new Date(sim.now()).toISOString().slice(11, 19);
  return (
    <>
      <p className={css({ fontSize: 'sm', mb: '2' })} aria-live="polite" data-testid="sim-clock">
        {elapsed === 0
          ? t('statecharts.timeStart', { time })
          : t('statecharts.timeElapsed', { time, elapsed: formatDelay(elapsed) })}
      </p>
      <div className={css({ display: 'flex', gap: '1.5', flexWrap: 'wrap' })}>
        <Button size="xs" variant="outline" onClick={() => sim.advance(1000)}>
          +1 s
        </Button>
        <Button size="xs" variant="outline" onClick={() => sim.advance(60_000)}>
          {t('statecharts.plusMinutes', { count: 1 })}
        </Button>
        <Button size="xs" variant="outline" onClick={() => sim.advance(10 * 60_000)}>
          {t('statecharts.plusMinutes', { count: 10 })}
        </Button>
        <Button
          size="xs"
          variant="solid"
          leftIcon={<TimerReset />}
          disabled={nextDue === null}
          onClick={() => sim.fireNextTimer()}
        >
          {nextDue === null
            ? t('statecharts.noTimer')
            : t('statecharts.fireTimer', { delay: formatDelay(nextDue - elapsed) })}
        </Button>
      </div>
      {timers.length ? (
        <ul className={css({ mt: '2', fontSize: 'xs', color: 'fg.muted' })}>
          {timers.map((timer) => (
            <li key={timer.id}>
              {timer.label} → {timer.targetIds.map((id) => byId.get(id)?.key ?? id).join(', ')}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2}))?$/;

/** Every date in the context (nested fields by their path: `certificate.expiresAt`), in document order. */
export function contextDates(context: unknown, prefix = ''): { path: string; value: string }[] {
  if (!context || typeof context !== 'object' || Array.isArray(context)) return [];
  return Object.entries(context).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string' && ISO_DATE.test(value)) return [{ path, value }];
    // One level down is enough for the machines' facts (a certificate's dates) and keeps actors out.
    return prefix === '' && value && typeof value === 'object' ? contextDates(value, path) : [];
  });
}

/** The context's dates as dates (a calendar machine's by the UTC day it runs on), beside the raw JSON below. */
function ContextDates({ context, withTime }: { context: unknown; withTime: boolean }) {
  const dates = contextDates(context);
  if (dates.length === 0) return null;
  return (
    <dl
      aria-label={t('statecharts.dates')}
      data-testid="sim-dates"
      className={grid({ columnGap: '3', rowGap: '1', mt: '3', gridTemplateColumns: 'auto 1fr', fontSize: 'xs' })}
    >
      {dates.map(({ path, value }) => (
        <div key={path} className={css({ display: 'contents' })}>
          <dt className={css({ color: 'fg.muted', fontFamily: 'mono', wordBreak: 'break-all' })}>{path}</dt>
          <dd className={css({ fontWeight: 'medium' })}>
            {withTime && value.length > 10 ? formatDateTime(value) : formatCertificateDate(value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
