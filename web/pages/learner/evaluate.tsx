import { useQuery } from '@tanstack/react-query';
import { ClipboardCheck, Search, WifiOff } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { css, cx } from 'styled-system/css';
import { useLocation } from 'wouter';
import { selectUser } from '../../../statecharts/session.machine';
import { evaluationQueries, type EvaluationTemplate, type EvaluationTrainee } from '../../api/evaluation-queries';
import { OutboxList } from '../../components/evaluation/outbox-list';
import { PeopleSearch } from '../../components/evaluation/people-search';
import { choice, choiceList, picked } from '../../components/evaluation/panel-style';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { t } from '../../i18n';
import { evaluationOutbox } from '../../state/evaluation-outbox';
import { useEvaluationOutbox, useOnline, useWaitingCount } from '../../state/evaluations';
import { useOfflineShell } from '../../state/offline-shell';
import { useSession } from '../../state/session';
import { Alert, Button, EmptyState, LoadingBlock } from '../../ui';

const heading = css({ fontSize: 'lg', fontWeight: 'semibold' });

/**
 * /evaluate: the evaluator's start on a phone: what is on this device (and waiting to send), and a
 * new evaluation (template, then trainee). Works without a signal once opened with one: templates
 * and people seen are kept on the device, and the app's files are kept for a reload.
 */
export function EvaluatePage() {
  useDocumentTitle(t('evaluate.title'));
  const user = useSession(selectUser);
  const online = useOnline();
  const outbox = useEvaluationOutbox(user?.id);
  const waiting = useWaitingCount(outbox.ids);
  const templates = useQuery({ ...evaluationQueries.templates(user?.id ?? ''), enabled: Boolean(user) });
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [trainee, setTrainee] = useState<EvaluationTrainee | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [, navigate] = useLocation();
  useOfflineShell();

  const template = templates.data?.find((x) => x.id === templateId) ?? null;
  const start = async (e: FormEvent) => {
    e.preventDefault();
    if (!template || !trainee) {
      setError(t('evaluate.new.missing'));
      return;
    }
    const id = crypto.randomUUID();
    await evaluationOutbox.create({
      id,
      templateId: template.id,
      templateName: template.name,
      items: template.items,
      traineeId: trainee.id,
      traineeName: trainee.name,
      results: {},
      note: '',
      photoIds: [],
      signedAt: null,
    });
    navigate(`/evaluate/${id}`);
  };

  return (
    <div className={css({ maxW: '2xl', display: 'flex', flexDirection: 'column', gap: '6' })}>
      <PageHeader title={t('evaluate.title')} subtitle={t('evaluate.subtitle')} />
      {online ? null : (
        <Alert status="warning" title={t('evaluate.offline.title')}>
          <span className={css({ display: 'inline-flex', gap: '2', alignItems: 'center' })}>
            <WifiOff aria-hidden className={css({ w: '4', h: '4' })} />
            {t('evaluate.offline.text')}
          </span>
        </Alert>
      )}
      {!outbox.loaded ? (
        <LoadingBlock label={t('evaluate.loading')} />
      ) : outbox.ids.length > 0 ? (
        <OutboxList ids={outbox.ids} waiting={waiting} />
      ) : null}
      <form
        noValidate
        onSubmit={(e) => void start(e)}
        aria-labelledby="new-evaluation"
        className={css({ display: 'flex', flexDirection: 'column', gap: '5' })}
      >
        <h2 id="new-evaluation" className={css({ fontSize: 'xl', fontWeight: 'semibold' })}>
          {t('evaluate.new.title')}
        </h2>
        <QueryState
          query={templates}
          loadingLabel={t('evaluate.templates.loading')}
          failureMessage={t('evaluate.templates.failed')}
        >
          {templates.data ? (
            templates.data.length === 0 ? (
              <EmptyState
                bordered
                icon={<ClipboardCheck />}
                title={t('evaluate.templates.empty')}
                description={t('evaluate.templates.emptyText')}
              />
            ) : (
              <TemplatePicker templates={templates.data} value={templateId} onChange={setTemplateId} />
            )
          ) : null}
        </QueryState>
        {template ? <TraineePicker userId={user?.id ?? ''} value={trainee} onChange={setTrainee} /> : null}
        {error ? <Alert status="error">{error}</Alert> : null}
        {template ? (
          <Button type="submit" size="lg" disabled={!trainee}>
            {t('evaluate.new.start')}
          </Button>
        ) : null}
      </form>
    </div>
  );
}

function TemplatePicker(props: {
  templates: EvaluationTemplate[];
  value: string | null;
  onChange: (id: string) => void;
}) {
  return (
    <fieldset className={css({ border: 0, p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: '2' })}>
      <legend className={cx(heading, css({ mb: '2' }))}>{t('evaluate.templates.legend')}</legend>
      <ul className={choiceList}>
        {props.templates.map((template) => (
          <li key={template.id}>
            <label className={cx(choice, props.value === template.id && picked)}>
              <input
                type="radio"
                name="template"
                value={template.id}
                checked={props.value === template.id}
                onChange={() => props.onChange(template.id)}
                className={css({ srOnly: true })}
              />
              <bdi className={css({ fontWeight: 'medium' })}>{template.name}</bdi>
              <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>
                {t('evaluate.templates.meta', { count: template.items.length, grants: template.grants })}
              </span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

function TraineePicker(props: {
  userId: string;
  value: EvaluationTrainee | null;
  onChange: (p: EvaluationTrainee) => void;
}) {
  return (
    <fieldset className={css({ border: 0, p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: '3' })}>
      <legend className={cx(heading, css({ mb: '2' }))}>{t('evaluate.trainee.legend')}</legend>
      <PeopleSearch
        catalog="evaluate.trainee"
        queryFor={(search) => evaluationQueries.trainees(props.userId, search)}
        chosen={
          props.value ? (
            <p className={css({ fontWeight: 'medium' })} data-testid="chosen-trainee">
              {t('evaluate.trainee.chosen', { name: props.value.name })}
            </p>
          ) : null
        }
        noneIcon={<Search />}
      >
        {(person) => (
          <label className={cx(choice, props.value?.id === person.id && picked)}>
            <input
              type="radio"
              name="trainee"
              value={person.id}
              checked={props.value?.id === person.id}
              onChange={() => props.onChange(person)}
              className={css({ srOnly: true })}
            />
            <bdi className={css({ fontWeight: 'medium' })}>{person.name}</bdi>
            <bdi className={css({ fontSize: 'sm', color: 'fg.muted' })}>
              {[person.username, person.jobTitle, person.department].filter(Boolean).join(' · ')}
            </bdi>
          </label>
        )}
      </PeopleSearch>
    </fieldset>
  );
}
