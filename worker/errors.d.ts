import type { Context, ErrorHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { type ErrorBody, type ErrorCode } from './contract/errors';
import type { AppEnv } from './env';
export type { ErrorBody, ErrorCode };
export declare class ApiError extends Error {
    readonly code: ErrorCode;
    readonly status: ContentfulStatusCode;
    readonly fields?: Record<string, string>;
    readonly headers?: Record<string, string>;
    constructor(code: ErrorCode, message: string, options?: {
        fields?: Record<string, string>;
        headers?: Record<string, string>;
    });
}
export declare function errorResponse(c: Context, error: ApiError): Response;
/** The one error handler: known errors keep their status and message, everything else is a logged 500. */
export declare const onError: ErrorHandler<AppEnv>;
