import type { AppEnv } from '../env';
/** Data for the landing page and the shells that needs no session. */
export declare const publicRoutes: import("hono/hono-base").HonoBase<AppEnv, {
    "/config": {
        $get: {
            input: {};
            output: {
                appName: string;
                adminPhone: string;
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/courses": {
        $get: {
            input: {
                query: {
                    limit: string | string[];
                };
            };
            output: {
                courses: {
                    domain: {
                        id: string;
                        name: string;
                    };
                    id: string;
                    title: string;
                    description: string | null;
                    icon: string;
                    componentCount: number;
                }[];
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
}, "/", "/courses">;
