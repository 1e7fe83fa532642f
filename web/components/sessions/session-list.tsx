import { useQuery } from '@tanstack/react-query';
import { CalendarDays } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { css } from 'styled-system/css';
import { Link } from 'wouter';
import { sessionQueries, type SessionScope, type SessionSummary } from '../../api/session-queries';
import { t } from '../../i18n';
import { DataTable, EmptyState, TabContent, TabList, Tabs, TabTrigger, textLink } from '../../ui';
import { QueryState } from '../query-state';
import { SessionStatusChip, sessionWhen } from './session-labels';

type When = 'upcoming' | 'past';

/**
 * Sessions in two tabs: upcoming (not yet ended, soonest first) and past (newest first, with
 * whether they still wait for sign-off). `hrefOf` opens one.
 */
export function SessionList({
  scope,
  hrefOf,
  emptyAction,
}: {
  scope: SessionScope;
  hrefOf: (id: string) => string;
  emptyAction?: ReactNode;
}) {
  const query = useQuery(sessionQueries.list(scope));
  const [when, setWhen] = useState<When>('upcoming');
  const now = Date.now();
  const all = query.data?.sessions ?? [];
  const upcoming = all.filter((s) => Date.parse(s.endsAt) >= now).reverse();
  const past = all.filter((s) => Date.parse(s.endsAt) < now);
  const title = (s: SessionSummary) => (
    <Link href={hrefOf(s.id)} className={linkClass}>
      <bdi>{s.title}</bdi>
    </Link>
  );
  const table = (rows: SessionSummary[], which: When) => (
    <DataTable
      label={which === 'upcoming' ? t('sessions.list.upcoming') : t('sessions.list.past')}
      rows={rows}
      getRowKey={(s) => s.id}
      cardTitle={title}
      columns={[
        { key: 'title', header: t('sessions.list.col.title'), hideInCard: true, cell: title },
        { key: 'when', header: t('sessions.list.col.when'), cell: sessionWhen },
        { key: 'where', header: t('sessions.list.col.where'), cell: (s) => <bdi>{s.location}</bdi> },
        {
          key: 'places',
          header: t('sessions.list.col.places'),
          cell: (s) =>
            t('sessions.list.placesShort', { accepted: s.accepted, capacity: s.capacity, waitlisted: s.waitlisted }),
        },
        {
          key: 'status',
          header: t('sessions.list.col.status'),
          cell: (s) => <SessionStatusChip session={s} now={now} />,
        },
      ]}
      empty={
        <EmptyState
          bordered
          icon={<CalendarDays />}
          title={which === 'upcoming' ? t('sessions.list.emptyUpcoming') : t('sessions.list.emptyPast')}
          actions={which === 'upcoming' ? emptyAction : undefined}
        />
      }
    />
  );
  return (
    <QueryState query={query} loadingLabel={t('sessions.list.loading')} failureMessage={t('sessions.list.failed')}>
      <Tabs value={when} onValueChange={(value) => setWhen(value === 'past' ? 'past' : 'upcoming')}>
        <TabList aria-label={t('sessions.list.tabs')}>
          <TabTrigger value="upcoming">{t('sessions.list.upcomingCount', { count: upcoming.length })}</TabTrigger>
          <TabTrigger value="past">{t('sessions.list.pastCount', { count: past.length })}</TabTrigger>
        </TabList>
        <TabContent value="upcoming" className={css({ pt: '4' })}>
          {table(upcoming, 'upcoming')}
        </TabContent>
        <TabContent value="past" className={css({ pt: '4' })}>
          {table(past, 'past')}
        </TabContent>
      </Tabs>
    </QueryState>
  );
}

const linkClass = textLink({ touch: true, strong: true });
