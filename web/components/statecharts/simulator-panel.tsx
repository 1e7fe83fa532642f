import { RotateCcw } from 'lucide-react';
import { useCallback } from 'react';
import { css } from 'styled-system/css';
import { stack } from 'styled-system/patterns';
import type { MachineEntry } from '../../../statecharts/tooling/registry';
import { contextJson, type Simulation, type SimEvent } from '../../../statecharts/tooling/simulator';
import { Alert, Button, Chip, Select } from '../../ui';
import { t } from '../../i18n';
import { SimClock } from './sim-clock';
import { sectionTitle } from './state-details';

/**
 * The simulator of /statecharts: start input, current states, the simulated clock, the events to
 * send and the context.
 */
export function SimulatorPanel({
  entry,
  sim,
  inputIndex,
  onInput,
  onRestart,
}: {
  entry: MachineEntry;
  sim: Simulation;
  inputIndex: number;
  onInput: (index: number) => void;
  onRestart: () => void;
}) {
  const snapshot = sim.snapshot();
  const active = sim.activeStateIds();
  const byId = new Map(sim.model.states.map((s) => [s.id, s]));
  const leaves = active.filter((id) => !sim.model.states.some((s) => s.parentId === id && active.includes(s.id)));
  const events = snapshot.status === 'active' ? sim.enabledEvents() : [];
  const nextDue = sim.clock.nextDue();
  const send = useCallback(
    (e: SimEvent) => sim.send(e.event, e.variant ? `${e.label} (${e.variant})` : e.label),
    [sim],
  );

  return (
    <div className={stack({ gap: '4', mb: '5', pb: '5', borderBottomWidth: '1px', borderColor: 'border.muted' })}>
      <div className={css({ display: 'flex', gap: '2', alignItems: 'flex-end', flexWrap: 'wrap' })}>
        {entry.inputs && entry.inputs.length > 1 ? (
          <Select
            label={t('statecharts.startWith')}
            className={css({ flex: '1', minW: '180px' })}
            options={entry.inputs.map((input, i) => ({ label: input.label, value: String(i) }))}
            value={String(inputIndex)}
            onValueChange={(v) => onInput(Number(v))}
          />
        ) : null}
        <Button size="sm" variant="outline" leftIcon={<RotateCcw />} onClick={onRestart}>
          {t('statecharts.restart')}
        </Button>
      </div>

      <div>
        <h3 className={sectionTitle}>{t('statecharts.current')}</h3>
        <ul
          aria-label={t('statecharts.current')}
          data-testid="sim-current"
          className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}
        >
          {leaves.map((id) => (
            <li key={id}>
              <Chip palette="success" variant="subtle" size="md">
                {byId.get(id)!.path.join(' › ')}
              </Chip>
            </li>
          ))}
        </ul>
        {snapshot.status === 'done' ? (
          <p className={css({ fontSize: 'sm', color: 'fg.muted', mt: '2' })}>{t('statecharts.finished')}</p>
        ) : null}
        {snapshot.status === 'error' ? (
          <Alert status="error" className={css({ mt: '2' })}>
            {t('statecharts.stopped', { error: String((snapshot as { error?: unknown }).error) })}
          </Alert>
        ) : null}
      </div>

      <SimClock sim={sim} />

      <div>
        <h3 className={sectionTitle}>{t('statecharts.send')}</h3>
        {events.length === 0 ? (
          <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
            {nextDue !== null ? t('statecharts.noEventClock') : t('statecharts.noEvent')}
          </p>
        ) : (
          <ul
            aria-label={t('statecharts.events')}
            className={css({ display: 'flex', flexDirection: 'column', gap: '1.5' })}
          >
            {events.map((e) => (
              <li key={e.key}>
                <button type="button" className={eventButton} onClick={() => send(e)}>
                  <span className={css({ fontWeight: 'semibold' })}>{e.label}</span>
                  {e.variant ? <span className={css({ color: 'fg.muted' })}> · {e.variant}</span> : null}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>

      <details open>
        <summary className={css({ cursor: 'pointer', fontSize: 'sm', fontWeight: 'medium' })}>
          {t('statecharts.context')}
        </summary>
        <pre
          data-testid="sim-context"
          className={css({
            mt: '2',
            fontSize: '11px',
            bg: 'bg.subtle',
            p: '2',
            borderRadius: 'md',
            maxH: '280px',
            overflow: 'auto',
            whiteSpace: 'pre-wrap',
            wordBreak: 'break-word',
          })}
        >
          {contextJson(snapshot.context)}
        </pre>
      </details>
      {sim.log.length ? (
        <p className={css({ fontSize: 'xs', color: 'fg.subtle', wordBreak: 'break-word' })}>
          {t('statecharts.sent', { events: sim.log.slice(-6).join(' → ') })}
        </p>
      ) : null}
    </div>
  );
}

const eventButton = css({
  width: '100%',
  textAlign: 'left',
  fontSize: 'sm',
  px: '3',
  py: '2',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'md',
  bg: 'bg.surface',
  cursor: 'pointer',
  wordBreak: 'break-word',
  _hover: { bg: 'bg.subtle', borderColor: 'brand.solid' },
  _focusVisible: { outline: '2px solid', outlineColor: 'brand.solid', outlineOffset: '2px' },
});
