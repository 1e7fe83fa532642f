import type { AppEnv } from '../env';
export declare const courses: import("hono/hono-base").HonoBase<AppEnv, {
    "/": {
        $get: {
            input: {
                query: {
                    page: string | string[];
                    limit: string | string[];
                    showAll: string | string[];
                    search: string | string[];
                    sortBy: "domain" | "recent" | "alphabetical";
                };
            };
            output: {
                courses: {
                    id: string;
                    title: string;
                    description: string | null;
                    domain: {
                        id: string;
                        name: string;
                    };
                    icon: string;
                    timeLimit: number | null;
                    passingScore: number;
                    status: "PUBLISHED";
                    componentCount: number;
                    createdAt: string;
                    publishedAt: string | null;
                    enrollmentStatus: "enrolled" | "not_enrolled";
                    isLocked: boolean;
                    canEnroll: boolean;
                }[];
                pagination: {
                    page: number;
                    totalPages: number;
                    totalItems: number;
                    itemsPerPage: number;
                };
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/:id": {
        $get: {
            input: {
                param: {
                    id: string;
                };
            };
            output: {
                course: {
                    id: string;
                    title: string;
                    description: string | null;
                    domain: {
                        id: string;
                        name: string;
                    };
                    icon: string;
                    timeLimit: number | null;
                    passingScore: number;
                    status: "PUBLISHED";
                    componentCount: number;
                    createdAt: string;
                    publishedAt: string | null;
                    enrollmentStatus: "enrolled" | "not_enrolled";
                    isLocked: boolean;
                    canEnroll: boolean;
                    components: ({
                        id: string;
                        type: "PRE_ASSESSMENT" | "POST_ASSESSMENT";
                        order: number;
                        orderIndex: number;
                        required: boolean;
                        data: {
                            title: string;
                            description: string | null;
                            timeLimit: number;
                            passingScore: number;
                            maxAttempts: number;
                            questionCount: number;
                        };
                    } | {
                        id: string;
                        type: "MATERIAL";
                        order: number;
                        orderIndex: number;
                        required: boolean;
                        data: {
                            title: string;
                            description: string | null;
                            materialId: string | null;
                            type: import("../contract/course").MaterialType | null;
                        };
                    })[];
                };
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
}, "/", "/:id">;
