import { useSelector } from '@xstate/react';
import { css } from 'styled-system/css';
import { hstack } from 'styled-system/patterns';
import { Link } from 'wouter';
import type { EvaluationSnapshot } from '../../state/evaluation-outbox';
import { evaluationOutbox } from '../../state/evaluation-outbox';
import { t } from '../../i18n';
import { Chip, type ChipProps } from '../../ui';

/** The state an evaluation on the device is in, in the evaluator's words. */
export function deviceStatus(snapshot: EvaluationSnapshot): { label: string; palette: ChipProps['palette'] } {
  if (snapshot.matches('draft'))
    return snapshot.context.refusal
      ? { label: t('evaluate.status.refused'), palette: 'error' }
      : { label: t('evaluate.status.draft'), palette: 'neutral' };
  if (snapshot.matches('sending')) return { label: t('evaluate.status.sending'), palette: 'info' };
  if (snapshot.matches('waitingToSend')) return { label: t('evaluate.status.waiting'), palette: 'warning' };
  if (snapshot.matches('uploadingPhotos')) return { label: t('evaluate.status.sendingPhotos'), palette: 'info' };
  if (snapshot.matches('waitingForPhotos')) return { label: t('evaluate.status.waitingPhotos'), palette: 'warning' };
  return { label: t('evaluate.status.sent'), palette: 'success' };
}

function OutboxRow({ id }: { id: string }) {
  const actor = evaluationOutbox.actor(id);
  if (!actor) return null;
  return <OutboxRowView id={id} actor={actor} />;
}

function OutboxRowView({ id, actor }: { id: string; actor: NonNullable<ReturnType<typeof evaluationOutbox.actor>> }) {
  const snapshot = useSelector(actor, (s) => s);
  const status = deviceStatus(snapshot);
  const { draft } = snapshot.context;
  return (
    <li>
      <Link
        href={`/evaluate/${id}`}
        className={hstack({
          justify: 'space-between',
          gap: '3',
          minH: '14',
          px: '4',
          py: '3',
          borderWidth: '1px',
          borderColor: 'border.default',
          borderRadius: 'lg',
          bg: 'bg.surface',
          _hover: { bg: 'bg.subtle' },
        })}
      >
        <span className={css({ display: 'flex', flexDirection: 'column', minW: 0 })}>
          <bdi className={css({ fontWeight: 'medium' })}>{draft.traineeName}</bdi>
          <bdi className={css({ fontSize: 'sm', color: 'fg.muted' })}>{draft.templateName}</bdi>
        </span>
        <Chip palette={status.palette} data-testid="outbox-status">
          {status.label}
        </Chip>
      </Link>
    </li>
  );
}

/** Every evaluation on this device, with how many signed ones still wait to reach the server. */
export function OutboxList({ ids, waiting }: { ids: readonly string[]; waiting: number }) {
  return (
    <section aria-labelledby="outbox-title" className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
      <h2 id="outbox-title" className={css({ fontSize: 'lg', fontWeight: 'semibold' })} data-testid="outbox-title">
        {t('evaluate.outbox.title', { count: waiting })}
      </h2>
      <ul className={css({ display: 'flex', flexDirection: 'column', gap: '2', listStyle: 'none', p: 0, m: 0 })}>
        {ids.map((id) => (
          <OutboxRow key={id} id={id} />
        ))}
      </ul>
    </section>
  );
}
