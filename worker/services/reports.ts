import { and, desc, eq, isNotNull, max, sql, sum } from 'drizzle-orm';
import {
  certificateDownloadPath,
  learningStreak,
  type CourseProgressDetail,
  type ReportCourseStatus,
  type UserReport,
} from '../contract/reports';
import type { Db } from '../db/client';
import { preparedReads } from '../db/prepared';
import {
  attempts,
  certificates,
  componentProgress,
  components,
  courseProgress,
  courses,
  domains,
  learningActivity,
  users,
} from '../db/schema';
import { progressCertificate } from './progress-dtos';

/** Enough history for any realistic streak; keeps the read bounded for a learner active for years. */
const MAX_ACTIVITY_DAYS = 3660;

const round2 = (n: number) => Math.round(n * 100) / 100;
const mean = (values: number[]) =>
  values.length === 0 ? null : round2(values.reduce((a, b) => a + b, 0) / values.length);

/**
 * The learner's report in one round trip of five grouped reads (no per-course queries), so its
 * cost depends on this learner's rows only, not on the number of users or courses.
 */
export async function buildUserReport(db: Db, userId: string, now = new Date()): Promise<UserReport> {
  const [enrolled, bestScores, times, activity, account] = await db.batch(
    preparedReads(db, 'user report', {}, { userId }, buildUserReportReads),
  );
  return toUserReport([enrolled, bestScores, times, activity, account], now);
}

/** The report's statements (a template: see db/prepared.ts; `userId` is a placeholder). */
const buildUserReportReads = (db: Db, { userId }: { userId: string }) =>
  [
    db
      .select({
        courseId: courseProgress.courseId,
        courseTitle: courses.title,
        domainName: domains.name,
        status: courseProgress.status,
        enrolledAt: courseProgress.enrolledAt,
        completedAt: courseProgress.completedAt,
        lastAccessedAt: courseProgress.lastAccessedAt,
        certificateId: certificates.id,
        certificateNumber: certificates.certificateNumber,
      })
      .from(courseProgress)
      .innerJoin(courses, eq(courses.id, courseProgress.courseId))
      .leftJoin(domains, eq(domains.id, courses.domainId))
      .leftJoin(certificates, progressCertificate)
      .where(eq(courseProgress.userId, userId))
      .orderBy(
        desc(
          sql`coalesce(${courseProgress.completedAt}, ${courseProgress.lastAccessedAt}, ${courseProgress.enrolledAt})`,
        ),
      ),
    // Best submitted attempt per assessment.
    db
      .select({
        courseId: attempts.courseId,
        componentId: attempts.componentId,
        type: components.type,
        best: max(attempts.score),
      })
      .from(attempts)
      .innerJoin(components, eq(components.id, attempts.componentId))
      .where(and(eq(attempts.userId, userId), isNotNull(attempts.submittedAt), isNotNull(attempts.score)))
      .groupBy(attempts.componentId),
    db
      .select({
        courseId: componentProgress.courseId,
        seconds: sum(componentProgress.timeSpentSeconds),
        lastAccessedAt: max(componentProgress.lastAccessedAt),
      })
      .from(componentProgress)
      .where(eq(componentProgress.userId, userId))
      .groupBy(componentProgress.courseId),
    db
      .select({ day: learningActivity.day })
      .from(learningActivity)
      .where(eq(learningActivity.userId, userId))
      .orderBy(desc(learningActivity.day))
      .limit(MAX_ACTIVITY_DAYS),
    db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId)).limit(1),
  ] as const;

type Rows<T extends readonly unknown[]> = { readonly [K in keyof T]: Awaited<T[K]> };
type ReportRows = Rows<ReturnType<typeof buildUserReportReads>>;

function toUserReport([enrolled, bestScores, times, activity, account]: ReportRows, now: Date): UserReport {
  const scores = new Map<string, { pre: number[]; post: number[] }>();
  const allBest: number[] = [];
  for (const row of bestScores) {
    if (row.best == null) continue;
    const best = Number(row.best);
    allBest.push(best);
    const entry = scores.get(row.courseId) ?? { pre: [], post: [] };
    if (row.type === 'PRE_ASSESSMENT') entry.pre.push(best);
    else if (row.type === 'POST_ASSESSMENT') entry.post.push(best);
    scores.set(row.courseId, entry);
  }
  const timeByCourse = new Map(
    times.map((t) => [t.courseId, { seconds: Number(t.seconds ?? 0), lastAccessedAt: t.lastAccessedAt }]),
  );

  const details: CourseProgressDetail[] = enrolled.map((row) => {
    const s = scores.get(row.courseId);
    const pre = mean(s?.pre ?? []);
    const post = mean(s?.post ?? []);
    const time = timeByCourse.get(row.courseId);
    const lastAccess =
      [row.lastAccessedAt, time?.lastAccessedAt]
        .filter((d): d is string => !!d)
        .sort()
        .at(-1) ?? null;
    return {
      courseId: row.courseId,
      courseTitle: row.courseTitle,
      domainName: row.domainName,
      status: row.status as ReportCourseStatus,
      preAssessmentScore: pre,
      postAssessmentScore: post,
      improvement: pre != null && post != null ? round2(post - pre) : null,
      timeSpentSeconds: time?.seconds ?? 0,
      lastAccessedDate:
        row.status === 'COMPLETED' && row.completedAt ? row.completedAt : (lastAccess ?? row.enrolledAt),
      certificateId: row.certificateId,
      certificateNumber: row.certificateNumber,
      certificateUrl: row.certificateId ? certificateDownloadPath(row.certificateId) : null,
    };
  });

  return {
    summaryMetrics: {
      totalCoursesEnrolled: enrolled.length,
      totalCoursesCompleted: enrolled.filter((r) => r.status === 'COMPLETED').length,
      averageAssessmentScore: mean(allBest) ?? 0,
      totalTimeSpentSeconds: details.reduce((total, d) => total + d.timeSpentSeconds, 0),
      learningStreak: learningStreak(
        activity.map((a) => a.day),
        account[0]?.createdAt ?? null,
        now,
      ),
    },
    courseProgressDetails: details,
  };
}
