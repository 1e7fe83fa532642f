import type { DashboardStats, RecentCourseRow, RecentProgressRow, TopPerformerRow } from '@contract/admin-dashboard';
import { Award, BookOpen, Clock, GraduationCap, Library, Link2, Medal, Trophy, UserCheck, Users } from 'lucide-react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { grid, hstack, wrap } from 'styled-system/patterns';
import { Link } from 'wouter';
import { selectUser } from '../../../statecharts/session.machine';
import { dashboardApi } from '../../api/admin-people';
import { queryKeys } from '../../api/query-keys';
import { ComplianceOverview } from '../../components/admin/dashboard/compliance-overview';
import { PageHeader } from '../../components/page-header';
import { useAdminPermission } from '../../hooks/use-admin-permission';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useSession } from '../../state/session';
import { greetingName } from '../../state/user-display';
import {
  Alert,
  Card,
  Chip,
  DataTable,
  EmptyState,
  LoadingBlock,
  TabContent,
  TabList,
  Tabs,
  TabTrigger,
  textLink,
} from '../../ui';
import { formatDateTime, formatNumber, formatScore } from '../../format';
import { t } from '../../i18n';

interface DashboardData {
  stats: DashboardStats;
  progress: RecentProgressRow[];
  courses: RecentCourseRow[];
  performers: TopPerformerRow[];
}

const ZERO: DashboardStats = {
  activeUsers: 0,
  totalDomains: 0,
  totalAssignments: 0,
  pendingActions: 0,
  totalCourses: 0,
};
const EMPTY: DashboardData = { stats: ZERO, progress: [], courses: [], performers: [] };

/** The dashboard's four reads, as one query (they show together). */
const dashboardQuery = queryOptions({
  queryKey: queryKeys.admin.dashboard,
  queryFn: async ({ signal }): Promise<DashboardData> => {
    const [stats, progress, courses, performers] = await Promise.all([
      dashboardApi.stats(signal),
      dashboardApi.recentProgress(signal),
      dashboardApi.recentCourses(signal),
      dashboardApi.topPerformers(signal),
    ]);
    return { stats, progress, courses, performers };
  },
});

/** /admin: the admin dashboard: counts, quick actions and recent activity. A failed load shows zeros and one message. */
export function AdminDashboardPage() {
  useDocumentTitle(t('admin.dashboard.documentTitle'));
  const user = useSession(selectUser);
  // A card links only to a page this admin may open (the page's routes need the flag).
  const mayUse = useAdminPermission();
  const usersHref = mayUse(['userManagement']) ? '/admin/users' : undefined;
  const dashboard = useQuery(dashboardQuery);
  const data = dashboard.data ?? (dashboard.isError ? EMPTY : null);
  const error = dashboard.isError ? t('admin.dashboard.loadFailed') : null;
  const [tab, setTab] = useState('progress');

  const stats = data?.stats ?? ZERO;
  return (
    <>
      <PageHeader
        title={t('admin.dashboard.welcome', { name: greetingName(user, t('role.ADMIN')) })}
        subtitle={t('admin.dashboard.subtitle')}
      />
      {error ? (
        <Alert status="error" className={css({ mb: '5' })}>
          {error}
        </Alert>
      ) : null}
      <ComplianceOverview />
      {data === null ? (
        <LoadingBlock label={t('admin.dashboard.loading')} />
      ) : (
        <>
          <div
            className={grid({
              gap: '4',
              gridTemplateColumns: { base: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(5, 1fr)' },
              mb: '8',
            })}
          >
            <StatCard
              icon={<Users />}
              label={t('admin.dashboard.activeUsers')}
              value={stats.activeUsers}
              href={usersHref}
              linkText={t('admin.dashboard.viewUsers')}
            />
            <StatCard
              icon={<Library />}
              label={t('admin.dashboard.totalBooks')}
              value={stats.totalDomains}
              href={mayUse(['domainConfiguration']) ? '/admin/domains' : undefined}
              linkText={t('admin.dashboard.viewBooks')}
            />
            <StatCard icon={<Link2 />} label={t('admin.dashboard.assignments')} value={stats.totalAssignments} />
            <StatCard
              icon={<UserCheck />}
              label={t('admin.dashboard.pendingActions')}
              value={stats.pendingActions}
              hint={t('admin.dashboard.pendingHint')}
              href={stats.pendingActions > 0 ? usersHref : undefined}
              linkText={t('admin.dashboard.viewNow')}
              tone={stats.pendingActions > 0 ? 'warning' : undefined}
            />
            <StatCard
              icon={<BookOpen />}
              label={t('admin.dashboard.totalCourses')}
              value={stats.totalCourses}
              href={mayUse(['moduleManagement']) ? '/admin/courses' : undefined}
              linkText={t('admin.dashboard.manageCourses')}
            />
          </div>

          <Card>
            <div className={css({ p: { base: '4', md: '5' } })}>
              <h2 className={css({ fontSize: 'lg', fontWeight: 'semibold', mb: '3' })}>
                {t('admin.dashboard.activity')}
              </h2>
              <Tabs value={tab} onValueChange={setTab}>
                <TabList aria-label={t('admin.dashboard.activity')}>
                  <TabTrigger value="progress">{t('admin.dashboard.tab.progress')}</TabTrigger>
                  <TabTrigger value="courses">{t('admin.dashboard.tab.courses')}</TabTrigger>
                  <TabTrigger value="performers">{t('admin.dashboard.tab.performers')}</TabTrigger>
                </TabList>
                <TabContent value="progress">
                  <DataTable
                    label={t('admin.dashboard.progressLabel')}
                    rows={data.progress}
                    getRowKey={(r) => `${r.username}-${r.courseName}-${r.timestamp}`}
                    cardTitle={(r) => r.username}
                    columns={[
                      { key: 'user', header: t('admin.dashboard.col.user'), cell: (r) => r.username, hideInCard: true },
                      { key: 'course', header: t('admin.dashboard.col.course'), cell: (r) => r.courseName },
                      {
                        key: 'progress',
                        header: t('admin.dashboard.col.progress'),
                        cell: (r) => <ProgressBar value={r.progress} />,
                        width: '30%',
                      },
                      {
                        key: 'when',
                        header: t('admin.dashboard.col.lastActivity'),
                        cell: (r) => formatDateTime(r.timestamp),
                      },
                    ]}
                    empty={
                      <EmptyState
                        icon={<Clock />}
                        title={t('admin.dashboard.noActivity')}
                        description={t('admin.dashboard.noActivityText')}
                        headingLevel="h3"
                      />
                    }
                  />
                </TabContent>
                <TabContent value="courses">
                  {data.courses.length === 0 ? (
                    <EmptyState
                      icon={<GraduationCap />}
                      title={t('admin.dashboard.noCourses')}
                      description={t('admin.dashboard.noCoursesText')}
                      headingLevel="h3"
                    />
                  ) : (
                    <ul className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
                      {data.courses.map((course) => (
                        <li
                          key={course.id}
                          className={cx(
                            wrap({
                              align: 'center',
                              justify: 'space-between',
                              gap: '3',
                              p: '3',
                              borderRadius: 'md',
                              borderWidth: '1px',
                              borderColor: 'border.default',
                            }),
                            course.status === 'PUBLISHED'
                              ? css({ bg: 'success.subtle', borderColor: 'success.muted' })
                              : undefined,
                          )}
                        >
                          <div className={css({ minW: 0 })}>
                            <p className={css({ fontWeight: 'medium' })}>{course.title}</p>
                            <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
                              {course.domain} · {formatDateTime(course.createdAt)}
                            </p>
                          </div>
                          <Chip palette={course.status === 'PUBLISHED' ? 'success' : 'neutral'}>
                            {course.status === 'PUBLISHED'
                              ? t('admin.dashboard.published')
                              : t('admin.dashboard.draft')}
                          </Chip>
                        </li>
                      ))}
                    </ul>
                  )}
                </TabContent>
                <TabContent value="performers">
                  {data.performers.length === 0 ? (
                    <EmptyState
                      icon={<Trophy />}
                      title={t('admin.dashboard.noPerformers')}
                      description={t('admin.dashboard.noPerformersText')}
                      headingLevel="h3"
                    />
                  ) : (
                    <ol className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
                      {data.performers.map((p, index) => (
                        <li
                          key={p.username}
                          className={hstack({
                            gap: '3',
                            p: '3',
                            borderRadius: 'md',
                            borderWidth: '1px',
                            borderColor: 'border.default',
                          })}
                        >
                          <RankIcon rank={index + 1} />
                          <span
                            className={css({
                              fontWeight: 'medium',
                              flex: '1',
                              minW: 0,
                              overflow: 'hidden',
                              textOverflow: 'ellipsis',
                            })}
                          >
                            {p.username}
                          </span>
                          <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>
                            {t('admin.dashboard.completedOf', { completed: p.completedCourses, count: p.totalCourses })}
                          </span>
                        </li>
                      ))}
                    </ol>
                  )}
                </TabContent>
              </Tabs>
            </div>
          </Card>
        </>
      )}
    </>
  );
}

function StatCard({
  icon,
  label,
  value,
  href,
  linkText,
  hint,
  tone,
}: {
  icon: ReactNode;
  label: string;
  value: number;
  href?: string;
  linkText?: string;
  hint?: string;
  tone?: 'warning';
}) {
  return (
    <Card className={css({ p: '4', display: 'flex', flexDirection: 'column', gap: '2' })}>
      <div
        className={hstack({
          gap: '2',
          color: tone === 'warning' ? 'warning.fg' : 'brand.fg',
          '& svg': { w: '5', h: '5' },
        })}
      >
        <span aria-hidden>{icon}</span>
        <span className={css({ fontSize: 'sm', fontWeight: 'medium', color: 'fg.muted' })}>{label}</span>
      </div>
      <p className={css({ fontSize: '3xl', fontWeight: 'bold', lineHeight: '1' })}>{formatNumber(value)}</p>
      {hint ? <p className={css({ fontSize: 'xs', color: 'fg.subtle' })}>{hint}</p> : null}
      {href && linkText ? (
        <Link href={href} className={cx(textLink({ strong: true }), css({ fontSize: 'sm', mt: 'auto' }))}>
          {linkText}
        </Link>
      ) : null}
    </Card>
  );
}

function ProgressBar({ value }: { value: number }) {
  const pct = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div className={css({ display: 'flex', alignItems: 'center', gap: '2' })}>
      <div
        role="progressbar"
        aria-valuenow={pct}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-label={t('admin.dashboard.courseProgress')}
        className={css({ flex: '1', h: '2', bg: 'bg.muted', borderRadius: 'full', overflow: 'hidden', minW: '16' })}
      >
        <div className={css({ h: 'full', bg: 'brand.solid', borderRadius: 'full' })} style={{ width: `${pct}%` }} />
      </div>
      <span className={css({ fontSize: 'sm', fontVariantNumeric: 'tabular-nums', minW: '10', textAlign: 'end' })}>
        {formatScore(pct)}
      </span>
    </div>
  );
}

function RankIcon({ rank }: { rank: number }) {
  const style = css({ w: '6', h: '6', flexShrink: 0 });
  if (rank === 1)
    return (
      <Trophy aria-label={t('admin.dashboard.rank', { rank: 1 })} className={cx(style, css({ color: 'amber.500' }))} />
    );
  if (rank === 2)
    return (
      <Medal aria-label={t('admin.dashboard.rank', { rank: 2 })} className={cx(style, css({ color: 'gray.400' }))} />
    );
  if (rank === 3)
    return (
      <Award aria-label={t('admin.dashboard.rank', { rank: 3 })} className={cx(style, css({ color: 'orange.600' }))} />
    );
  return (
    <span
      className={cx(
        style,
        css({
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          fontSize: 'sm',
          color: 'fg.muted',
        }),
      )}
    >
      {rank}
    </span>
  );
}
