import type { TeamQualifiedList, TeamQualifiedPerson, TeamQualifiedResponse, TeamTaskDto } from '@contract/tasks';
import { useQueries, useQuery } from '@tanstack/react-query';
import { HardHat, Search, UserCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { siteQueries } from '../../api/site-queries';
import { taskQueries } from '../../api/task-queries';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { formatDate } from '../../format';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { Button, Chip, EmptyState, Select, TextField } from '../../ui';
import { t } from '../../i18n';

/** A Select cannot hold an empty value: this one stands for "every site of the team". */
const EVERY_SITE = '*';
/** Tasks listed at once under the search box; typing narrows them. */
const SHOWN_TASKS = 8;

/**
 * /team/tasks (issue 30): "who on my crew can do this today?". A supervisor finds a task by name
 * (and a site of their team), and sees who of their team is qualified today, who lapses within 7 and
 * 30 days, and what stops the others (GET /api/v2/team/tasks/{id}/qualified: the team only; each
 * list counted, its first 50 shown, "Show more" for the next). Built for a phone on the floor: one
 * column, 48 px targets.
 */
export function TeamTasksPage() {
  useDocumentTitle(t('teamTasks.title'));
  const tasks = useQuery(taskQueries.teamList());
  const members = useQuery(siteQueries.teamMembers());
  const [search, setSearch] = useState('');
  const [taskId, setTaskId] = useState('');
  const [siteId, setSiteId] = useState('');
  const needle = search.trim().toLocaleLowerCase();
  const matching = (tasks.data ?? []).filter((task) => task.name.toLocaleLowerCase().includes(needle));
  const chosen = tasks.data?.find((task) => task.id === taskId) ?? null;
  // The sites the team works at: asking for one narrows the answer (a task of one site is that site's anyway).
  const sites = [
    ...new Map(
      (members.data?.members ?? []).flatMap((m) => (m.siteId && m.siteName ? [[m.siteId, m.siteName] as const] : [])),
    ),
  ].sort((a, b) => a[1].localeCompare(b[1]));
  return (
    <>
      <PageHeader title={t('teamTasks.title')} subtitle={t('teamTasks.subtitle')} />
      <QueryState query={tasks} loadingLabel={t('teamTasks.loading')} failureMessage={t('teamTasks.loadFailed')}>
        {tasks.data?.length === 0 ? (
          <EmptyState
            bordered
            icon={<HardHat />}
            title={t('teamTasks.noTasksTitle')}
            description={t('teamTasks.noTasksText')}
          />
        ) : (
          <div className={css({ display: 'flex', flexDirection: 'column', gap: '5', maxW: '720px' })}>
            <div role="search" aria-label={t('teamTasks.searchLabel')}>
              <TextField
                label={t('teamTasks.search')}
                type="search"
                size="lg"
                placeholder={t('teamTasks.searchPlaceholder')}
                value={search}
                onChange={(event) => setSearch(event.target.value)}
              />
            </div>
            <TaskChoices tasks={matching} chosen={taskId} onChoose={setTaskId} />
            {sites.length > 1 && !chosen?.siteId ? (
              <Select
                label={t('teamTasks.site')}
                options={[
                  { value: EVERY_SITE, label: t('teamTasks.everySite') },
                  ...sites.map(([id, name]) => ({ value: id, label: name })),
                ]}
                value={siteId || EVERY_SITE}
                onValueChange={(id) => setSiteId(id === EVERY_SITE ? '' : id)}
              />
            ) : null}
            {chosen ? <Answer task={chosen} siteId={chosen.siteId ? '' : siteId} /> : null}
          </div>
        )}
      </QueryState>
    </>
  );
}

function TaskChoices({
  tasks,
  chosen,
  onChoose,
}: {
  tasks: TeamTaskDto[];
  chosen: string;
  onChoose: (id: string) => void;
}) {
  if (tasks.length === 0)
    return (
      <EmptyState icon={<Search />} title={t('teamTasks.noMatchTitle')} description={t('teamTasks.noMatchText')} />
    );
  // The chosen task stays first in view even when others match the search.
  const shown = [...tasks.filter((x) => x.id === chosen), ...tasks.filter((x) => x.id !== chosen)].slice(
    0,
    SHOWN_TASKS,
  );
  return (
    <ul aria-label={t('teamTasks.tasksLabel')} className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
      {shown.map((task) => (
        <li key={task.id}>
          <Button
            size="lg"
            fullWidth
            variant={task.id === chosen ? 'solid' : 'outline'}
            palette={task.id === chosen ? 'brand' : 'neutral'}
            aria-pressed={task.id === chosen}
            className={css({
              justifyContent: 'space-between',
              flexWrap: 'wrap',
              minH: '12',
              h: 'auto',
              py: '2',
              textAlign: 'start',
              whiteSpace: 'normal',
              lineHeight: '1.4',
              overflowWrap: 'anywhere',
            })}
            onClick={() => onChoose(task.id)}
          >
            <bdi>{task.name}</bdi>
            {task.siteName ? <bdi className={css({ fontSize: 'sm', opacity: 0.85 })}>{task.siteName}</bdi> : null}
          </Button>
        </li>
      ))}
    </ul>
  );
}

function Answer({ task, siteId }: { task: TeamTaskDto; siteId: string }) {
  const answer = useQuery(taskQueries.qualified(task.id, siteId));
  return (
    <section aria-labelledby="team-task-answer" className={css({ display: 'flex', flexDirection: 'column', gap: '5' })}>
      <h2 id="team-task-answer" className={css({ fontSize: 'xl', fontWeight: 'semibold' })}>
        <bdi>{task.name}</bdi>
      </h2>
      <QueryState query={answer} loadingLabel={t('teamTasks.checking')} failureMessage={t('teamTasks.checkFailed')}>
        {answer.data ? <AnswerLists data={answer.data} task={task} siteId={siteId} /> : null}
      </QueryState>
    </section>
  );
}

function AnswerLists({ data, task, siteId }: { data: TeamQualifiedResponse; task: TeamTaskDto; siteId: string }) {
  if (data.counts.qualified === 0 && data.counts.notQualified === 0)
    return (
      <EmptyState
        bordered
        icon={<UserCheck />}
        title={t('teamTasks.nobodyTitle')}
        description={t('teamTasks.nobodyText')}
      />
    );
  const { counts } = data;
  const lists = [
    { key: 'qualified', title: t('teamTasks.qualified', { count: counts.qualified }) },
    { key: 'lapsingWithin7Days', title: t('teamTasks.lapse7', { count: counts.lapsingWithin7Days }) },
    { key: 'lapsingWithin30Days', title: t('teamTasks.lapse30', { count: counts.lapsingWithin30Days }) },
    { key: 'notQualified', title: t('teamTasks.notQualified', { count: counts.notQualified }) },
  ] as const;
  return (
    <>
      {lists.map((list) => (
        <PeopleList key={list.key} list={list.key} title={list.title} data={data} task={task} siteId={siteId} />
      ))}
    </>
  );
}

/**
 * One list: its first page came with the answer; "Show more" reads the next page of this list only
 * (a site lead's team is thousands). Pages already read stay as they are; the button keeps focus.
 */
function PeopleList({
  list,
  title,
  data,
  task,
  siteId,
}: {
  list: TeamQualifiedList;
  title: string;
  data: TeamQualifiedResponse;
  task: TeamTaskDto;
  siteId: string;
}) {
  const [pages, setPages] = useState(1);
  const more = useQueries({
    queries: Array.from({ length: pages - 1 }, (_, i) => taskQueries.qualifiedPage(task.id, siteId, list, i + 2)),
  });
  const people = [...data[list], ...more.flatMap((page) => page.data?.[list] ?? [])];
  const total = data.counts[list];
  const loading = more.some((page) => page.isPending);
  const failed = more.some((page) => page.isError);
  const headingId = `team-task-${list}`;
  const heading = useRef<HTMLHeadingElement>(null);
  const done = pages > 1 && !loading && people.length >= total;
  // The last page read: "Show more" goes away, so keyboard focus moves to the list rather than the page's top.
  useEffect(() => {
    if (done && document.activeElement === document.body) heading.current?.focus();
  }, [done]);
  return (
    <section aria-labelledby={headingId}>
      <h3
        ref={heading}
        tabIndex={-1}
        id={headingId}
        className={css({ fontSize: 'md', fontWeight: 'semibold', mb: '2' })}
      >
        {title}
      </h3>
      {people.length === 0 ? (
        <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{t('teamTasks.nobodyHere')}</p>
      ) : (
        <ul className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
          {people.map((person) => (
            <PersonRow key={person.id} person={person} />
          ))}
        </ul>
      )}
      {failed ? (
        <p role="alert" className={css({ color: 'fg.error', fontSize: 'sm', mt: '2' })}>
          {t('teamTasks.moreFailed')}
        </p>
      ) : null}
      {people.length < total || loading ? (
        <Button
          size="lg"
          variant="outline"
          palette="neutral"
          className={css({ mt: '3', minH: '12' })}
          // Not disabled while loading: the button keeps keyboard focus for the next "Show more".
          aria-busy={loading}
          onClick={() => {
            if (loading) return;
            if (!failed) {
              setPages(pages + 1);
              return;
            }
            for (const page of more) if (page.isError) page.refetch();
          }}
        >
          {loading ? t('teamTasks.loadingMore') : t('teamTasks.showMore', { shown: people.length, count: total })}
        </Button>
      ) : null}
    </section>
  );
}

const STATUS_PALETTE = { QUALIFIED: 'success', EXPIRING: 'warning', NOT_QUALIFIED: 'error' } as const;

function PersonRow({ person }: { person: TeamQualifiedPerson }) {
  const reasons = [
    // A piece that stops someone is missing, expired or revoked (HELD and EXPIRING never stop anyone).
    ...person.missing.map((piece) =>
      t(`teamTasks.piece.${piece.status as 'MISSING' | 'EXPIRED' | 'REVOKED'}`, { name: piece.name }),
    ),
    ...person.expiring.map((piece) =>
      t('teamTasks.piece.EXPIRING', { name: piece.name, date: formatDate(piece.validUntil) }),
    ),
  ];
  return (
    <li
      className={css({
        display: 'flex',
        flexDirection: 'column',
        gap: '1',
        minH: '12',
        p: '3',
        borderWidth: '1px',
        borderColor: 'border.default',
        borderRadius: 'md',
        bg: 'bg.surface',
      })}
    >
      <span className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' })}>
        <bdi className={css({ fontWeight: 'semibold' })}>{person.name}</bdi>
        <Chip palette={STATUS_PALETTE[person.status]} size="sm">
          {person.status === 'EXPIRING'
            ? t('teamTasks.status.EXPIRING', { date: formatDate(person.validUntil) })
            : t(`teamTasks.status.${person.status}`)}
        </Chip>
      </span>
      {person.siteName ? <bdi className={css({ fontSize: 'sm', color: 'fg.muted' })}>{person.siteName}</bdi> : null}
      {reasons.length ? <span className={css({ fontSize: 'sm' })}>{reasons.join(' · ')}</span> : null}
    </li>
  );
}
