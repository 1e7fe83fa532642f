import type { MySession } from '@contract/sessions';
import { Building2, CalendarPlus, MapPin, UserRound } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { css, cx } from 'styled-system/css';
import { saveBlob } from '../../../api/certificates';
import { mySessionApi, mySessionQueries } from '../../../api/my-session-queries';
import { QueryState } from '../../query-state';
import { Button, Card, toaster } from '../../../ui';
import { formatDateTime, formatList } from '../../../format';
import { t } from '../../../i18n';
import { dashboardCardList } from '../dashboard/card-list';
import { errorText } from '../../../i18n/error-text';
import { SessionAnswerButtons, SessionStatusChip, upcomingSessions } from './session-answer';

/**
 * The dashboard's "My sessions": classroom sessions the learner is invited to, with their answer
 * (accept, decline, join the waitlist when full, its place) and the calendar file. The section
 * shows only when there is a session to answer: most learners have none, and an empty box on every
 * dashboard would say nothing. A failed read still says so, with a retry.
 */
export function MySessionsPanel() {
  const list = useQuery(mySessionQueries.list());
  const [now] = useState(() => Date.now());
  const sessions = useMemo(() => upcomingSessions(list.data?.sessions ?? [], now), [list.data, now]);
  if (list.isError)
    return (
      <section aria-labelledby="my-sessions-heading" className={section}>
        <h2 id="my-sessions-heading" className={heading}>
          {t('mySessions.heading')}
        </h2>
        {/* Only the failure: the section's loading shows nothing (most learners have no session). */}
        <QueryState query={list} loadingLabel={t('common.loading')} failureMessage={t('mySessions.loadFailed')}>
          {null}
        </QueryState>
      </section>
    );
  if (sessions.length === 0) return null;
  return (
    <section aria-labelledby="my-sessions-heading" className={section}>
      <h2 id="my-sessions-heading" className={heading}>
        {t('mySessions.heading')}
      </h2>
      <ul className={cardGrid}>
        {sessions.map((session) => (
          <SessionCard key={session.id} session={session} />
        ))}
      </ul>
    </section>
  );
}

function SessionCard({ session }: { session: MySession }) {
  const [saving, setSaving] = useState(false);
  const calendar = async () => {
    setSaving(true);
    try {
      saveBlob(await mySessionApi.calendar(session.id), `session-${session.id}.ics`);
    } catch (error) {
      toaster.create({ type: 'error', title: errorText(error, t('mySessions.calendarFailed')) });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card as="li" variant="outline" aria-labelledby={`session-${session.id}`} className={card}>
      <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
        <SessionStatusChip session={session} />
      </div>
      <h3 id={`session-${session.id}`} className={css({ fontSize: 'lg', fontWeight: 'semibold', lineHeight: '1.35' })}>
        {session.title}
      </h3>
      <dl className={facts}>
        <dt className={css({ srOnly: true })}>{t('mySessions.when')}</dt>
        <dd>
          {t('mySessions.time', { start: formatDateTime(session.startsAt), end: formatDateTime(session.endsAt) })}
        </dd>
        <dt className={css({ srOnly: true })}>{t('mySessions.where')}</dt>
        <dd className={factRow}>
          <MapPin size={16} aria-hidden /> {session.location}
        </dd>
        {session.site ? (
          <>
            <dt className={css({ srOnly: true })}>{t('mySessions.site')}</dt>
            <dd className={factRow}>
              <Building2 size={16} aria-hidden /> <bdi>{session.site.name}</bdi>
            </dd>
          </>
        ) : null}
        {session.trainers.length ? (
          <>
            <dt className={css({ srOnly: true })}>{t('mySessions.trainers')}</dt>
            <dd className={factRow}>
              <UserRound size={16} aria-hidden /> {formatList(session.trainers.map((p) => p.name))}
            </dd>
          </>
        ) : null}
      </dl>
      <div className={actions}>
        <SessionAnswerButtons session={session} />
        <Button
          size="lg"
          variant="ghost"
          palette="neutral"
          leftIcon={<CalendarPlus />}
          loading={saving}
          onClick={() => void calendar()}
          aria-label={t('mySessions.calendarOf', { title: session.title })}
        >
          {t('mySessions.calendar')}
        </Button>
      </div>
    </Card>
  );
}

const section = css({ mb: { base: '6', md: '8' } });
const heading = css({ fontSize: { base: 'lg', md: 'xl' }, fontWeight: 'semibold', mb: '4' });
const cardGrid = cx(
  dashboardCardList,
  css({ gridTemplateColumns: { base: '1fr', md: 'repeat(2, 1fr)', xl: 'repeat(3, 1fr)' } }),
);
const card = css({ display: 'flex', flexDirection: 'column', gap: '3', p: '5' });
const facts = css({ display: 'flex', flexDirection: 'column', gap: '1', fontSize: 'sm', color: 'fg.muted', m: 0 });
const factRow = css({ display: 'flex', alignItems: 'center', gap: '1.5' });
const actions = css({ display: 'flex', flexWrap: 'wrap', gap: '2', mt: 'auto' });
