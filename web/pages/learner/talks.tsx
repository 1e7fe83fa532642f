import { useQuery } from '@tanstack/react-query';
import { FileText, Megaphone, Plus } from 'lucide-react';
import { css, cx } from 'styled-system/css';
import { stack } from 'styled-system/patterns';
import { Link } from 'wouter';
import { selectIsAdmin, selectUser } from '../../../statecharts/session.machine';
import { talkQueries, type TalkSummary } from '../../api/talk-queries';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { formatDateTime } from '../../format';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { t } from '../../i18n';
import { useSession } from '../../state/session';
import { useTalkOutbox } from '../../state/talks';
import { Chip, EmptyState, panel, textLink } from '../../ui';

const list = css({ display: 'flex', flexDirection: 'column', gap: '2', listStyle: 'none', p: 0, m: 0 });
const entry = cx(panel(), stack({ gap: '1' }));
const heading = css({ fontSize: 'xl', fontWeight: 'semibold' });
const muted = css({ fontSize: 'sm', color: 'fg.muted' });
const sheetLink = cx(textLink({ underline: 'always', touch: true }), css({ alignSelf: 'flex-start' }));
const startLink = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '2',
  minH: '12',
  px: '5',
  borderRadius: 'md',
  bg: 'brand.solid',
  color: 'brand.contrast',
  fontWeight: 'medium',
  _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
});

/**
 * /talks: toolbox talks. A foreman sees the talks still on this device (waiting for a signal), the
 * talks they led with each sign-in sheet, and starts a new one; everyone sees the talks they signed.
 */
export function TalksPage() {
  useDocumentTitle(t('talks.title'));
  const user = useSession(selectUser);
  const isAdmin = useSession(selectIsAdmin);
  const topics = useQuery({ ...talkQueries.topics(user?.id ?? ''), enabled: Boolean(user) });
  const leads = isAdmin || topics.isSuccess;
  const outbox = useTalkOutbox(leads ? user?.id : undefined);
  const led = useQuery({ ...talkQueries.mine('foreman'), enabled: leads });
  const attended = useQuery(talkQueries.mine('attendee'));
  const waiting = outbox.talks.filter((talk) => talk.stage !== 'sent');

  return (
    <div className={css({ maxW: '3xl', display: 'flex', flexDirection: 'column', gap: '8' })}>
      <PageHeader
        title={t('talks.title')}
        subtitle={t('talks.subtitle')}
        actions={
          leads ? (
            <Link href="/talks/new" className={startLink}>
              <Plus aria-hidden className={css({ w: '5', h: '5' })} />
              {t('talks.start')}
            </Link>
          ) : undefined
        }
      />
      {leads && waiting.length > 0 ? (
        <section aria-labelledby="talks-device" className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
          <h2 id="talks-device" className={heading}>
            {t('talks.device.title')}
          </h2>
          <ul className={list}>
            {waiting.map((talk) => (
              <li key={talk.id} className={entry}>
                <bdi className={css({ fontWeight: 'medium' })}>{talk.topicTitle}</bdi>
                <span className={muted}>{formatDateTime(talk.startedAt)}</span>
                <Chip palette={talk.refusal ? 'error' : talk.stage === 'draft' ? 'info' : 'warning'}>
                  {talk.refusal
                    ? t('talks.device.refused')
                    : talk.stage === 'draft'
                      ? t('talks.device.open')
                      : t('talks.device.waiting')}
                </Chip>
                {talk.stage === 'draft' ? (
                  <Link href="/talks/new" className={sheetLink}>
                    {t('talks.device.resume')}
                  </Link>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {leads ? (
        <TalkList
          id="talks-led"
          title={t('talks.led.title')}
          query={led}
          empty={t('talks.led.empty')}
          meta={(talk) => t('talks.led.meta', { count: talk.attendeeCount })}
        />
      ) : null}
      <TalkList
        id="talks-attended"
        title={t('talks.attended.title')}
        query={attended}
        empty={t('talks.attended.empty')}
        meta={(talk) =>
          talk.method === 'on-behalf'
            ? t('talks.attended.onBehalf', { foreman: talk.signedByName ?? talk.foremanName })
            : talk.method === 'account'
              ? t('talks.attended.ownPhone', { foreman: talk.foremanName })
              : t('talks.attended.signed', { foreman: talk.foremanName })
        }
      />
    </div>
  );
}

function TalkList(props: {
  id: string;
  title: string;
  query: ReturnType<typeof useQuery<TalkSummary[]>>;
  empty: string;
  meta: (talk: TalkSummary) => string;
}) {
  const { data } = props.query;
  return (
    <section aria-labelledby={props.id} className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
      <h2 id={props.id} className={heading}>
        {props.title}
      </h2>
      <QueryState query={props.query} loadingLabel={t('talks.loading')} failureMessage={t('talks.failed')}>
        {data ? (
          data.length === 0 ? (
            <EmptyState bordered icon={<Megaphone />} title={props.empty} headingLevel="h3" />
          ) : (
            <ul className={list} data-testid={props.id}>
              {data.map((talk) => (
                <li key={talk.id} className={entry}>
                  <bdi className={css({ fontWeight: 'medium' })}>{talk.topicTitle}</bdi>
                  <span className={muted}>
                    {talk.number} · {formatDateTime(talk.startedAt)}
                  </span>
                  <span className={muted}>{props.meta(talk)}</span>
                  <a href={talk.sheetUrl} className={sheetLink}>
                    <FileText aria-hidden className={css({ w: '4', h: '4' })} />
                    {t('talks.sheet', { number: talk.number })}
                  </a>
                </li>
              ))}
            </ul>
          )
        ) : null}
      </QueryState>
    </section>
  );
}
