import type { DashboardStats, RecentCourseRow, RecentProgressRow, TopPerformerRow } from '@contract/admin-people';
import { Award, BookOpen, Clock, GraduationCap, Library, Link2, Medal, Trophy, UserCheck, Users } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { Link } from 'wouter';
import { selectUser } from '../../../statecharts/session.machine';
import { dashboardApi } from '../../api/admin-people';
import { queryKeys } from '../../api/query-keys';
import { PageHeader } from '../../components/page-header';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useSession } from '../../state/session';
import { greetingName } from '../../state/user-display';
import { Alert, Card, Chip, DataTable, EmptyState, LoadingBlock, TabContent, TabList, Tabs, TabTrigger } from '../../ui';
import { formatDateTime } from '../../format';

interface DashboardData {
  stats: DashboardStats;
  progress: RecentProgressRow[];
  courses: RecentCourseRow[];
  performers: TopPerformerRow[];
}

const ZERO: DashboardStats = { activeUsers: 0, totalDomains: 0, totalAssignments: 0, pendingActions: 0, totalCourses: 0 };
export const DASHBOARD_ERROR = 'Failed to load dashboard data. Please try again later.';
const EMPTY: DashboardData = { stats: ZERO, progress: [], courses: [], performers: [] };

async function loadDashboard(signal: AbortSignal): Promise<DashboardData> {
  const [stats, progress, courses, performers] = await Promise.all([
    dashboardApi.stats(signal),
    dashboardApi.recentProgress(signal),
    dashboardApi.recentCourses(signal),
    dashboardApi.topPerformers(signal),
  ]);
  return { stats, progress, courses, performers };
}

/** /admin: the admin dashboard: counts, quick actions and recent activity. A failed load shows zeros and one message. */
export function AdminDashboardPage() {
  useDocumentTitle('Admin Dashboard');
  const user = useSession(selectUser);
  const dashboard = useQuery({ queryKey: queryKeys.admin.dashboard, queryFn: ({ signal }) => loadDashboard(signal) });
  const data = dashboard.data ?? (dashboard.isError ? EMPTY : null);
  const error = dashboard.isError ? DASHBOARD_ERROR : null;
  const [tab, setTab] = useState('progress');

  const stats = data?.stats ?? ZERO;
  return (
    <>
      <PageHeader title={`Welcome back, ${greetingName(user, 'Admin')}`} subtitle="An overview of learners, books, courses and recent activity." />
      {error ? (
        <Alert status="error" className={css({ mb: '5' })}>
          {error}
        </Alert>
      ) : null}
      {data === null ? (
        <LoadingBlock label="Loading dashboard..." />
      ) : (
        <>
          <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(5, 1fr)' }, gap: '4', mb: '8' })}>
            <StatCard icon={<Users />} label="Active Users" value={stats.activeUsers} href="/admin/users" linkText="View Users" />
            <StatCard icon={<Library />} label="Total Domains" value={stats.totalDomains} href="/admin/domains" linkText="View Books" />
            <StatCard icon={<Link2 />} label="User Assignments" value={stats.totalAssignments} />
            <StatCard
              icon={<UserCheck />}
              label="Pending Actions"
              value={stats.pendingActions}
              hint="Learners without a book"
              href={stats.pendingActions > 0 ? '/admin/users' : undefined}
              linkText="View Now"
              tone={stats.pendingActions > 0 ? 'warning' : undefined}
            />
            <StatCard icon={<BookOpen />} label="Total Courses" value={stats.totalCourses} href="/admin/courses" linkText="Manage Courses" />
          </div>

          <Card>
            <div className={css({ p: { base: '4', md: '5' } })}>
              <h2 className={css({ fontSize: 'lg', fontWeight: 'semibold', mb: '3' })}>Activity Tracking</h2>
              <Tabs value={tab} onValueChange={setTab}>
                <TabList aria-label="Activity Tracking">
                  <TabTrigger value="progress">User Progress</TabTrigger>
                  <TabTrigger value="courses">Recent Courses</TabTrigger>
                  <TabTrigger value="performers">Top Performers</TabTrigger>
                </TabList>
                <TabContent value="progress">
                  <DataTable
                    label="Recent learner progress"
                    rows={data.progress}
                    getRowKey={(r) => `${r.username}-${r.courseName}-${r.timestamp}`}
                    cardTitle={(r) => r.username}
                    columns={[
                      { key: 'user', header: 'User', cell: (r) => r.username, hideInCard: true },
                      { key: 'course', header: 'Course', cell: (r) => r.courseName },
                      { key: 'progress', header: 'Progress', cell: (r) => <ProgressBar value={r.progress} />, width: '30%' },
                      { key: 'when', header: 'Last activity', cell: (r) => formatDateTime(r.timestamp) },
                    ]}
                    empty={<EmptyState icon={<Clock />} title="No learner activity yet" description="Progress appears here once learners enroll in courses." headingLevel="h3" />}
                  />
                </TabContent>
                <TabContent value="courses">
                  {data.courses.length === 0 ? (
                    <EmptyState icon={<GraduationCap />} title="No courses yet" description="Courses you create appear here." headingLevel="h3" />
                  ) : (
                    <ul className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
                      {data.courses.map((course) => (
                        <li
                          key={course.id}
                          className={cx(
                            css({ display: 'flex', gap: '3', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', p: '3', borderRadius: 'md', borderWidth: '1px', borderColor: 'border.default' }),
                            course.status === 'PUBLISHED' ? css({ bg: 'success.subtle', borderColor: 'success.muted' }) : undefined,
                          )}
                        >
                          <div className={css({ minW: 0 })}>
                            <p className={css({ fontWeight: 'medium' })}>{course.title}</p>
                            <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
                              {course.domain} · {formatDateTime(course.createdAt)}
                            </p>
                          </div>
                          <Chip palette={course.status === 'PUBLISHED' ? 'success' : 'neutral'}>{course.status === 'PUBLISHED' ? 'Published' : 'Draft'}</Chip>
                        </li>
                      ))}
                    </ul>
                  )}
                </TabContent>
                <TabContent value="performers">
                  {data.performers.length === 0 ? (
                    <EmptyState icon={<Trophy />} title="No top performers yet" description="Learners who complete courses are ranked here." headingLevel="h3" />
                  ) : (
                    <ol className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
                      {data.performers.map((p, index) => (
                        <li key={p.username} className={css({ display: 'flex', gap: '3', alignItems: 'center', p: '3', borderRadius: 'md', borderWidth: '1px', borderColor: 'border.default' })}>
                          <RankIcon rank={index + 1} />
                          <span className={css({ fontWeight: 'medium', flex: '1', minW: 0, overflow: 'hidden', textOverflow: 'ellipsis' })}>{p.username}</span>
                          <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>
                            {p.completedCourses} of {p.totalCourses} {p.totalCourses === 1 ? 'course' : 'courses'} completed
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

function StatCard({ icon, label, value, href, linkText, hint, tone }: { icon: ReactNode; label: string; value: number; href?: string; linkText?: string; hint?: string; tone?: 'warning' }) {
  return (
    <Card className={css({ p: '4', display: 'flex', flexDirection: 'column', gap: '2' })}>
      <div className={css({ display: 'flex', alignItems: 'center', gap: '2', color: tone === 'warning' ? 'warning.fg' : 'brand.fg', '& svg': { w: '5', h: '5' } })}>
        <span aria-hidden>{icon}</span>
        <span className={css({ fontSize: 'sm', fontWeight: 'medium', color: 'fg.muted' })}>{label}</span>
      </div>
      <p className={css({ fontSize: '3xl', fontWeight: 'bold', lineHeight: '1' })}>{value}</p>
      {hint ? <p className={css({ fontSize: 'xs', color: 'fg.subtle' })}>{hint}</p> : null}
      {href && linkText ? (
        <Link href={href} className={css({ fontSize: 'sm', fontWeight: 'medium', color: 'brand.fg', mt: 'auto', _hover: { textDecoration: 'underline' } })}>
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
      <div role="progressbar" aria-valuenow={pct} aria-valuemin={0} aria-valuemax={100} aria-label="Course progress" className={css({ flex: '1', h: '2', bg: 'bg.muted', borderRadius: 'full', overflow: 'hidden', minW: '16' })}>
        <div className={css({ h: 'full', bg: 'brand.solid', borderRadius: 'full' })} style={{ width: `${pct}%` }} />
      </div>
      <span className={css({ fontSize: 'sm', fontVariantNumeric: 'tabular-nums', minW: '10', textAlign: 'end' })}>{pct}%</span>
    </div>
  );
}

function RankIcon({ rank }: { rank: number }) {
  const style = css({ w: '6', h: '6', flexShrink: 0 });
  if (rank === 1) return <Trophy aria-label="Rank 1" className={cx(style, css({ color: 'amber.500' }))} />;
  if (rank === 2) return <Medal aria-label="Rank 2" className={cx(style, css({ color: 'gray.400' }))} />;
  if (rank === 3) return <Award aria-label="Rank 3" className={cx(style, css({ color: 'orange.600' }))} />;
  return <span className={cx(style, css({ display: 'inline-flex', alignItems: 'center', justifyContent: 'center', fontSize: 'sm', color: 'fg.muted' }))}>{rank}</span>;
}
