import { useQuery } from '@tanstack/react-query';
import { ClipboardCheck } from 'lucide-react';
import { css, cx } from 'styled-system/css';
import { stackToRow } from 'styled-system/patterns';
import { Link, useParams } from 'wouter';
import { selectUser } from '../../../statecharts/session.machine';
import { evaluationQueries, evaluationWrites, type EvaluationRecord } from '../../api/evaluation-queries';
import { useWrite } from '../../api/writes';
import { RecordView } from '../../components/evaluation/record-view';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { formatDate } from '../../format';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { t } from '../../i18n';
import { errorText } from '../../i18n/error-text';
import { useSession } from '../../state/session';
import { Alert, Button, Chip, EmptyState, panel, textLink, toaster } from '../../ui';

const card = cx(panel(), stackToRow({ align: 'center', stackAlign: 'stretch', justify: 'space-between', gap: '3' }));

function EvaluationCard({ record }: { record: EvaluationRecord }) {
  const competent = record.outcome === 'COMPETENT';
  return (
    <li className={card}>
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '1', minW: 0 })}>
        <Link
          href={`/evaluations/${record.id}`}
          className={css({ fontWeight: 'medium', color: 'brand.fg', textDecoration: 'underline', minH: '6' })}
        >
          <bdi>{record.templateName}</bdi>
        </Link>
        <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          {t('evaluations.byOn', { name: record.evaluatorName, date: formatDate(record.conductedAt) })}
        </span>
      </div>
      <div className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
        <Chip palette={competent ? 'success' : 'error'}>
          {competent ? t('evaluate.outcome.competent') : t('evaluate.outcome.notYet')}
        </Chip>
        {record.acknowledgement ? null : <AcknowledgeButton id={record.id} name={record.templateName} />}
      </div>
    </li>
  );
}

/** The trainee acknowledges from their own signed-in account (method "account"). */
function AcknowledgeButton({ id, name }: { id: string; name: string }) {
  const acknowledge = useWrite(evaluationWrites.acknowledge, {
    onSuccess: () => toaster.create({ type: 'success', title: t('evaluations.acknowledged') }),
    onError: (error) => toaster.create({ type: 'error', title: errorText(error, t('evaluate.ack.failed')) }),
  });
  return (
    <Button
      size="lg"
      loading={acknowledge.isPending}
      aria-label={t('evaluations.acknowledgeLabel', { name })}
      onClick={() => acknowledge.mutate({ id, body: { method: 'account' } })}
    >
      {t('evaluations.acknowledge')}
    </Button>
  );
}

/** /evaluations: the practical evaluations the learner was given, those still to acknowledge first. */
export function EvaluationsPage() {
  useDocumentTitle(t('evaluations.title'));
  const list = useQuery(evaluationQueries.mine('trainee'));
  const rows = list.data ?? [];
  const pending = rows.filter((r) => !r.acknowledgement);
  const done = rows.filter((r) => r.acknowledgement);
  const listClass = css({ display: 'flex', flexDirection: 'column', gap: '2', listStyle: 'none', p: 0, m: 0 });
  return (
    <div className={css({ maxW: '3xl', display: 'flex', flexDirection: 'column', gap: '6' })}>
      <PageHeader title={t('evaluations.title')} subtitle={t('evaluations.subtitle')} />
      <QueryState query={list} loadingLabel={t('evaluations.loading')} failureMessage={t('evaluations.failed')}>
        {list.data ? (
          rows.length === 0 ? (
            <EmptyState
              bordered
              icon={<ClipboardCheck />}
              title={t('evaluations.empty')}
              description={t('evaluations.emptyText')}
            />
          ) : (
            <>
              {pending.length > 0 ? (
                <section
                  aria-labelledby="to-acknowledge"
                  className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}
                >
                  <h2 id="to-acknowledge" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
                    {t('evaluations.toAcknowledge', { count: pending.length })}
                  </h2>
                  <ul className={listClass}>
                    {pending.map((r) => (
                      <EvaluationCard key={r.id} record={r} />
                    ))}
                  </ul>
                </section>
              ) : null}
              {done.length > 0 ? (
                <section
                  aria-labelledby="acknowledged"
                  className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}
                >
                  <h2 id="acknowledged" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
                    {t('evaluations.done')}
                  </h2>
                  <ul className={listClass}>
                    {done.map((r) => (
                      <EvaluationCard key={r.id} record={r} />
                    ))}
                  </ul>
                </section>
              ) : null}
            </>
          )
        ) : null}
      </QueryState>
    </div>
  );
}

/** /evaluations/{id}: one evaluation's record, with the acknowledgement if it is still due. */
export function EvaluationRecordPage() {
  const { id } = useParams<{ id: string }>();
  useDocumentTitle(t('evaluations.recordTitle'));
  const record = useQuery(evaluationQueries.one(id));
  const user = useSession(selectUser);
  // Only the trainee acknowledges; the evaluator or an administrator reads the same record.
  const due = record.data && !record.data.acknowledgement && record.data.traineeId === user?.id;
  return (
    <div className={css({ maxW: '3xl', display: 'flex', flexDirection: 'column', gap: '5' })}>
      <PageHeader
        eyebrow={
          <Link href="/evaluations" className={textLink({ underline: 'none', touch: true, strong: true })}>
            {t('evaluations.back')}
          </Link>
        }
        title={record.data ? <bdi>{record.data.templateName}</bdi> : t('evaluations.recordTitle')}
        actions={due && record.data ? <AcknowledgeButton id={id} name={record.data.templateName} /> : null}
      />
      <QueryState
        query={record}
        loadingLabel={t('evaluate.record.loading')}
        failureMessage={t('evaluate.record.failed')}
      >
        {record.data ? (
          <>
            {due ? <Alert status="info">{t('evaluations.pendingText')}</Alert> : null}
            <RecordView record={record.data} />
          </>
        ) : null}
      </QueryState>
    </div>
  );
}
