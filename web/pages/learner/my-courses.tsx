import type { CourseListStatus, CourseSort } from '@contract/courses';
import { MY_COURSES_PAGE_SIZE } from '@contract/learner-pages';
import { BookOpen, Search, SearchX } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useLayoutEffect, useMemo } from 'react';
import { css } from 'styled-system/css';
import { grid } from 'styled-system/patterns';
import { fetchCoursePage, learnerQueries } from '../../api/learner-queries';
import type { PageParams } from '../../api/paging';
import { queryKeys } from '../../api/query-keys';
import { CourseCard } from '../../components/course-card';
import { IncompleteAttemptsDialog } from '../../components/incomplete-attempts-dialog';
import { PageHeader } from '../../components/page-header';
import { TablePagination } from '../../components/table-pagination';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { takeOverServerMarkup } from '../../server-rendered';
import { useLearnerRequirements } from '../../hooks/use-learner-requirements';
import { usePagedList } from '../../hooks/use-paged-list';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Checkbox } from '../../ui/checkbox';
import { EmptyState } from '../../ui/empty-state';
import { Select } from '../../ui/select';
import { LoadingBlock } from '../../ui/spinner';
import { TabContent, TabList, Tabs, TabTrigger } from '../../ui/tabs';
import { TextField } from '../../ui/text-field';
import { t } from '../../i18n';
import { errorText } from '../../i18n/error-text';

type Tab = 'all' | CourseListStatus;
type Sort = 'default' | CourseSort;

// Functions, not constants: the texts are read in the current language.
const SORTS = (): { value: Sort; label: string }[] => [
  { value: 'default', label: t('myCourses.sort.default') },
  { value: 'recent', label: t('myCourses.sort.recent') },
  { value: 'alphabetical', label: t('myCourses.sort.alphabetical') },
  { value: 'domain', label: t('myCourses.sort.domain') },
];

const EMPTY_HINT = (): Record<Tab, string> => ({
  all: t('myCourses.empty.all'),
  progress: t('myCourses.empty.progress'),
  completed: t('myCourses.empty.completed'),
});

// The small breakpoint (600 px, hooks/use-media-query.ts SMALL_UP): long tab labels from it up.
const WIDE_ONLY = css({ display: { base: 'none', sm: 'inline' } });
const NARROW_ONLY = css({ display: { base: 'inline', sm: 'none' } });

/** The list's filters as the address holds them; blank is "every course", "every book", the server's order. */
const FILTERS = {
  showAll: false as boolean,
  status: '' as '' | CourseListStatus,
  bookId: '',
  sortBy: '' as '' | CourseSort,
};

/**
 * One page of the courses the learner may see, searched, filtered by status tab and book and sorted
 * on the server. `showAll` adds the courses of other books that allow browsing (they come locked,
 * with `canEnroll`). The answer also carries the tabs' counts and the book filter's options.
 */
const fetchCourses = ({ sortBy, ...params }: PageParams & typeof FILTERS, signal: AbortSignal) =>
  fetchCoursePage({ ...params, sortBy: sortBy || undefined }, signal);

/** /my-courses: "My Safety Training", the learner's courses by status tab, searchable, filtered by book and sorted, a page at a time; optionally the other books' courses too. */
export function MyCoursesPage() {
  useDocumentTitle(t('nav.myCourses'));
  // The Worker may have rendered this page (worker/routes/learner-pages.ts): its copy leaves as this one commits.
  useLayoutEffect(takeOverServerMarkup, []);
  const list = usePagedList({
    queryKey: queryKeys.learner.courses,
    fetchPage: fetchCourses,
    filters: FILTERS,
    defaultLimit: MY_COURSES_PAGE_SIZE,
  });
  const data = list.query.data ?? null;
  const loading = list.query.isPending;
  const error = list.query.isError ? errorText(list.query.error, t('myCourses.loadFailed')) : null;
  const load = () => void list.query.refetch();
  // The cards' progress bars: every course the learner is enrolled in (one short list, not paged).
  // If it fails, the cards show without progress.
  const progresses = useQuery(learnerQueries.progresses());
  const progressOf = useMemo(
    () => new Map((progresses.data?.progresses ?? []).map((p) => [p.courseId, p])),
    [progresses.data],
  );
  // The Required badges are extra: if they fail to load, the courses still show without them.
  const requirements = useLearnerRequirements();
  const requirementOf = useMemo(
    () => new Map((requirements.data ?? []).map((r) => [r.courseId, r])),
    [requirements.data],
  );
  const { showAll, status, bookId, sortBy } = list.filters;
  const tab: Tab = status || 'all';
  const books = data?.books ?? [];
  const counts = data?.counts ?? { all: 0, progress: 0, completed: 0 };
  const visible = data?.courses ?? [];
  const filtersActive = list.search.trim() !== '' || bookId !== '';

  return (
    <div>
      <PageHeader title={t('myCourses.title')} subtitle={t('myCourses.subtitle')} />
      <IncompleteAttemptsDialog />

      {/* The status tabs filter the one course list below, which is their tab panel (a selected tab
          whose panel does not exist carries an invalid aria-controls). */}
      <Tabs value={tab} onValueChange={(v) => list.setFilter('status', v === 'all' ? '' : (v as CourseListStatus))}>
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '4', mb: '6' })}>
          <div
            className={grid({
              gap: '3',
              gridTemplateColumns: { base: '1fr', md: '1fr 220px 220px' },
              alignItems: 'end',
            })}
          >
            <div className={css({ position: 'relative' })}>
              {/* Visible labels on the three filters: a placeholder or a chosen value ("All") is no name. */}
              <TextField
                label={t('myCourses.search')}
                type="search"
                placeholder={t('myCourses.searchPlaceholder')}
                value={list.search}
                onChange={(e) => list.setSearch(e.target.value)}
                className={css({ '& input': { ps: '9' } })}
              />
              <Search
                aria-hidden
                className={css({
                  position: 'absolute',
                  insetStart: '3',
                  // Centred on the input (40 px high) under its label.
                  bottom: '3',
                  w: '4',
                  h: '4',
                  color: 'fg.subtle',
                  pointerEvents: 'none',
                })}
              />
            </div>
            <Select
              label={t('myCourses.filterBook')}
              options={[
                { value: 'all', label: t('myCourses.all') },
                ...books.map((b) => ({ value: b.id, label: b.name })),
              ]}
              value={bookId || 'all'}
              onValueChange={(id) => list.setFilter('bookId', id === 'all' ? '' : id)}
            />
            <Select
              label={t('myCourses.sortLabel')}
              options={SORTS()}
              value={sortBy || 'default'}
              onValueChange={(sort) => list.setFilter('sortBy', sort === 'default' ? '' : sort)}
            />
          </div>
          <Checkbox
            checked={showAll}
            onCheckedChange={(on) => {
              list.setFilter('showAll', on);
              // A book chosen among the other books' courses may not be in the learner's own list: back to All.
              if (!on && bookId) list.setFilter('bookId', '');
            }}
          >
            {t('myCourses.showAll')}
          </Checkbox>
          <TabList aria-label={t('myCourses.statusTabs')}>
            <TabTrigger value="all">{t('myCourses.tab.all', { count: counts.all })}</TabTrigger>
            {/* Long and short labels chosen by the stylesheet, not a script: the Worker's copy (rendered
                without the screen's width) and the app's show the same at every width. */}
            <TabTrigger value="progress">
              <span className={WIDE_ONLY}>{t('myCourses.tab.inProgress', { count: counts.progress })}</span>
              <span className={NARROW_ONLY}>{t('myCourses.tab.progress', { count: counts.progress })}</span>
            </TabTrigger>
            <TabTrigger value="completed">
              <span className={WIDE_ONLY}>{t('myCourses.tab.completed', { count: counts.completed })}</span>
              <span className={NARROW_ONLY}>{t('myCourses.tab.done', { count: counts.completed })}</span>
            </TabTrigger>
          </TabList>
        </div>

        <TabContent value={tab} className={css({ pt: '0' })}>
          {loading && !data ? (
            <LoadingBlock label={t('myCourses.loading')} />
          ) : error ? (
            <Alert
              status="error"
              action={
                <Button size="sm" variant="outline" onClick={load}>
                  {t('common.retry')}
                </Button>
              }
            >
              {error}
            </Alert>
          ) : visible.length === 0 ? (
            filtersActive ? (
              <EmptyState
                bordered
                icon={<SearchX />}
                title={t('myCourses.noMatches')}
                description={t('myCourses.noMatchesText')}
                actions={<Button onClick={list.clearFilters}>{t('myCourses.clearFilters')}</Button>}
              />
            ) : (
              <EmptyState bordered icon={<BookOpen />} title={t('myCourses.none')} description={EMPTY_HINT()[tab]} />
            )
          ) : (
            <ul
              className={grid({
                gap: '5',
                gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
              })}
              aria-label={t('myCourses.listLabel')}
            >
              {visible.map((course) => (
                <li key={course.id}>
                  <CourseCard
                    course={course}
                    progress={progressOf.get(course.id) ?? null}
                    requirement={requirementOf.get(course.id)}
                  />
                </li>
              ))}
            </ul>
          )}
          <TablePagination list={list} pageSizes={[MY_COURSES_PAGE_SIZE]} className={css({ mt: '6' })} />
        </TabContent>
      </Tabs>
    </div>
  );
}
