/**
 * The closed list of machine-readable error codes and the HTTP status each one answers with.
 * The Worker throws them (`new ApiError(code, message)`); the client switches on `code`, never on
 * the HTTP status, and shows `message`.
 */
export declare const ERROR_STATUS: {
    readonly BAD_REQUEST: 400;
    readonly VALIDATION_FAILED: 400;
    readonly MAX_ATTEMPTS_REACHED: 400;
    readonly UNAUTHORIZED: 401;
    readonly INVALID_CREDENTIALS: 401;
    readonly TOKEN_EXPIRED: 401;
    readonly RESET_TOKEN_INVALID: 401;
    readonly FORBIDDEN: 403;
    readonly PASSWORD_CHANGE_REQUIRED: 403;
    readonly COURSE_NOT_AVAILABLE: 403;
    readonly NOT_FOUND: 404;
    readonly CONFLICT: 409;
    readonly COMPONENT_LOCKED: 409;
    readonly ALREADY_SUBMITTED: 409;
    readonly ATTEMPT_EXPIRED: 409;
    readonly COURSE_LOCKED: 409;
    readonly IN_USE: 409;
    readonly COURSE_NOT_COMPLETED: 409;
    readonly PAYLOAD_TOO_LARGE: 413;
    readonly UNSUPPORTED_MEDIA_TYPE: 415;
    readonly RATE_LIMITED: 429;
    readonly INTERNAL: 500;
    readonly SERVICE_UNAVAILABLE: 503;
};
/** Every code a Worker error body can carry. */
export type ErrorCode = keyof typeof ERROR_STATUS;
/** Codes the client makes up itself when no error body arrived. */
export type ClientErrorCode = 'NETWORK_ERROR' | 'HTTP_ERROR';
/** The one error body of every failed API call. */
export interface ErrorBody {
    message: string;
    code: ErrorCode;
    /** Per-field validation messages (400 VALIDATION_FAILED). */
    fields?: Record<string, string>;
}
