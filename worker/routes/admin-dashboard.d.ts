import type { AppEnv } from '../env';
export declare const adminDashboard: import("hono/hono-base").HonoBase<AppEnv, {
    "/stats": {
        $get: {
            input: {};
            output: {
                activeUsers: number;
                totalDomains: number;
                totalAssignments: number;
                pendingActions: number;
                totalCourses: number;
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/recent-progress": {
        $get: {
            input: {};
            output: {
                progress: number;
                username: string;
                courseName: string;
                timestamp: string;
            }[];
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/recent-courses": {
        $get: {
            input: {};
            output: {
                id: string;
                title: string;
                domain: string;
                status: "DRAFT" | "PUBLISHED";
                createdAt: string;
            }[];
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/top-performers": {
        $get: {
            input: {};
            output: {
                username: string;
                completedCourses: number;
                totalCourses: number;
            }[];
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
}, "/", "/top-performers">;
