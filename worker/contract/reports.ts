/**
 * GET /api/v2/user/reports and the pure rules both sides use to present it (streak, labels,
 * durations). No I/O here.
 */

export type ReportCourseStatus = 'ENROLLED' | 'IN_PROGRESS' | 'COMPLETED';

export interface ReportSummaryMetrics {
  totalCoursesEnrolled: number;
  totalCoursesCompleted: number;
  /** Mean of the best submitted score of every assessment the learner took, 0-100, 2 decimals; 0 when none. */
  averageAssessmentScore: number;
  totalTimeSpentSeconds: number;
  learningStreak: number;
}

export interface CourseProgressDetail {
  courseId: string;
  courseTitle: string;
  domainName: string | null;
  status: ReportCourseStatus;
  /** Best submitted attempt per assessment, averaged over the course's assessments of that kind. */
  preAssessmentScore: number | null;
  postAssessmentScore: number | null;
  /** post - pre in percentage points, when both exist. */
  improvement: number | null;
  timeSpentSeconds: number;
  /** Completion date for a completed course, else the last access (shown as completion date). */
  lastAccessedDate: string | null;
  certificateId: string | null;
  certificateNumber: string | null;
  /** `/v2/certificates/download/{certificateId}` or null. */
  certificateUrl: string | null;
}

export interface UserReport {
  summaryMetrics: ReportSummaryMetrics;
  courseProgressDetails: CourseProgressDetail[];
}

/** "A failure falls back to an empty report." */
export const EMPTY_REPORT: UserReport = {
  summaryMetrics: {
    totalCoursesEnrolled: 0,
    totalCoursesCompleted: 0,
    averageAssessmentScore: 0,
    totalTimeSpentSeconds: 0,
    learningStreak: 0,
  },
  courseProgressDetails: [],
};

export const REPORTS_PAGE_SIZE = 5;
/** Summary average when a completed course has no post-assessment score. */
export const SUMMARY_SCORE_DEFAULT = 100;

export const certificateDownloadPath = (certificateId: string) => `/v2/certificates/download/${certificateId}`;

const DAY_MS = 24 * 3600 * 1000;
const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Consecutive UTC days with learning activity, ending today, or yesterday when today has none
 * yet (a streak is not lost before the day is over). With no activity ever, the default:
 * days since account creation, minimum 1.
 */
export function learningStreak(
  activityDays: readonly string[],
  accountCreatedAt: string | null,
  now = new Date(),
): number {
  if (activityDays.length === 0) {
    const created = accountCreatedAt ? Date.parse(accountCreatedAt) : NaN;
    const days = Number.isNaN(created) ? 0 : Math.floor((now.getTime() - created) / DAY_MS);
    return Math.max(1, days);
  }
  const days = new Set(activityDays);
  let cursor = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  if (!days.has(utcDay(cursor))) cursor = new Date(cursor.getTime() - DAY_MS);
  let streak = 0;
  while (days.has(utcDay(cursor))) {
    streak += 1;
    cursor = new Date(cursor.getTime() - DAY_MS);
  }
  return streak;
}

export type PerformanceLabel = 'Excellent' | 'Great' | 'Good' | 'Passed';

/** 90+ Excellent, 80+ Great, 70+ Good, otherwise Passed. */
export function performanceLabel(score: number): PerformanceLabel {
  if (score >= 90) return 'Excellent';
  if (score >= 80) return 'Great';
  if (score >= 70) return 'Good';
  return 'Passed';
}

/** Improvement bar length in percent: the absolute value doubled, capped at 100. */
export function improvementBarWidth(improvement: number | null | undefined): number {
  return Math.min(100, Math.abs(improvement ?? 0) * 2);
}

/** Reports' time format: "N hr M min", "N hr" or "N min" (rounded to the minute). */
export function formatReportDuration(seconds: number | null | undefined): string {
  const minutes = Math.round(Math.max(0, seconds ?? 0) / 60);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} hr` : `${hours} hr ${rest} min`;
}

/** Total time in hours to one decimal ("2.5"). */
export function totalHours(seconds: number | null | undefined): string {
  return (Math.max(0, seconds ?? 0) / 3600).toFixed(1);
}

/** One learning report record per completed course. */
export interface LearningReportRecord {
  courseId: string;
  courseTitle: string;
  domainName: string | null;
  lastAccessedDate: string | null;
  preAssessmentScore: number | null;
  postAssessmentScore: number | null;
  improvement: number | null;
  timeSpentSeconds: number;
  certificateId: string | null;
  certificateNumber: string | null;
  certificateUrl: string | null;
}

export interface LearningReport {
  records: LearningReportRecord[];
  summary: { completedCourses: number; averageScore: number; learningStreak: number };
}

/**
 * The reports screen's view of the API answer: completed courses ranked by post-assessment score
 * (best first, unscored last), the summary average rounded, a missing post score counting 100.
 */
export function toLearningReport(report: UserReport): LearningReport {
  const records = report.courseProgressDetails
    .filter((d) => d.status === 'COMPLETED')
    .map(({ status: _status, ...rest }) => rest)
    .sort(
      (a, b) =>
        (b.postAssessmentScore ?? -1) - (a.postAssessmentScore ?? -1) || a.courseTitle.localeCompare(b.courseTitle),
    );
  const averageScore =
    records.length === 0
      ? 0
      : Math.round(
          records.reduce((sum, r) => sum + (r.postAssessmentScore ?? SUMMARY_SCORE_DEFAULT), 0) / records.length,
        );
  return {
    records,
    summary: { completedCourses: records.length, averageScore, learningStreak: report.summaryMetrics.learningStreak },
  };
}

/** Search on the completed-courses tab: course title or book, case-insensitive. */
export function matchesReportSearch(
  record: Pick<LearningReportRecord, 'courseTitle' | 'domainName'>,
  query: string,
): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return record.courseTitle.toLowerCase().includes(q) || (record.domainName ?? '').toLowerCase().includes(q);
}
