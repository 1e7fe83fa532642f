import type { Course } from '@contract/courses';
import type { CourseProgress } from '@contract/progress';
import { learnerCourseState } from '@contract/rules/progress';
import { BookOpen, Search, SearchX } from 'lucide-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { css } from 'styled-system/css';
import { learnerApi } from '../../api/learner';
import { queryKeys } from '../../api/query-keys';
import { CourseCard } from '../../components/course-card';
import { IncompleteAttemptsDialog } from '../../components/incomplete-attempts-dialog';
import { PageHeader } from '../../components/page-header';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useLearnerRequirements } from '../../hooks/use-learner-requirements';
import { SMALL_UP, useMediaQuery } from '../../hooks/use-media-query';
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

type Tab = 'all' | 'progress' | 'completed';
type Sort = 'default' | 'recent' | 'alphabetical' | 'domain';

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

/** Course search: title, book name or description, case-insensitive. */
function matchesSearch(course: Course, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return [course.title, course.domain.name, course.description ?? ''].some((text) => text.toLowerCase().includes(q));
}

function sortCourses(list: Course[], sort: Sort): Course[] {
  const copy = [...list];
  if (sort === 'recent') copy.sort((a, b) => (b.publishedAt ?? b.createdAt).localeCompare(a.publishedAt ?? a.createdAt));
  if (sort === 'alphabetical') copy.sort((a, b) => a.title.localeCompare(b.title));
  if (sort === 'domain') copy.sort((a, b) => a.domain.name.localeCompare(b.domain.name) || a.title.localeCompare(b.title));
  return copy;
}

interface Loaded {
  courses: Course[];
  progress: Map<string, CourseProgress>;
}

/**
 * Every course the learner may see, in pages of 20, all of them: search, tabs, book filter and
 * sorts then work without a round trip. `showAll` adds the courses of other books that allow
 * browsing (they come locked, with `canEnroll`).
 */
async function loadCourses(showAll: boolean, signal: AbortSignal): Promise<Loaded> {
  const [first, progress] = await Promise.all([learnerApi.courses({ page: 1, limit: 20, showAll }, signal), learnerApi.progresses()]);
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, first.pagination.totalPages - 1) }, (_, i) => learnerApi.courses({ page: i + 2, limit: 20, showAll }, signal)),
  );
  const courses = [first, ...rest].flatMap((page) => page.courses);
  return { courses, progress: new Map(progress.progresses.map((p) => [p.courseId, p])) };
}

/** /my-courses: "My Safety Training", the learner's courses by status tab, searchable, filtered by book and sorted; optionally the other books' courses too. */
export function MyCoursesPage() {
  useDocumentTitle(t('nav.myCourses'));
  const wide = useMediaQuery(SMALL_UP);
  const [showAll, setShowAll] = useState(false);
  const query = useQuery({
    queryKey: [...queryKeys.learner.courses, { showAll }],
    queryFn: ({ signal }) => loadCourses(showAll, signal),
    placeholderData: keepPreviousData,
    // Progress changes through the course machines, outside this cache: read it again on every visit.
    staleTime: 0,
  });
  const data = query.data ?? null;
  const loading = query.isPending;
  const error = query.isError ? errorText(query.error, t('myCourses.loadFailed')) : null;
  const load = () => void query.refetch();
  // The Required badges are extra: if they fail to load, the courses still show without them.
  const requirements = useLearnerRequirements();
  const requirementOf = useMemo(() => new Map((requirements.data ?? []).map((r) => [r.courseId, r])), [requirements.data]);
  const [search, setSearch] = useState('');
  const [tab, setTab] = useState<Tab>('all');
  const [book, setBook] = useState('all');
  const [sort, setSort] = useState<Sort>('default');

  const books = useMemo(() => [...new Set((data?.courses ?? []).map((c) => c.domain.name))].sort(), [data]);
  const visible = useMemo(() => {
    if (!data) return [];
    const filtered = data.courses.filter((course) => {
      const state = learnerCourseState(data.progress.get(course.id));
      if (tab === 'progress' && state !== 'IN_PROGRESS' && state !== 'ENROLLED') return false;
      if (tab === 'completed' && state !== 'COMPLETED') return false;
      if (book !== 'all' && course.domain.name !== book) return false;
      return matchesSearch(course, search);
    });
    return sortCourses(filtered, sort);
  }, [data, tab, book, search, sort]);
  const counts = useMemo(() => {
    const states = (data?.courses ?? []).map((c) => learnerCourseState(data?.progress.get(c.id)));
    return {
      all: states.length,
      progress: states.filter((s) => s === 'IN_PROGRESS' || s === 'ENROLLED').length,
      completed: states.filter((s) => s === 'COMPLETED').length,
    };
  }, [data]);

  const filtersActive = search.trim() !== '' || book !== 'all';
  const clearFilters = () => {
    setSearch('');
    setBook('all');
    setSort('default');
    setTab('all');
  };

  return (
    <div>
      <PageHeader title={t('myCourses.title')} subtitle={t('myCourses.subtitle')} />
      <IncompleteAttemptsDialog onResolved={load} />

      {/* The status tabs filter the one course list below, which is their tab panel (a selected tab
          whose panel does not exist carries an invalid aria-controls). */}
      <Tabs value={tab} onValueChange={(v) => setTab(v as Tab)}>
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '4', mb: '6' })}>
          <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 220px 220px' }, gap: '3', alignItems: 'end' })}>
            <div className={css({ position: 'relative' })}>
              <TextField
                aria-label={t('myCourses.search')}
                type="search"
                placeholder={t('myCourses.searchPlaceholder')}
                value={search}
                onChange={(e) => setSearch(e.target.value)}
                className={css({ '& input': { ps: '9' } })}
              />
              <Search aria-hidden className={css({ position: 'absolute', insetStart: '3', top: '50%', transform: 'translateY(-50%)', w: '4', h: '4', color: 'fg.subtle', pointerEvents: 'none' })} />
            </div>
            <Select
              aria-label={t('myCourses.filterBook')}
              options={[{ value: 'all', label: t('myCourses.all') }, ...books.map((b) => ({ value: b, label: b }))]}
              value={book}
              onValueChange={setBook}
            />
            <Select aria-label={t('myCourses.sortLabel')} options={SORTS()} value={sort} onValueChange={setSort} />
          </div>
          <Checkbox
            checked={showAll}
            onCheckedChange={(on) => {
              setShowAll(on);
              // A book chosen among the other books' courses is not in the learner's own list: back to All.
              if (!on && book !== 'all' && !data?.courses.some((c) => c.domain.name === book && !c.isLocked)) setBook('all');
            }}
          >
            {t('myCourses.showAll')}
          </Checkbox>
          <TabList aria-label={t('myCourses.statusTabs')}>
            <TabTrigger value="all">{t('myCourses.tab.all', { count: counts.all })}</TabTrigger>
            <TabTrigger value="progress">{wide ? t('myCourses.tab.inProgress', { count: counts.progress }) : t('myCourses.tab.progress', { count: counts.progress })}</TabTrigger>
            <TabTrigger value="completed">{wide ? t('myCourses.tab.completed', { count: counts.completed }) : t('myCourses.tab.done', { count: counts.completed })}</TabTrigger>
          </TabList>
        </div>

        <TabContent value={tab} className={css({ pt: '0' })}>
          {loading && !data ? (
            <LoadingBlock label={t('myCourses.loading')} />
          ) : error ? (
            <Alert status="error" action={<Button size="sm" variant="outline" onClick={load}>{t('common.retry')}</Button>}>
              {error}
            </Alert>
          ) : visible.length === 0 ? (
            filtersActive ? (
              <EmptyState
                bordered
                icon={<SearchX />}
                title={t('myCourses.noMatches')}
                description={t('myCourses.noMatchesText')}
                actions={<Button onClick={clearFilters}>{t('myCourses.clearFilters')}</Button>}
              />
            ) : (
              <EmptyState bordered icon={<BookOpen />} title={t('myCourses.none')} description={EMPTY_HINT()[tab]} />
            )
          ) : (
            <ul className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' }, gap: '5' })} aria-label={t('myCourses.listLabel')}>
              {visible.map((course) => (
                <li key={course.id}>
                  <CourseCard course={course} progress={data?.progress.get(course.id) ?? null} requirement={requirementOf.get(course.id)} />
                </li>
              ))}
            </ul>
          )}
        </TabContent>
      </Tabs>
    </div>
  );
}
