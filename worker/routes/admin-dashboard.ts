import { and, desc, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { DashboardStats, RecentCourseRow, RecentProgressRow, TopPerformerRow } from '../contract/admin-dashboard';
import { courseProgress, courses, domains, users } from '../db/schema';
import type { Db } from '../db/client';
import type { AppEnv } from '../env';
import { requireAdmin } from '../middleware/auth';
import { readSnapshot, siteSnapshotKey, SNAPSHOT_TTL } from '../services/admin-snapshots';
import { siteScope } from '../services/sites';

export const adminDashboard = new Hono<AppEnv>()
  .use('*', requireAdmin('reportGeneration'))
  .get('/stats', async (c) =>
    c.json(
      await readSnapshot(c.var.db, siteSnapshotKey('dashboard:stats', c.var.user), SNAPSHOT_TTL.dashboardStats, () =>
        dashboardStats(c.var.db, c.var.user.siteLimit),
      ),
    ),
  )

  .get('/recent-progress', async (c) => {
    const rows = await recentProgressQuery(c.var.db, c.var.user.siteLimit);
    return c.json(
      rows.map((r) => ({
        ...r,
        progress: Math.round(r.progress),
      })) satisfies RecentProgressRow[],
    );
  })

  .get('/recent-courses', async (c) => {
    const rows = await c.var.db
      .select({
        id: courses.id,
        title: courses.title,
        domain: domains.name,
        status: courses.status,
        createdAt: courses.createdAt,
      })
      .from(courses)
      .innerJoin(domains, eq(domains.id, courses.domainId))
      .orderBy(desc(courses.createdAt))
      .limit(5);
    return c.json(rows satisfies RecentCourseRow[]);
  })

  .get('/top-performers', async (c) =>
    c.json(
      (await readSnapshot(
        c.var.db,
        siteSnapshotKey('dashboard:top-performers', c.var.user),
        SNAPSHOT_TTL.topPerformers,
        () => topPerformersQuery(c.var.db, c.var.user.siteLimit),
      )) satisfies TopPerformerRow[],
    ),
  );

/**
 * The dashboard counts. They read every person and assignment, so the route keeps them as a
 * snapshot (services/admin-snapshots.ts) that admin writes to people, books and courses forget.
 */
async function dashboardStats(db: Db, siteLimit: string | null | undefined): Promise<DashboardStats> {
  // Admins are not learners: Active Users and Pending Actions count role USER only. Leavers
  // (deactivated) count nowhere; their records stay. A site-limited administrator's people figures
  // are their site's; books and courses are content, the organisation's.
  const inSite = siteLimit ? sql` AND u.site_id = ${siteLimit}` : sql``;
  const [row] = await db.all<DashboardStats>(sql`
      SELECT
        (SELECT count(*) FROM users u WHERE u.role <> 'ADMIN' AND u.deactivated_at IS NULL${inSite}) AS activeUsers,
        (SELECT count(*) FROM domains) AS totalDomains,
        (SELECT count(*) FROM user_domains ud JOIN users u ON u.id = ud.user_id WHERE u.deactivated_at IS NULL${inSite}) AS totalAssignments,
        (SELECT count(*) FROM users u WHERE u.role <> 'ADMIN' AND u.deactivated_at IS NULL${inSite}
           AND NOT EXISTS (SELECT 1 FROM user_domains ud WHERE ud.user_id = u.id)) AS pendingActions,
        (SELECT count(*) FROM courses) AS totalCourses`);
  return {
    activeUsers: row?.activeUsers ?? 0,
    totalDomains: row?.totalDomains ?? 0,
    totalAssignments: row?.totalAssignments ?? 0,
    pendingActions: row?.pendingActions ?? 0,
    totalCourses: row?.totalCourses ?? 0,
  };
}

/** The ten latest course activities, newest first: read in order from course_progress_activity_idx. */
export function recentProgressQuery(db: Db, siteLimit?: string | null) {
  const when = sql<string>`coalesce(${courseProgress.lastAccessedAt}, ${courseProgress.completedAt}, ${courseProgress.startedAt}, ${courseProgress.enrolledAt})`;
  return db
    .select({
      username: users.username,
      courseName: courses.title,
      progress: courseProgress.overallProgress,
      timestamp: when,
    })
    .from(courseProgress)
    .innerJoin(users, eq(users.id, courseProgress.userId))
    .innerJoin(courses, eq(courses.id, courseProgress.courseId))
    .where(siteScope({ siteLimit }))
    .orderBy(desc(when))
    .limit(10);
}

/** Learners with the most completed courses (a snapshot: it groups every course progress row). */
function topPerformersQuery(db: Db, siteLimit: string | null | undefined) {
  const completed = sql<number>`sum(CASE WHEN ${courseProgress.status} = 'COMPLETED' THEN 1 ELSE 0 END)`;
  return db
    .select({
      username: users.username,
      completedCourses: completed,
      totalCourses: sql<number>`count(*)`,
    })
    .from(courseProgress)
    .innerJoin(users, eq(users.id, courseProgress.userId))
    .where(and(sql`${users.role} <> 'ADMIN' AND ${users.deactivatedAt} IS NULL`, siteScope({ siteLimit })))
    .groupBy(users.id)
    .having(sql`${completed} > 0`)
    .orderBy(desc(completed), sql`count(*)`, users.username)
    .limit(5);
}
