import type { AppEnv } from '../env';
export declare const progress: import("hono/hono-base").HonoBase<AppEnv, {
    "/courses": {
        $get: {
            input: {};
            output: {
                progresses: {
                    id: string;
                    courseId: string;
                    courseTitle: string;
                    courseDomain: string;
                    domain: {
                        id: string;
                        name: string;
                    };
                    status: import("../contract/rules/progress").CourseStatus;
                    overallProgress: number;
                    totalComponents: number;
                    completedComponents: number;
                    enrollmentDate: string;
                    startedDate: string | null;
                    completedAt: string | null;
                    lastAccessedAt: string | null;
                    certificateId: string | null;
                }[];
                count: number;
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/courses/:id": {
        $get: {
            input: {
                param: {
                    id: string;
                };
            };
            output: {
                courseProgress: {
                    id: string;
                    courseId: string;
                    courseTitle: string;
                    courseDomain: string;
                    domain: {
                        id: string;
                        name: string;
                    };
                    status: import("../contract/rules/progress").CourseStatus;
                    overallProgress: number;
                    totalComponents: number;
                    completedComponents: number;
                    enrollmentDate: string;
                    startedDate: string | null;
                    completedAt: string | null;
                    lastAccessedAt: string | null;
                    certificateId: string | null;
                };
                componentProgresses: {
                    id: string;
                    componentId: string;
                    componentTitle: string;
                    componentType: import("../contract/course").ComponentType;
                    order: number;
                    status: import("../contract/rules/progress").ComponentStatus;
                    progressPercentage: number;
                    score: number | null;
                    attempts: number;
                    timeSpentSeconds: number;
                    startedAt: string | null;
                    completedAt: string | null;
                    lastAccessedAt: string | null;
                    required: boolean;
                }[];
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/courses/:id/enroll": {
        $post: {
            input: {
                param: {
                    id: string;
                };
            };
            output: {
                message: string;
                progress: {
                    id: string;
                    courseId: string;
                    courseTitle: string;
                    courseDomain: string;
                    domain: {
                        id: string;
                        name: string;
                    };
                    status: import("../contract/rules/progress").CourseStatus;
                    overallProgress: number;
                    totalComponents: number;
                    completedComponents: number;
                    enrollmentDate: string;
                    startedDate: string | null;
                    completedAt: string | null;
                    lastAccessedAt: string | null;
                    certificateId: string | null;
                };
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/components/:id/start": {
        $post: {
            input: {
                param: {
                    id: string;
                };
            };
            output: {
                message: string;
                progress: {
                    id: string;
                    componentId: string;
                    componentTitle: string;
                    componentType: import("../contract/course").ComponentType;
                    order: number;
                    status: import("../contract/rules/progress").ComponentStatus;
                    progressPercentage: number;
                    score: number | null;
                    attempts: number;
                    timeSpentSeconds: number;
                    startedAt: string | null;
                    completedAt: string | null;
                    lastAccessedAt: string | null;
                    required: boolean;
                };
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/components/:id/progress": {
        $put: {
            input: {
                param: {
                    id: string;
                };
            } & {
                json: {
                    progressPercentage: number;
                };
            };
            output: {
                message: string;
                progress: {
                    id: string;
                    componentId: string;
                    componentTitle: string;
                    componentType: import("../contract/course").ComponentType;
                    order: number;
                    status: import("../contract/rules/progress").ComponentStatus;
                    progressPercentage: number;
                    score: number | null;
                    attempts: number;
                    timeSpentSeconds: number;
                    startedAt: string | null;
                    completedAt: string | null;
                    lastAccessedAt: string | null;
                    required: boolean;
                };
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/components/:id/complete": {
        $post: {
            input: {
                param: {
                    id: string;
                };
            } & {
                json: {
                    score?: number | null | undefined;
                };
            };
            output: {
                message: string;
                progress: {
                    id: string;
                    componentId: string;
                    componentTitle: string;
                    componentType: import("../contract/course").ComponentType;
                    order: number;
                    status: import("../contract/rules/progress").ComponentStatus;
                    progressPercentage: number;
                    score: number | null;
                    attempts: number;
                    timeSpentSeconds: number;
                    startedAt: string | null;
                    completedAt: string | null;
                    lastAccessedAt: string | null;
                    required: boolean;
                };
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/components/:id/time": {
        $put: {
            input: {
                param: {
                    id: string;
                };
            } & {
                json: {
                    additionalSeconds: number;
                };
            };
            output: {
                message: string;
                progress: {
                    id: string;
                    componentId: string;
                    componentTitle: string;
                    componentType: import("../contract/course").ComponentType;
                    order: number;
                    status: import("../contract/rules/progress").ComponentStatus;
                    progressPercentage: number;
                    score: number | null;
                    attempts: number;
                    timeSpentSeconds: number;
                    startedAt: string | null;
                    completedAt: string | null;
                    lastAccessedAt: string | null;
                    required: boolean;
                };
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
}, "/", "/components/:id/time">;
