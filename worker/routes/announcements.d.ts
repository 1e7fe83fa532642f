import type { AppEnv } from '../env';
export declare const announcements: import("hono/hono-base").HonoBase<AppEnv, {
    "/active": {
        $get: {
            input: {};
            output: {
                id: string;
                title: string;
                content: string;
                authorName: string;
                priority: import("../contract/announcements").Priority;
                isActive: boolean;
                active: boolean;
                expiresAt: string | null;
                expired: boolean;
                createdAt: string;
            }[];
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/admin/all": {
        $get: {
            input: {};
            output: {
                id: string;
                title: string;
                content: string;
                authorName: string;
                priority: import("../contract/announcements").Priority;
                isActive: boolean;
                active: boolean;
                expiresAt: string | null;
                expired: boolean;
                createdAt: string;
            }[];
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/admin/stats": {
        $get: {
            input: {};
            output: {
                totalActive: number;
                urgentCount: number;
                highCount: number;
                mediumCount: number;
                lowCount: number;
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/admin/create": {
        $post: {
            input: {
                json: {
                    title: string;
                    authorName: string;
                    content: string;
                    priority: "URGENT" | "HIGH" | "MEDIUM" | "LOW";
                    expiresAt: string | null;
                    isActive: boolean;
                };
            };
            output: {
                message: "Announcement created successfully";
                announcement: {
                    id: string;
                    title: string;
                    content: string;
                    authorName: string;
                    priority: import("../contract/announcements").Priority;
                    isActive: boolean;
                    active: boolean;
                    expiresAt: string | null;
                    expired: boolean;
                    createdAt: string;
                };
            };
            outputFormat: "json";
            status: 201;
        };
    };
} & {
    "/admin/:id/toggle": {
        $put: {
            input: {
                param: {
                    id: string;
                };
            };
            output: {
                message: string;
                announcement: {
                    id: string;
                    title: string;
                    content: string;
                    authorName: string;
                    priority: import("../contract/announcements").Priority;
                    isActive: boolean;
                    active: boolean;
                    expiresAt: string | null;
                    expired: boolean;
                    createdAt: string;
                };
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/admin/:id": {
        $put: {
            input: {
                param: {
                    id: string;
                };
            } & {
                json: {
                    title: string;
                    authorName: string;
                    content: string;
                    priority: "URGENT" | "HIGH" | "MEDIUM" | "LOW";
                    expiresAt: string | null;
                    isActive: boolean;
                };
            };
            output: {
                message: "Announcement updated successfully";
                announcement: {
                    id: string;
                    title: string;
                    content: string;
                    authorName: string;
                    priority: import("../contract/announcements").Priority;
                    isActive: boolean;
                    active: boolean;
                    expiresAt: string | null;
                    expired: boolean;
                    createdAt: string;
                };
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/admin/:id": {
        $delete: {
            input: {
                param: {
                    id: string;
                };
            };
            output: {
                message: "Announcement deleted successfully";
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
}, "/", "/admin/:id">;
