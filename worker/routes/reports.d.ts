import type { AppEnv } from '../env';
/** Mounted at /api/v2/user/reports (requireAuth applied by the prefix in app.ts). */
export declare const reports: import("hono/hono-base").HonoBase<AppEnv, {
    "/": {
        $get: {
            input: {};
            output: {
                summaryMetrics: {
                    totalCoursesEnrolled: number;
                    totalCoursesCompleted: number;
                    averageAssessmentScore: number;
                    totalTimeSpentSeconds: number;
                    learningStreak: number;
                };
                courseProgressDetails: {
                    courseId: string;
                    courseTitle: string;
                    domainName: string | null;
                    status: import("../contract/reports").ReportCourseStatus;
                    preAssessmentScore: number | null;
                    postAssessmentScore: number | null;
                    improvement: number | null;
                    timeSpentSeconds: number;
                    lastAccessedDate: string | null;
                    certificateId: string | null;
                    certificateNumber: string | null;
                    certificateUrl: string | null;
                }[];
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
}, "/", "/">;
