import { EMPTY_REPORT, toLearningReport, type LearningReportRecord, type UserReport } from '@contract/reports';
import { BookOpenCheck, ChartColumn, Download, FileBadge, Flame, Target, TrendingUp } from 'lucide-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { css } from 'styled-system/css';
import { queryKeys } from '../../api/query-keys';
import { learnerQueries } from '../../api/learner-queries';
import { ActivityCard } from '../../components/learner/reports/activity-card';
import { AssessmentTab } from '../../components/learner/reports/assessment-tab';
import { CompletedTab } from '../../components/learner/reports/completed-tab';
import { ImprovementRow } from '../../components/learner/reports/improvement-row';
import { sectionTitle } from '../../components/learner/reports/report-parts';
import { LoadFailedAlert } from '../../components/learner/load-failed-alert';
import { StatRow, StatTile } from '../../components/learner/stat-tile';
import { PageHeader } from '../../components/page-header';
import { useCertificateAction } from '../../hooks/use-certificate-action';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { SMALL_UP, useMediaQuery } from '../../hooks/use-media-query';
import { Button, Card, EmptyState, LoadingBlock, TabContent, TabList, TabTrigger, Tabs } from '../../ui';
import { t } from '../../i18n';

type Tab = 'completed' | 'assessment' | 'improvement';

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
        <LoadFailedAlert onRetry={() => void reportQuery.refetch()}>{t('reports.loadFailed')}</LoadFailedAlert>
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

  return (
    <>
      {header}
      <StatRow label={t('reports.summary')}>
        <StatTile
          label={t('reports.completedCourses')}
          value={String(view.summary.completedCourses)}
          icon={<BookOpenCheck />}
          tone="success"
        />
        <StatTile
          label={t('reports.averageScore')}
          value={`${view.summary.averageScore}%`}
          icon={<Target />}
          tone="brand"
        />
        <StatTile label={t('reports.dayStreak')} value={String(streak)} icon={<Flame />} tone="accent" />
      </StatRow>

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
            <CompletedTab
              records={view.records}
              search={search}
              onSearch={setSearch}
              page={page}
              onPageChange={setPage}
              certificateAction={certificateAction}
            />
          </TabContent>

          <TabContent value="assessment">
            <AssessmentTab rows={scored} certificateAction={certificateAction} />
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

      <ActivityCard
        metrics={report.summaryMetrics}
        certificateCount={view.records.filter((r) => r.certificateUrl).length}
      />
    </>
  );
}
