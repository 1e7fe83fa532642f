/**
 * GET /api/v2/user/reports (api-responses.md) and the pure rules both sides use to present it
 * (learner spec: Reports, section 9 constants). No I/O here.
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
export declare const EMPTY_REPORT: UserReport;
export declare const REPORTS_PAGE_SIZE = 5;
/** Summary average when a completed course has no post-assessment score (section 9). */
export declare const SUMMARY_SCORE_DEFAULT = 100;
export declare const certificateDownloadPath: (certificateId: string) => string;
/**
 * Consecutive UTC days with learning activity, ending today, or yesterday when today has none
 * yet (a streak is not lost before the day is over). With no activity ever, the spec's default:
 * days since account creation, minimum 1.
 */
export declare function learningStreak(activityDays: readonly string[], accountCreatedAt: string | null, now?: Date): number;
export type PerformanceLabel = 'Excellent' | 'Great' | 'Good' | 'Passed';
/** 90+ Excellent, 80+ Great, 70+ Good, otherwise Passed (section 9). */
export declare function performanceLabel(score: number): PerformanceLabel;
/** Improvement bar length in percent: the absolute value doubled, capped at 100. */
export declare function improvementBarWidth(improvement: number | null | undefined): number;
/** Reports' time format: "N hr M min", "N hr" or "N min" (rounded to the minute). */
export declare function formatReportDuration(seconds: number | null | undefined): string;
/** Total time in hours to one decimal ("2.5"). */
export declare function totalHours(seconds: number | null | undefined): string;
/** The learning report record of the learner spec, one per completed course. */
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
    summary: {
        completedCourses: number;
        averageScore: number;
        learningStreak: number;
    };
}
/**
 * The reports screen's view of the API answer: completed courses ranked by post-assessment score
 * (best first, unscored last), the summary average rounded, a missing post score counting 100.
 */
export declare function toLearningReport(report: UserReport): LearningReport;
/** Search on the completed-courses tab: course title or book, case-insensitive. */
export declare function matchesReportSearch(record: Pick<LearningReportRecord, 'courseTitle' | 'domainName'>, query: string): boolean;
