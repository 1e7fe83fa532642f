import type { TeamSessionDto } from '@contract/team';
import { useQuery } from '@tanstack/react-query';
import { CalendarDays, MapPin } from 'lucide-react';
import { css } from 'styled-system/css';
import { hstack } from 'styled-system/patterns';
import { teamQueries } from '../../api/team-queries';
import { QueryState } from '../../components/query-state';
import { TeamFrame, TeamPersonLink } from '../../components/team/team-frame';
import { formatDateTime } from '../../format';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { t } from '../../i18n';
import { Card, Chip, EmptyState, type ChipProps } from '../../ui';

type Person = TeamSessionDto['people'][number];

const ANSWER_PALETTE: Record<Person['status'], ChipProps['palette']> = {
  ACCEPTED: 'success',
  INVITED: 'info',
  WAITLISTED: 'warning',
  DECLINED: 'neutral',
};

/** What the supervisor reads for one person: marked present or absent once taken, else their answer. */
function answerOf(person: Person): { label: string; palette: ChipProps['palette'] } {
  if (person.present === true) return { label: t('sessions.attendance.present'), palette: 'success' };
  if (person.present === false) return { label: t('sessions.attendance.absent'), palette: 'error' };
  return { label: t(`sessions.invitation.${person.status}`), palette: ANSWER_PALETTE[person.status] };
}

/**
 * /team/sessions (issue 30): the classroom sessions not yet over that the team's people are invited
 * to, soonest first: who is invited to what, and whether they accepted (or were marked present).
 */
export function TeamSessionsPage() {
  useDocumentTitle(t('team.sessions.title'));
  const sessions = useQuery(teamQueries.sessions());
  const list = sessions.data?.sessions ?? [];
  return (
    <TeamFrame
      subtitle={
        sessions.data ? t('team.sessions.subtitle', { count: list.length }) : t('team.sessions.subtitleLoading')
      }
    >
      <QueryState
        query={sessions}
        loadingLabel={t('team.sessions.loading')}
        failureMessage={t('team.sessions.loadFailed')}
      >
        {list.length === 0 ? (
          <EmptyState
            bordered
            icon={<CalendarDays />}
            title={t('team.sessions.emptyTitle')}
            description={t('team.sessions.emptyText')}
          />
        ) : (
          <ul className={css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', lg: '1fr 1fr' } })}>
            {list.map((session) => (
              <li key={session.id}>
                <SessionCard session={session} />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </TeamFrame>
  );
}

function SessionCard({ session }: { session: TeamSessionDto }) {
  const headingId = `team-session-${session.id}`;
  return (
    <Card className={css({ display: 'flex', flexDirection: 'column', gap: '3', p: { base: '4', md: '5' } })}>
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
        <h2 id={headingId} className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
          <bdi>{session.title}</bdi>
        </h2>
        <p className={css({ display: 'flex', alignItems: 'center', gap: '1.5', fontSize: 'sm', color: 'fg.muted' })}>
          <CalendarDays aria-hidden size={16} />
          {t('team.sessions.when', { start: formatDateTime(session.startsAt), end: formatDateTime(session.endsAt) })}
        </p>
        <p className={css({ display: 'flex', alignItems: 'center', gap: '1.5', fontSize: 'sm', color: 'fg.muted' })}>
          <MapPin aria-hidden size={16} />
          <bdi>{session.siteName ? `${session.location} · ${session.siteName}` : session.location}</bdi>
        </p>
      </div>
      <ul aria-labelledby={headingId} className={css({ display: 'flex', flexDirection: 'column' })}>
        {session.people.map((person) => {
          const answer = answerOf(person);
          return (
            <li
              key={person.id}
              className={hstack({
                justify: 'space-between',
                gap: '3',
                borderTopWidth: '1px',
                borderColor: 'border.muted',
              })}
            >
              <TeamPersonLink id={person.id} name={person.name} />
              <Chip palette={answer.palette}>{answer.label}</Chip>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
