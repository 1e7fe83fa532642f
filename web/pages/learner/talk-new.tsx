import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, CloudUpload, FileText, Megaphone, WifiOff } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { css, cx } from 'styled-system/css';
import { Link } from 'wouter';
import { selectUser } from '../../../statecharts/session.machine';
import { talkQueries, type ForemanTopic } from '../../api/talk-queries';
import { choice, choiceList, picked } from '../../components/evaluation/panel-style';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { TalkSheet } from '../../components/talks/talk-sheet';
import { panel } from '../../components/talks/sign-panels';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { t } from '../../i18n';
import { useOnline } from '../../state/evaluations';
import { useOfflineShell } from '../../state/offline-shell';
import { useSession } from '../../state/session';
import { talkOutbox } from '../../state/talk-outbox';
import type { StoredTalk } from '../../state/talk-store';
import { useTalkOutbox } from '../../state/talks';
import { Alert, Button, EmptyState, LoadingBlock } from '../../ui';

const linkButton = css({
  color: 'brand.fg',
  textDecoration: 'underline',
  minH: '11',
  display: 'inline-flex',
  alignItems: 'center',
});

/**
 * /talks/new: the foreman's toolbox talk on a phone. Pick a topic, read it out, put the crew on the
 * sheet and let each person sign on this device, then sign it off. Works without a signal once the
 * topics were read with one: the talk lives on the device until the server has it (sent once).
 */
export function TalkNewPage() {
  useDocumentTitle(t('talks.new.title'));
  const user = useSession(selectUser);
  const online = useOnline();
  const outbox = useTalkOutbox(user?.id);
  const topics = useQuery({ ...talkQueries.topics(user?.id ?? ''), enabled: Boolean(user) });
  const [currentId, setCurrentId] = useState<string | null>(null);
  useOfflineShell();

  // A talk left open on this device (a reload, a flat battery) is where the foreman picks up.
  useEffect(() => {
    if (currentId || !outbox.loaded) return;
    const open = outbox.talks.find((talk) => talk.stage === 'draft');
    if (open) setCurrentId(open.id);
  }, [currentId, outbox.loaded, outbox.talks]);

  const talk = outbox.talks.find((x) => x.id === currentId);
  const foremanName = user ? [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username : '';

  return (
    <div className={css({ maxW: '2xl', display: 'flex', flexDirection: 'column', gap: '6' })}>
      <PageHeader
        title={talk ? talk.topicTitle : t('talks.new.title')}
        subtitle={talk ? t('talks.new.led', { name: foremanName }) : t('talks.new.subtitle')}
      />
      {online ? null : (
        <Alert status="warning" title={t('talks.offline.title')}>
          <span className={css({ display: 'inline-flex', gap: '2', alignItems: 'center' })}>
            <WifiOff aria-hidden className={css({ w: '4', h: '4' })} />
            {t('talks.offline.text')}
          </span>
        </Alert>
      )}
      {!outbox.loaded ? (
        <LoadingBlock label={t('talks.loading')} />
      ) : talk && talk.stage === 'draft' ? (
        <TalkSheet
          talk={talk}
          topic={topics.data?.find((x) => x.id === talk.topicId)}
          userId={user?.id ?? ''}
          foremanName={foremanName}
        />
      ) : talk ? (
        <SentPanel talk={talk} sending={outbox.sending.includes(talk.id)} onAnother={() => setCurrentId(null)} />
      ) : (
        <QueryState query={topics} loadingLabel={t('talks.topics.loading')} failureMessage={t('talks.topics.failed')}>
          {topics.data ? (
            topics.data.length === 0 ? (
              <EmptyState
                bordered
                icon={<Megaphone />}
                title={t('talks.topics.empty')}
                description={t('talks.topics.emptyText')}
              />
            ) : (
              <TopicPicker
                topics={topics.data}
                onStart={async (topic) => {
                  const id = crypto.randomUUID();
                  await talkOutbox.put({
                    id,
                    foremanId: user?.id ?? '',
                    topicId: topic.id,
                    topicTitle: topic.title,
                    startedAt: new Date().toISOString(),
                    lines: [],
                    stage: 'draft',
                    foremanSignature: null,
                    signedOffAt: null,
                    refusal: null,
                    updatedAt: new Date().toISOString(),
                  });
                  setCurrentId(id);
                }}
              />
            )
          ) : null}
        </QueryState>
      )}
    </div>
  );
}

function TopicPicker(props: { topics: ForemanTopic[]; onStart: (topic: ForemanTopic) => Promise<void> }) {
  const [topicId, setTopicId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const topic = props.topics.find((x) => x.id === topicId);
    if (!topic) {
      setError(t('talks.topics.missing'));
      return;
    }
    void props.onStart(topic);
  };
  return (
    <form noValidate onSubmit={submit} className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
      <fieldset className={css({ border: 0, p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: '2' })}>
        <legend className={css({ fontSize: 'lg', fontWeight: 'semibold', mb: '2' })}>{t('talks.topics.legend')}</legend>
        <ul className={choiceList}>
          {props.topics.map((topic) => (
            <li key={topic.id}>
              <label className={cx(choice, topicId === topic.id && picked)}>
                <input
                  type="radio"
                  name="topic"
                  value={topic.id}
                  checked={topicId === topic.id}
                  onChange={() => setTopicId(topic.id)}
                  className={css({ srOnly: true })}
                />
                <bdi className={css({ fontWeight: 'medium' })}>{topic.title}</bdi>
                <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>
                  {t('talks.topics.languages', { languages: topic.languages.join(', ').toUpperCase() })}
                  {topic.pdfBytes ? ` · ${t('talks.topics.hasPdf')}` : ''}
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      {error ? <Alert status="error">{error}</Alert> : null}
      <Button type="submit" size="lg">
        {t('talks.topics.start')}
      </Button>
    </form>
  );
}

/** After the sign-off: waiting for a signal, being sent, on the server (with its sheet), or refused. */
function SentPanel(props: { talk: StoredTalk; sending: boolean; onAnother: () => void }) {
  const { talk } = props;
  const sent = talk.stage === 'sent';
  return (
    <section aria-labelledby="talk-status" className={panel} data-testid="talk-status">
      <h2
        id="talk-status"
        className={css({ fontSize: 'lg', fontWeight: 'semibold', display: 'flex', gap: '2', alignItems: 'center' })}
      >
        {sent ? <CheckCircle2 aria-hidden /> : <CloudUpload aria-hidden />}
        {sent ? t('talks.status.sent') : props.sending ? t('talks.status.sending') : t('talks.status.waiting')}
      </h2>
      <p role="status">
        {sent
          ? t('talks.status.sentText', { count: talk.lines.length })
          : talk.refusal
            ? talk.refusal
            : t('talks.status.waitingText', { count: talk.lines.length })}
      </p>
      {talk.refusal ? (
        <Button
          variant="outline"
          palette="danger"
          size="lg"
          onClick={() => void talkOutbox.discard(talk.id).then(props.onAnother)}
        >
          {t('talks.status.discard')}
        </Button>
      ) : null}
      {sent ? (
        <a href={`/api/v2/talks/${encodeURIComponent(talk.id)}/sheet.pdf`} className={linkButton}>
          <FileText aria-hidden className={css({ w: '4', h: '4', me: '1' })} />
          {t('talks.status.sheet')}
        </a>
      ) : null}
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
        <Button size="lg" onClick={props.onAnother}>
          {t('talks.status.another')}
        </Button>
        <Link href="/talks" className={linkButton}>
          {t('talks.status.list')}
        </Link>
      </div>
    </section>
  );
}
