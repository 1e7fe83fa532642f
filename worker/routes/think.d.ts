import type { AppEnv } from '../env';
export declare const think: import("hono/hono-base").HonoBase<AppEnv, {
    "/public/submit": {
        $post: {
            input: {
                json: {
                    isAnonymous: boolean;
                    type: "QUERY" | "COMPLAINT" | "NEW_IDEA";
                    subject: string;
                    description: string;
                };
            };
            output: {
                message: "Your submission has been received successfully.";
                id: string;
            };
            outputFormat: "json";
            status: 201;
        };
    };
} & {
    "/submit": {
        $post: {
            input: {
                json: {
                    isAnonymous: boolean;
                    type: "QUERY" | "COMPLAINT" | "NEW_IDEA";
                    subject: string;
                    description: string;
                };
            };
            output: {
                message: "Your submission has been received successfully.";
                id: string;
            };
            outputFormat: "json";
            status: 201;
        };
    };
} & {
    "/user/submissions": {
        $get: {
            input: {};
            output: {
                id: string;
                type: import("../contract/think").FeedbackType;
                subject: string;
                description: string;
                isAnonymous: boolean;
                anonymous: boolean;
                userName: string | null;
                status: import("../contract/think").FeedbackStatus;
                adminResponse: string | null;
                respondedBy: string | null;
                respondedAt: string | null;
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
                type: import("../contract/think").FeedbackType;
                subject: string;
                description: string;
                isAnonymous: boolean;
                anonymous: boolean;
                userName: string | null;
                status: import("../contract/think").FeedbackStatus;
                adminResponse: string | null;
                respondedBy: string | null;
                respondedAt: string | null;
                createdAt: string;
            }[];
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/admin/:id/respond": {
        $post: {
            input: {
                param: {
                    id: string;
                };
            } & {
                json: {
                    response: string;
                    status?: "IN_PROGRESS" | "OPEN" | "RESOLVED" | undefined;
                };
            };
            output: {
                message: "Response submitted successfully";
                submission: {
                    id: string;
                    type: import("../contract/think").FeedbackType;
                    subject: string;
                    description: string;
                    isAnonymous: boolean;
                    anonymous: boolean;
                    userName: string | null;
                    status: import("../contract/think").FeedbackStatus;
                    adminResponse: string | null;
                    respondedBy: string | null;
                    respondedAt: string | null;
                    createdAt: string;
                };
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/admin/:id/status": {
        $put: {
            input: {
                param: {
                    id: string;
                };
            } & {
                json: {
                    status: "IN_PROGRESS" | "OPEN" | "RESOLVED";
                };
            };
            output: {
                message: "Status updated successfully";
                submission: {
                    id: string;
                    type: import("../contract/think").FeedbackType;
                    subject: string;
                    description: string;
                    isAnonymous: boolean;
                    anonymous: boolean;
                    userName: string | null;
                    status: import("../contract/think").FeedbackStatus;
                    adminResponse: string | null;
                    respondedBy: string | null;
                    respondedAt: string | null;
                    createdAt: string;
                };
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
}, "/", "/admin/:id/status">;
