import type { AppEnv } from '../env';
export declare const adminAssessments: import("hono/hono-base").HonoBase<AppEnv, {
    "/attempts": {
        $get: {
            input: {
                query: {
                    status: "PASSED" | "FAILED" | "ALL";
                    domainId: string | string[];
                    courseId: string | string[];
                    userId: string | string[];
                    search: string | string[];
                    page: string | string[];
                    size: string | string[];
                };
            };
            output: {
                attempts: {
                    id: string;
                    userId: string;
                    username: string;
                    email: string;
                    componentId: string;
                    componentTitle: string;
                    courseId: string;
                    courseTitle: string;
                    domainId: string;
                    domainName: string;
                    attemptNumber: number;
                    maxAttempts: number;
                    score: number | null;
                    passed: boolean;
                    startedAt: string;
                    submittedAt: string | null;
                    progressStatus: "NOT_STARTED" | "IN_PROGRESS" | "COMPLETED" | "FAILED" | null;
                    progressScore: number | null;
                    remainingAttempts: number;
                    canAdminIntervene: boolean;
                    markedByAdmin: boolean;
                }[];
                totalItems: number;
                totalPages: number;
                currentPage: number;
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/summary": {
        $get: {
            input: {};
            output: {
                totalAttempts: number;
                passedAttempts: number;
                failedAttempts: number;
                topFailingComponents: {
                    componentTitle: string;
                    failedAttempts: number;
                    componentId: string;
                    courseTitle: string;
                }[];
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/audit-log": {
        $get: {
            input: {
                query: {
                    page: string | string[];
                    size: string | string[];
                };
            };
            output: {
                entries: {
                    before: null;
                    after: null;
                    id: string;
                    actorId: string;
                    actorUsername: string;
                    action: string;
                    targetUserId: string | null;
                    targetUsername: string | null;
                    entityType: string | null;
                    entityId: string | null;
                    reason: string | null;
                    createdAt: string;
                }[];
                totalItems: number;
                totalPages: number;
                currentPage: number;
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/:componentId/users/:userId/reset": {
        $post: {
            input: {
                param: {
                    componentId: string;
                    userId: string;
                };
            } & {
                json: {
                    reason: string;
                };
            };
            output: {
                message: "Assessment attempts have been reset successfully";
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/:componentId/users/:userId/pass": {
        $post: {
            input: {
                param: {
                    componentId: string;
                    userId: string;
                };
            } & {
                query: {
                    score: string | string[];
                };
            } & {
                json: {
                    reason: string;
                };
            };
            output: {
                message: "Assessment has been marked as passed successfully";
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
}, "/", "/:componentId/users/:userId/pass">;
