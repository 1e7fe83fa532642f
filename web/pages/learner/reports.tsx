import {
  EMPTY_REPORT,
  formatReportDuration,
  improvementBarWidth,
  matchesReportSearch,
  performanceLabel,
  REPORTS_PAGE_SIZE,
  toLearningReport,
  totalHours,
  type LearningReportRecord,
  type PerformanceLabel,
  type UserReport,
} from '@contract/reports';
import {
  Award,
  BookOpenCheck,
  ChartColumn,
  Clock,
  Download,
  FileBadge,
  Flame,
  RotateCcw,
  Search,
  Target,
  TrendingDown,
  TrendingUp,
} from 'lucide-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { queryKeys } from '../../api/query-keys';
import { learnerQueries } from '../../api/learner-queries';
import { PageHeader } from '../../components/page-header';
import { useCertificateAction } from '../../hooks/use-certificate-action';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { SMALL_UP, useMediaQuery } from '../../hooks/use-media-query';
import {
  Alert,
  Button,
  Card,
  Chip,
  DataTable,
  EmptyState,
  LoadingBlock,
  Pagination,
  TabContent,
  TabList,
  TabTrigger,
  Tabs,
  TextField,
  type DataTableColumn,
} from '../../ui';
import { formatCertificateDate, formatScore } from '../../format';
import { t } from '../../i18n';
import { PERFORMANCE_IDS } from '../../i18n/labels';

type Tab = 'completed' | 'assessment' | 'improvement';

const PERFORMANCE_PALETTE: Record<PerformanceLabel, 'success' | 'info' | 'brand' | 'warning'> = {
  Excellent: 'success',
  Great: 'info',
  Good: 'brand',
  Passed: 'warning',
};

/** /reports, "My Learning Reports": summary cards and the completed, assessment and improvement tabs, with each course's certificate. */
export function ReportsPage() {
  useDocumentTitle(t('reports.title'));
  const wide = useMediaQuery(SMALL_UP);
  const queryClient = useQueryClient();
  const reportQuery = useQuery(learnerQueries.reports());
  const [tab, setTab] = useState<Tab>('completed');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);

  const report = reportQuery.data ?? EMPTY_REPORT;
  const view = useMemo(() => toLearningReport(report), [report]);
  const filtered = useMemo(() => view.records.filter((r) => matchesReportSearch(r, search)), [view.records, search]);
  const pageCount = Math.max(1, Math.ceil(filtered.length / REPORTS_PAGE_SIZE));
  const currentPage = Math.min(page, pageCount);
  const pageRows = filtered.slice((currentPage - 1) * REPORTS_PAGE_SIZE, currentPage * REPORTS_PAGE_SIZE);
  const scored = view.records.filter((r) => r.postAssessmentScore != null);
  const improved = view.records.filter((r) => r.preAssessmentScore != null && r.postAssessmentScore != null);
  const streak = report.summaryMetrics.learningStreak;

  // A generated certificate shows on its row at once, before the report is read again.
  const certificates = useCertificateAction('reports', (courseId, certificate) =>
    queryClient.setQueryData<UserReport>(queryKeys.learner.reports, (current) =>
      current
        ? {
            ...current,
            courseProgressDetails: current.courseProgressDetails.map((d) =>
              d.courseId === courseId
                ? {
                    ...d,
                    certificateId: certificate.certificateId,
                    certificateNumber: certificate.certificateNumber,
                    certificateUrl: `/v2/certificates/download/${certificate.certificateId}`,
                  }
                : d,
            ),
          }
        : current,
    ),
  );
  const busyCourse = certificates.busyCourse;
  const onDownload = (record: LearningReportRecord) =>
    record.certificateId ? certificates.download(record.courseId, { certificateId: record.certificateId }) : undefined;
  const onGenerate = (record: LearningReportRecord) => certificates.generateAndDownload(record.courseId);

  const certificateAction = (record: LearningReportRecord, size: 'xs' | 'sm' = 'sm') =>
    record.certificateUrl ? (
      <Button
        size={size}
        variant="outline"
        leftIcon={<Download />}
        loading={busyCourse === record.courseId}
        disabled={busyCourse !== null && busyCourse !== record.courseId}
        onClick={() => onDownload(record)}
        aria-label={t('reports.downloadFor', { title: record.courseTitle })}
      >
        {t('reports.download')}
      </Button>
    ) : (
      <Button
        size={size}
        variant="subtle"
        leftIcon={<FileBadge />}
        loading={busyCourse === record.courseId}
        disabled={busyCourse !== null && busyCourse !== record.courseId}
        onClick={() => onGenerate(record)}
        aria-label={t('reports.generateFor', { title: record.courseTitle })}
      >
        {t('reports.generate')}
      </Button>
    );

  const header = <PageHeader title={t('reports.title')} subtitle={t('reports.subtitle')} />;
  if (reportQuery.isPending) {
    return (
      <>
        {header}
        <LoadingBlock label={t('reports.loading')} />
      </>
    );
  }
  if (reportQuery.isError) {
    return (
      <>
        {header}
        <Alert
          status="error"
          action={
            <Button
              size="sm"
              variant="outline"
              palette="neutral"
              leftIcon={<RotateCcw />}
              onClick={() => void reportQuery.refetch()}
            >
              {t('common.retry')}
            </Button>
          }
        >
          {t('reports.loadFailed')}
        </Alert>
      </>
    );
  }
  if (report.courseProgressDetails.length === 0) {
    return (
      <>
        {header}
        <EmptyState bordered icon={<ChartColumn />} title={t('reports.empty')} />
      </>
    );
  }

  const assessmentColumns: DataTableColumn<LearningReportRecord>[] = [
    { key: 'course', header: t('reports.course'), cell: (r) => <CourseCell record={r} />, hideInCard: true },
    {
      key: 'date',
      header: t('reports.completionDate'),
      cell: (r) => formatCertificateDate(r.lastAccessedDate),
      width: '170px',
    },
    {
      key: 'score',
      header: t('reports.score'),
      cell: (r) => <strong>{formatScore(r.postAssessmentScore)}</strong>,
      align: 'right',
      width: '90px',
    },
    {
      key: 'performance',
      header: t('reports.performance'),
      cell: (r) => {
        const label = performanceLabel(r.postAssessmentScore ?? 0);
        return (
          <Chip palette={PERFORMANCE_PALETTE[label]} size="sm">
            {t(PERFORMANCE_IDS[label])}
          </Chip>
        );
      },
      width: '130px',
    },
    {
      key: 'certificate',
      header: t('reports.certificate'),
      cell: (r) => certificateAction(r, 'xs'),
      width: '140px',
      hideInCard: true,
    },
  ];

  return (
    <>
      {header}
      <section
        aria-label={t('reports.summary')}
        className={css({
          display: 'grid',
          gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
          gap: { base: '2', sm: '3', md: '5' },
          mb: { base: '6', md: '8' },
        })}
      >
        <Stat
          label={t('reports.completedCourses')}
          value={String(view.summary.completedCourses)}
          icon={<BookOpenCheck />}
          tone="success"
        />
        <Stat
          label={t('reports.averageScore')}
          value={`${view.summary.averageScore}%`}
          icon={<Target />}
          tone="brand"
        />
        <Stat label={t('reports.dayStreak')} value={String(streak)} icon={<Flame />} tone="accent" />
      </section>

      <Card
        variant="outline"
        as="section"
        aria-labelledby="performance-heading"
        className={css({ p: { base: '4', md: '6' }, mb: { base: '6', md: '8' } })}
      >
        <h2 id="performance-heading" className={sectionTitle}>
          {t('reports.performanceHeading')}
        </h2>
        <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)} fitted={!wide}>
          <TabList aria-label={t('reports.performanceTabs')}>
            <TabTrigger value="completed">{wide ? t('reports.completedCourses') : t('reports.tabDone')}</TabTrigger>
            <TabTrigger value="assessment">{wide ? t('reports.tabAssessment') : t('reports.tabScore')}</TabTrigger>
            <TabTrigger value="improvement">{wide ? t('reports.tabImprovement') : t('reports.tabGrowth')}</TabTrigger>
          </TabList>

          <TabContent value="completed">
            <div className={css({ display: 'flex', flexDirection: 'column', gap: '4', pt: '4' })}>
              <div className={css({ position: 'relative', maxW: { sm: '360px' } })}>
                <Search
                  aria-hidden
                  size={16}
                  className={css({
                    position: 'absolute',
                    insetStart: '3',
                    top: '50%',
                    transform: 'translateY(-50%)',
                    color: 'fg.muted',
                    pointerEvents: 'none',
                    zIndex: 1,
                  })}
                />
                <TextField
                  aria-label={t('reports.searchLabel')}
                  placeholder={t('reports.searchPlaceholder')}
                  type="search"
                  value={search}
                  className={css({ '& input': { ps: '9' } })}
                  onChange={(event) => {
                    setSearch(event.target.value);
                    // A new search starts again from page 1.
                    setPage(1);
                  }}
                />
              </div>
              {view.records.length === 0 ? (
                <EmptyState headingLevel="p" icon={<BookOpenCheck />} title={t('reports.noCompleted')} />
              ) : filtered.length === 0 ? (
                <EmptyState headingLevel="p" icon={<Search />} title={t('reports.noMatch')} />
              ) : (
                <>
                  <ol
                    className={css({
                      display: 'flex',
                      flexDirection: 'column',
                      gap: '3',
                      listStyle: 'none',
                      p: 0,
                      m: 0,
                    })}
                    aria-label={t('reports.rankedLabel')}
                  >
                    {pageRows.map((record) => {
                      const rank = view.records.indexOf(record) + 1;
                      return (
                        <li
                          key={record.courseId}
                          className={css({
                            display: 'flex',
                            alignItems: { base: 'flex-start', sm: 'center' },
                            flexDirection: { base: 'column', sm: 'row' },
                            gap: '3',
                            p: '4',
                            borderWidth: '1px',
                            borderColor: 'border.muted',
                            borderRadius: 'lg',
                          })}
                        >
                          <div className={css({ display: 'flex', gap: '3', alignItems: 'center', flex: '1', minW: 0 })}>
                            <span
                              role="img"
                              aria-label={t('reports.rank', { rank })}
                              className={cx(rankBadge, rank <= 3 ? rankTop : undefined)}
                            >
                              {rank}
                            </span>
                            <CourseCell record={record} />
                          </div>
                          <div
                            className={css({
                              display: 'flex',
                              alignItems: 'center',
                              gap: '4',
                              flexWrap: 'wrap',
                              justifyContent: 'space-between',
                              w: { base: '100%', sm: 'auto' },
                            })}
                          >
                            <span
                              className={css({
                                display: 'flex',
                                flexDirection: 'column',
                                fontSize: 'xs',
                                color: 'fg.muted',
                              })}
                            >
                              {t('reports.postScore')}
                              <strong className={css({ fontSize: 'md', color: 'fg.default' })}>
                                {formatScore(record.postAssessmentScore)}
                              </strong>
                            </span>
                            {certificateAction(record)}
                          </div>
                        </li>
                      );
                    })}
                  </ol>
                  {pageCount > 1 ? (
                    <Pagination
                      count={filtered.length}
                      pageSize={REPORTS_PAGE_SIZE}
                      page={currentPage}
                      onPageChange={setPage}
                    />
                  ) : null}
                </>
              )}
            </div>
          </TabContent>

          <TabContent value="assessment">
            <div className={css({ pt: '4' })}>
              <DataTable
                rows={scored}
                columns={assessmentColumns}
                getRowKey={(r) => r.courseId}
                label={t('reports.assessmentTable')}
                cardTitle={(r) => <CourseCell record={r} />}
                cardActions={(r) => certificateAction(r)}
                empty={<EmptyState headingLevel="p" icon={<Target />} title={t('reports.noAssessment')} />}
              />
            </div>
          </TabContent>

          <TabContent value="improvement">
            <div className={css({ display: 'flex', flexDirection: 'column', gap: '3', pt: '4' })}>
              {improved.length === 0 ? (
                <EmptyState headingLevel="p" icon={<TrendingUp />} title={t('reports.noImprovement')} />
              ) : (
                improved.map((record) => <ImprovementRow key={record.courseId} record={record} />)
              )}
            </div>
          </TabContent>
        </Tabs>
      </Card>

      <Card
        variant="outline"
        as="section"
        aria-labelledby="activity-heading"
        className={css({ p: { base: '4', md: '6' } })}
      >
        <h2 id="activity-heading" className={sectionTitle}>
          {t('reports.activityHeading')}
        </h2>
        <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3' })}>
          {streak > 0 ? (
            <>
              <Chip palette="accent" size="md" icon={<Flame />}>
                {t('reports.streak', { count: streak })}
              </Chip>
              <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('reports.keepGoing')}</span>
            </>
          ) : (
            <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('reports.startStreak')}</span>
          )}
        </div>
        <dl
          className={css({
            display: 'grid',
            gridTemplateColumns: { base: '1fr 1fr', md: 'repeat(3, 1fr)' },
            gap: '4',
            mt: '5',
          })}
        >
          <Metric
            icon={<Clock />}
            label={t('reports.totalTime')}
            value={t('reports.hours', { hours: totalHours(report.summaryMetrics.totalTimeSpentSeconds) })}
          />
          <Metric
            icon={<BookOpenCheck />}
            label={t('reports.enrolled')}
            value={String(report.summaryMetrics.totalCoursesEnrolled)}
          />
          <Metric
            icon={<Award />}
            label={t('reports.certificates')}
            value={String(view.records.filter((r) => r.certificateUrl).length)}
          />
        </dl>
      </Card>
    </>
  );
}

const sectionTitle = css({ fontSize: { base: 'lg', md: 'xl' }, fontWeight: 'semibold', mb: '4' });
const rankBadge = css({
  display: 'grid',
  placeItems: 'center',
  flex: 'none',
  w: '8',
  h: '8',
  borderRadius: 'full',
  fontSize: 'sm',
  fontWeight: 'bold',
  bg: 'bg.subtle',
  color: 'fg.muted',
});
const rankTop = css({ bg: 'accent.subtle', color: 'accent.fg' });

function CourseCell({ record }: { record: LearningReportRecord }) {
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', minW: 0 })}>
      <span className={css({ fontWeight: 'semibold', color: 'fg.default', overflowWrap: 'anywhere' })}>
        {record.courseTitle}
      </span>
      <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>
        {record.domainName || t('reports.defaultDomain')} ·{' '}
        {t('reports.completedOn', { date: formatCertificateDate(record.lastAccessedDate) })}
      </span>
    </div>
  );
}

function ImprovementRow({ record }: { record: LearningReportRecord }) {
  const improvement = record.improvement ?? 0;
  const negative = improvement < 0;
  const width = improvementBarWidth(improvement);
  return (
    <div
      className={css({
        display: 'flex',
        flexDirection: 'column',
        gap: '3',
        p: '4',
        borderWidth: '1px',
        borderColor: 'border.muted',
        borderRadius: 'lg',
      })}
    >
      <CourseCell record={record} />
      <dl
        className={css({ display: 'grid', gridTemplateColumns: { base: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: '3' })}
      >
        <Metric label={t('reports.preScore')} value={formatScore(record.preAssessmentScore)} />
        <Metric label={t('reports.postScore')} value={formatScore(record.postAssessmentScore)} />
        <Metric
          label={t('reports.improvement')}
          value={t('reports.points', { points: `${improvement > 0 ? '+' : ''}${Math.round(improvement * 10) / 10}` })}
          icon={negative ? <TrendingDown /> : <TrendingUp />}
        />
        <Metric
          label={t('reports.timeInvested')}
          value={formatReportDuration(record.timeSpentSeconds)}
          icon={<Clock />}
        />
      </dl>
      <div
        role="meter"
        aria-label={t('reports.improvementFor', { title: record.courseTitle })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={width}
        className={css({ h: '2', borderRadius: 'full', bg: 'bg.subtle', overflow: 'hidden' })}
      >
        <div className={negative ? barNegative : barPositive} style={{ width: `${width}%` }} />
      </div>
    </div>
  );
}

const barPositive = css({ h: '100%', borderRadius: 'full', bg: 'success.solid' });
const barNegative = css({ h: '100%', borderRadius: 'full', bg: 'error.solid' });

function Metric({ label, value, icon }: { label: string; value: string; icon?: ReactNode }) {
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '0.5' })}>
      <dt className={css({ fontSize: 'xs', color: 'fg.muted', fontWeight: 'medium' })}>{label}</dt>
      <dd
        className={css({
          display: 'flex',
          alignItems: 'center',
          gap: '1.5',
          fontWeight: 'semibold',
          color: 'fg.default',
          '& svg': { w: '4', h: '4', color: 'fg.muted' },
        })}
      >
        {icon}
        {value}
      </dd>
    </div>
  );
}

const STAT_TONES = {
  success: css({ bg: 'success.subtle', color: 'success.fg' }),
  brand: css({ bg: 'brand.subtle', color: 'brand.fg' }),
  accent: css({ bg: 'accent.subtle', color: 'accent.fg' }),
} as const;
const statIcon = css({
  display: 'grid',
  placeItems: 'center',
  flex: 'none',
  w: { base: '9', md: '12' },
  h: { base: '9', md: '12' },
  borderRadius: 'xl',
  '& svg': { w: { base: '5', md: '6' }, h: { base: '5', md: '6' } },
});

function Stat({
  label,
  value,
  icon,
  tone,
}: {
  label: string;
  value: string;
  icon: ReactNode;
  tone: keyof typeof STAT_TONES;
}) {
  return (
    <Card
      variant="elevated"
      className={css({
        display: 'flex',
        flexDirection: { base: 'column', md: 'row' },
        alignItems: { base: 'flex-start', md: 'center' },
        gap: { base: '2', md: '4' },
        p: { base: '3', md: '5' },
      })}
    >
      <span aria-hidden className={cx(statIcon, STAT_TONES[tone])}>
        {icon}
      </span>
      <div className={css({ display: 'flex', flexDirection: 'column' })}>
        <span
          className={css({
            fontSize: { base: 'xs', md: 'sm' },
            color: 'fg.muted',
            fontWeight: 'medium',
            lineHeight: '1.3',
          })}
        >
          {label}
        </span>
        <span
          className={css({
            fontSize: { base: '2xl', md: '3xl' },
            fontWeight: 'bold',
            lineHeight: '1.1',
            color: 'fg.default',
          })}
        >
          {value}
        </span>
      </div>
    </Card>
  );
}
