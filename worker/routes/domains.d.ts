import type { AppEnv } from '../env';
export declare const domainsRoutes: import("hono/hono-base").HonoBase<AppEnv, {
    "/": {
        $get: {
            input: {
                query: {
                    query?: string | undefined;
                    search?: string | undefined;
                };
            };
            output: {
                id: string;
                name: string;
                description: string | null;
            }[];
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/search": {
        $get: {
            input: {
                query: {
                    query?: string | undefined;
                    search?: string | undefined;
                };
            };
            output: {
                id: string;
                name: string;
                description: string | null;
            }[];
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
                id: string;
                name: string;
                description: string | null;
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
                    name: string;
                    description: string | null;
                };
            };
            output: {
                id: string;
                name: string;
                description: string | null;
            };
            outputFormat: "json";
            status: 201;
        };
    };
} & {
    "/:id": {
        $put: {
            input: {
                param: {
                    id: string;
                };
            } & {
                json: {
                    name: string;
                    description: string | null;
                };
            };
            output: {
                id: string;
                name: string;
                description: string | null;
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
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
}, "/", "/:id">;
