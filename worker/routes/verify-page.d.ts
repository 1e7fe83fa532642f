import type { AppEnv } from '../env';
/** Every interpolated value goes through this. */
export declare const escapeHtml: (value: unknown) => string;
export declare const verifyPage: import("hono/hono-base").HonoBase<AppEnv, {
    "/lookup": {
        $get: {
            input: {};
            output: {};
            outputFormat: string;
            status: import("hono/utils/http-status").StatusCode;
        };
    };
} & {
    "/:number": {
        $get: {
            input: {
                param: {
                    number: string;
                };
            };
            output: {};
            outputFormat: string;
            status: import("hono/utils/http-status").StatusCode;
        };
    };
}, "/", "/:number">;
