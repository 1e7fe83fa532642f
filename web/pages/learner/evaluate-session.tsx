import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, CloudOff, Send } from 'lucide-react';
import { css, cx } from 'styled-system/css';
import { Link, useLocation, useParams } from 'wouter';
import { selectUser } from '../../../statecharts/session.machine';
import { evaluationQueries } from '../../api/evaluation-queries';
import { AcknowledgePanel } from '../../components/evaluation/acknowledge-panel';
import { ItemList } from '../../components/evaluation/item-list';
import { PhotoPicker } from '../../components/evaluation/photo-picker';
import { RecordView } from '../../components/evaluation/record-view';
import { EvaluationSummary, SignPanel } from '../../components/evaluation/sign-panel';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { t } from '../../i18n';
import { machineText } from '../../i18n/machine-text';
import { evaluationOutbox, type EvaluationActor } from '../../state/evaluation-outbox';
import { useEvaluationOutbox, useEvaluationView, useOnline } from '../../state/evaluations';
import { useOfflineShell } from '../../state/offline-shell';
import { useSession } from '../../state/session';
import { Alert, flipInRtl, LoadingBlock, TextField, textLink } from '../../ui';

/**
 * The way back to the list. A component, not a constant: its text is read when it renders, after the
 * page's catalog area has loaded (a constant read it at import, and a slow device then showed the key).
 */
function BackLink() {
  return (
    <Link
      href="/evaluate"
      className={cx(textLink({ underline: 'none', touch: true, strong: true }), css({ gap: '1.5' }))}
    >
      <ArrowLeft aria-hidden className={cx(css({ w: '4', h: '4' }), flipInRtl)} /> {t('evaluate.back')}
    </Link>
  );
}

/**
 * /evaluate/{id}: one evaluation. On the device it runs its machine (the form, then waiting to send,
 * then the trainee's acknowledgement); once it has left the device it is the server's record.
 */
export function EvaluationSessionPage() {
  const { id } = useParams<{ id: string }>();
  const user = useSession(selectUser);
  const outbox = useEvaluationOutbox(user?.id);
  useOfflineShell();
  useDocumentTitle(t('evaluate.sessionTitle'));
  if (!outbox.loaded) return <LoadingBlock label={t('evaluate.loading')} />;
  const actor = outbox.ids.includes(id) ? evaluationOutbox.actor(id) : undefined;
  return (
    <div className={css({ maxW: '2xl', display: 'flex', flexDirection: 'column', gap: '5' })}>
      {actor ? <DeviceEvaluation actor={actor} /> : <ServerEvaluation id={id} />}
    </div>
  );
}

/** The evaluation as the server keeps it, with its loading and failure states. */
function ServerRecord({ id }: { id: string }) {
  const record = useQuery(evaluationQueries.one(id));
  return (
    <QueryState query={record} loadingLabel={t('evaluate.record.loading')} failureMessage={t('evaluate.record.failed')}>
      {record.data ? <RecordView record={record.data} /> : null}
    </QueryState>
  );
}

function ServerEvaluation({ id }: { id: string }) {
  return (
    <>
      <PageHeader eyebrow={<BackLink />} title={t('evaluate.sessionTitle')} />
      <ServerRecord id={id} />
    </>
  );
}

function DeviceEvaluation({ actor }: { actor: EvaluationActor }) {
  const view = useEvaluationView(actor);
  const online = useOnline();
  const [, navigate] = useLocation();
  const { draft, refusal, error } = view.context;
  const send = actor.send;
  return (
    <>
      <PageHeader
        eyebrow={<BackLink />}
        title={<bdi>{draft.templateName}</bdi>}
        subtitle={t('evaluate.session.trainee', { name: draft.traineeName })}
      />
      <StatusLine view={view} online={online} />
      {view.hasTag('editable') ? (
        <>
          <section
            aria-labelledby="evaluation-items"
            className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}
          >
            <h2 id="evaluation-items" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
              {t('evaluate.items.title', { count: draft.items.length })}
            </h2>
            <ItemList
              draft={draft}
              onResult={(itemId, result) => send({ type: 'item.result', itemId, result })}
              onNote={(itemId, note) => send({ type: 'item.note', itemId, note })}
            />
          </section>
          <PhotoPicker
            evaluationId={draft.id}
            photoIds={draft.photoIds}
            onAdd={(photoId) => send({ type: 'photo.add', photoId })}
            onRemove={(photoId) => send({ type: 'photo.remove', photoId })}
          />
          <TextField
            multiline
            rows={3}
            label={t('evaluate.note')}
            value={draft.note}
            maxLength={2000}
            onChange={(e) => send({ type: 'note.change', note: e.target.value })}
          />
          <EvaluationSummary draft={draft} />
          <SignPanel
            draft={draft}
            refusal={refusal ? machineText(refusal) : null}
            onSign={(password) => evaluationOutbox.sign(draft.id, password)}
            onSignWithProof={(proof) => evaluationOutbox.signWithProof(draft.id, proof)}
          />
        </>
      ) : view.hasTag('sent') ? (
        <SentEvaluation
          id={draft.id}
          traineeName={draft.traineeName}
          busy={view.hasTag('busy')}
          error={error}
          online={online}
          onSubmit={(body) => send({ type: 'acknowledgement.submit', body })}
          onLater={() => void evaluationOutbox.discard(draft.id).then(() => navigate('/evaluate'))}
        />
      ) : (
        <EvaluationSummary draft={draft} />
      )}
    </>
  );
}

function StatusLine({ view, online }: { view: ReturnType<typeof useEvaluationView>; online: boolean }) {
  if (view.hasTag('waiting')) {
    const photos = view.hasTag('onServer');
    return (
      <Alert
        status={view.hasTag('busy') ? 'info' : 'warning'}
        title={
          view.hasTag('busy')
            ? photos
              ? t('evaluate.status.sendingPhotos')
              : t('evaluate.status.sending')
            : photos
              ? t('evaluate.status.waitingPhotos')
              : t('evaluate.status.waiting')
        }
        announce
      >
        <span
          className={css({ display: 'inline-flex', gap: '2', alignItems: 'center' })}
          data-testid="evaluation-status"
        >
          {view.hasTag('busy') ? (
            <Send aria-hidden className={css({ w: '4', h: '4' })} />
          ) : (
            <CloudOff aria-hidden className={css({ w: '4', h: '4' })} />
          )}
          {online ? t('evaluate.status.retrying') : t('evaluate.status.offlineText')}
        </span>
      </Alert>
    );
  }
  if (view.hasTag('editable') && !online) return <Alert status="warning">{t('evaluate.offline.text')}</Alert>;
  return null;
}

interface SentProps {
  id: string;
  traineeName: string;
  busy: boolean;
  error: string | null;
  online: boolean;
  onSubmit: Parameters<typeof AcknowledgePanel>[0]['onSubmit'];
  onLater: () => void;
}

function SentEvaluation({ id, traineeName, busy, error, online, onSubmit, onLater }: SentProps) {
  return (
    <>
      <Alert status="success" title={t('evaluate.status.sent')} announce>
        {t('evaluate.status.sentText')}
      </Alert>
      <AcknowledgePanel
        traineeName={traineeName}
        busy={busy}
        error={error ? machineText(error) : null}
        online={online}
        onSubmit={onSubmit}
        onLater={onLater}
      />
      <ServerRecord id={id} />
    </>
  );
}
