import type { MySession } from '@contract/sessions';
import { CalendarPlus, Check, MapPin, UserRound, X } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { css } from 'styled-system/css';
import { saveBlob } from '../../../api/certificates';
import { mySessionApi, mySessionQueries, mySessionWrites } from '../../../api/my-session-queries';
import { useWrite } from '../../../api/writes';
import { QueryState } from '../../query-state';
import { Button, Card, Chip, toaster } from '../../../ui';
import { formatDateTime, formatList } from '../../../format';
import { t } from '../../../i18n';
import { errorText } from '../../../i18n/error-text';

/** Still to come: not ended and not signed off (a past session's record is on the course page). */
const upcoming = (sessions: readonly MySession[], now: number) =>
  sessions.filter((s) => s.status === 'SCHEDULED' && Date.parse(s.endsAt) > now);

/**
 * The dashboard's "My sessions": classroom sessions the learner is invited to, with their answer
 * (accept, decline, join the waitlist when full, its place) and the calendar file. The section
 * shows only when there is a session to answer: most learners have none, and an empty box on every
 * dashboard would say nothing. A failed read still says so, with a retry.
 */
export function MySessionsPanel() {
  const list = useQuery(mySessionQueries.list());
  const [now] = useState(() => Date.now());
  const sessions = useMemo(() => upcoming(list.data?.sessions ?? [], now), [list.data, now]);
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
      <ul className={grid}>
        {sessions.map((session) => (
          <SessionCard key={session.id} session={session} />
        ))}
      </ul>
    </section>
  );
}

function StatusChip({ session }: { session: MySession }) {
  if (session.attended)
    return (
      <Chip palette="success" size="sm">
        {t('mySessions.status.attended')}
      </Chip>
    );
  switch (session.invitation) {
    case 'ACCEPTED':
      return (
        <Chip palette="success" size="sm">
          {t('mySessions.status.accepted')}
        </Chip>
      );
    case 'WAITLISTED':
      return (
        <Chip palette="warning" size="sm">
          {session.waitlistPosition
            ? t('mySessions.status.waitlistedAt', { position: session.waitlistPosition })
            : t('mySessions.status.waitlisted')}
        </Chip>
      );
    case 'DECLINED':
      return (
        <Chip palette="neutral" size="sm">
          {t('mySessions.status.declined')}
        </Chip>
      );
    default:
      return (
        <Chip palette="info" size="sm">
          {t('mySessions.status.invited')}
        </Chip>
      );
  }
}

function SessionCard({ session }: { session: MySession }) {
  const fail = (error: Error) =>
    toaster.create({ type: 'error', title: errorText(error, t('mySessions.answerFailed')) });
  const accept = useWrite(mySessionWrites.accept, { onError: fail });
  const decline = useWrite(mySessionWrites.decline, { onError: fail });
  const [saving, setSaving] = useState(false);
  const busy = accept.isPending || decline.isPending;
  const full = session.accepted >= session.capacity;
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
  const canAccept = !session.attended && (session.invitation === 'INVITED' || session.invitation === 'DECLINED');
  const canDecline = session.invitation !== 'DECLINED' && !session.attended;
  return (
    <Card as="li" variant="outline" aria-labelledby={`session-${session.id}`} className={card}>
      <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
        <StatusChip session={session} />
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
        {canAccept ? (
          <Button
            size="lg"
            leftIcon={<Check />}
            loading={accept.isPending}
            disabled={busy}
            onClick={() => accept.mutate(session.id)}
          >
            {full ? t('mySessions.joinWaitlist') : t('mySessions.accept')}
          </Button>
        ) : null}
        {canDecline ? (
          <Button
            size="lg"
            variant="outline"
            palette="neutral"
            leftIcon={<X />}
            loading={decline.isPending}
            disabled={busy}
            onClick={() => decline.mutate(session.id)}
          >
            {session.invitation === 'WAITLISTED'
              ? t('mySessions.leaveWaitlist')
              : session.invitation === 'ACCEPTED'
                ? t('mySessions.cancelPlace')
                : t('mySessions.decline')}
          </Button>
        ) : null}
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
const grid = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', md: 'repeat(2, 1fr)', xl: 'repeat(3, 1fr)' },
  gap: { base: '4', md: '5' },
  listStyle: 'none',
  p: 0,
  m: 0,
});
const card = css({ display: 'flex', flexDirection: 'column', gap: '3', p: '5' });
const facts = css({ display: 'flex', flexDirection: 'column', gap: '1', fontSize: 'sm', color: 'fg.muted', m: 0 });
const factRow = css({ display: 'flex', alignItems: 'center', gap: '1.5' });
const actions = css({ display: 'flex', flexWrap: 'wrap', gap: '2', mt: 'auto' });
