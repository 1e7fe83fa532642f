import type { ComponentType } from '../contract/course';
import type { AppEnv } from '../env';
export declare const adminCourses: import("hono/hono-base").HonoBase<AppEnv, {
    "/": {
        $get: {
            input: {
                query: {
                    page: string | string[];
                    limit: string | string[];
                    search?: string | undefined;
                    status?: "DRAFT" | "PUBLISHED" | undefined;
                    domainId?: string | undefined;
                };
            };
            output: {
                courses: {
                    id: string;
                    title: string;
                    description: string | null;
                    domainId: string;
                    domain: {
                        id: string;
                        name: string;
                    };
                    icon: string;
                    timeLimit: number | null;
                    passingScore: number | null;
                    status: "DRAFT" | "PUBLISHED";
                    hasBeenPublished: boolean;
                    componentCount: number;
                    allowBrowse: boolean;
                    certificateValidityDays: number;
                    publishedAt: string | null;
                    createdAt: string;
                    updatedAt: string;
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
                components: {
                    id: string;
                    courseId: string;
                    type: ComponentType;
                    order: number;
                    orderIndex: number;
                    required: boolean;
                    materialId: string | null;
                    data: {
                        [x: string]: import("hono/utils/types").JSONValue;
                    };
                    createdAt: string;
                    updatedAt: string;
                }[];
                id: string;
                title: string;
                description: string | null;
                domainId: string;
                domain: {
                    id: string;
                    name: string;
                };
                icon: string;
                timeLimit: number | null;
                passingScore: number | null;
                status: "DRAFT" | "PUBLISHED";
                hasBeenPublished: boolean;
                componentCount: number;
                allowBrowse: boolean;
                certificateValidityDays: number;
                publishedAt: string | null;
                createdAt: string;
                updatedAt: string;
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/": {
        $post: {
            input: {
                json: {
                    title: string;
                    description: string | null;
                    domainId: string;
                    icon: string;
                    timeLimit: number | null;
                    passingScore: number | null;
                };
            };
            output: {
                id: string;
                title: string;
                description: string | null;
                domainId: string;
                domain: {
                    id: string;
                    name: string;
                };
                icon: string;
                timeLimit: number | null;
                passingScore: number | null;
                status: "DRAFT" | "PUBLISHED";
                hasBeenPublished: boolean;
                componentCount: number;
                allowBrowse: boolean;
                certificateValidityDays: number;
                publishedAt: string | null;
                createdAt: string;
                updatedAt: string;
            };
            outputFormat: "json";
            status: 201;
        };
    };
} & {
    "/:id": {
        $put: {
            input: {
                json: {
                    title: string;
                    description: string | null;
                    domainId: string;
                    icon: string;
                    timeLimit: number | null;
                    passingScore: number | null;
                };
            } & {
                param: {
                    id: string;
                };
            };
            output: {
                id: string;
                title: string;
                description: string | null;
                domainId: string;
                domain: {
                    id: string;
                    name: string;
                };
                icon: string;
                timeLimit: number | null;
                passingScore: number | null;
                status: "DRAFT" | "PUBLISHED";
                hasBeenPublished: boolean;
                componentCount: number;
                allowBrowse: boolean;
                certificateValidityDays: number;
                publishedAt: string | null;
                createdAt: string;
                updatedAt: string;
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/:id/publish": {
        $post: {
            input: {
                param: {
                    id: string;
                };
            };
            output: {
                message: string;
                course: {
                    id: string;
                    title: string;
                    description: string | null;
                    domainId: string;
                    domain: {
                        id: string;
                        name: string;
                    };
                    icon: string;
                    timeLimit: number | null;
                    passingScore: number | null;
                    status: "DRAFT" | "PUBLISHED";
                    hasBeenPublished: boolean;
                    componentCount: number;
                    allowBrowse: boolean;
                    certificateValidityDays: number;
                    publishedAt: string | null;
                    createdAt: string;
                    updatedAt: string;
                };
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/:id/takedown": {
        $post: {
            input: {
                param: {
                    id: string;
                };
            };
            output: {
                message: string;
                course: {
                    id: string;
                    title: string;
                    description: string | null;
                    domainId: string;
                    domain: {
                        id: string;
                        name: string;
                    };
                    icon: string;
                    timeLimit: number | null;
                    passingScore: number | null;
                    status: "DRAFT" | "PUBLISHED";
                    hasBeenPublished: boolean;
                    componentCount: number;
                    allowBrowse: boolean;
                    certificateValidityDays: number;
                    publishedAt: string | null;
                    createdAt: string;
                    updatedAt: string;
                };
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/:id/clone": {
        $post: {
            input: {
                param: {
                    id: string;
                };
            };
            output: {
                id: string;
                title: string;
                description: string | null;
                domainId: string;
                domain: {
                    id: string;
                    name: string;
                };
                icon: string;
                timeLimit: number | null;
                passingScore: number | null;
                status: "DRAFT" | "PUBLISHED";
                hasBeenPublished: boolean;
                componentCount: number;
                allowBrowse: boolean;
                certificateValidityDays: number;
                publishedAt: string | null;
                createdAt: string;
                updatedAt: string;
            };
            outputFormat: "json";
            status: 201;
        };
    };
} & {
    "/:id": {
        $delete: {
            input: {
                param: {
                    id: string;
                };
            };
            output: {
                message: string;
                id: string;
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/:courseId/components": {
        $get: {
            input: {
                param: {
                    courseId: string;
                };
            };
            output: {
                components: {
                    id: string;
                    courseId: string;
                    type: ComponentType;
                    order: number;
                    orderIndex: number;
                    required: boolean;
                    materialId: string | null;
                    data: {
                        [x: string]: import("hono/utils/types").JSONValue;
                    };
                    createdAt: string;
                    updatedAt: string;
                }[];
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/:courseId/components/reorder": {
        $put: {
            input: {
                json: {
                    componentOrders: {
                        componentId: string;
                        newOrder: number;
                    }[];
                };
            } & {
                param: {
                    courseId: string;
                };
            };
            output: {
                message: string;
                components: {
                    id: string;
                    courseId: string;
                    type: ComponentType;
                    order: number;
                    orderIndex: number;
                    required: boolean;
                    materialId: string | null;
                    data: {
                        [x: string]: import("hono/utils/types").JSONValue;
                    };
                    createdAt: string;
                    updatedAt: string;
                }[];
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/:courseId/components/:componentId": {
        $get: {
            input: {
                param: {
                    courseId: string;
                } & {
                    componentId: string;
                };
            };
            output: {
                id: string;
                courseId: string;
                type: ComponentType;
                order: number;
                orderIndex: number;
                required: boolean;
                materialId: string | null;
                data: {
                    [x: string]: import("hono/utils/types").JSONValue;
                };
                createdAt: string;
                updatedAt: string;
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/:courseId/components": {
        $post: {
            input: {
                json: {
                    type: "PRE_ASSESSMENT" | "MATERIAL" | "POST_ASSESSMENT";
                    required: boolean;
                    data: {
                        [x: string]: unknown;
                    };
                };
            } & {
                param: {
                    courseId: string;
                };
            };
            output: {
                id: string;
                courseId: string;
                type: ComponentType;
                order: number;
                orderIndex: number;
                required: boolean;
                materialId: string | null;
                data: {
                    [x: string]: import("hono/utils/types").JSONValue;
                };
                createdAt: string;
                updatedAt: string;
            };
            outputFormat: "json";
            status: 201;
        };
    };
} & {
    "/:courseId/components/:componentId": {
        $put: {
            input: {
                json: {
                    type?: "PRE_ASSESSMENT" | "MATERIAL" | "POST_ASSESSMENT" | undefined;
                    required?: boolean | undefined;
                    data?: {
                        [x: string]: unknown;
                    } | undefined;
                };
            } & {
                param: {
                    courseId: string;
                } & {
                    componentId: string;
                };
            };
            output: {
                id: string;
                courseId: string;
                type: ComponentType;
                order: number;
                orderIndex: number;
                required: boolean;
                materialId: string | null;
                data: {
                    [x: string]: import("hono/utils/types").JSONValue;
                };
                createdAt: string;
                updatedAt: string;
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/:courseId/components/:componentId": {
        $delete: {
            input: {
                param: {
                    courseId: string;
                } & {
                    componentId: string;
                };
            };
            output: {
                message: string;
                id: string;
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
}, "/", "/:courseId/components/:componentId">;
