import type { Context, ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from './env';

const STATUS = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  MAX_ATTEMPTS_REACHED: 400,
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  TOKEN_EXPIRED: 401,
  RESET_TOKEN_INVALID: 401,
  FORBIDDEN: 403,
  PASSWORD_CHANGE_REQUIRED: 403,
  COURSE_NOT_AVAILABLE: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  COMPONENT_LOCKED: 409,
  ALREADY_SUBMITTED: 409,
  ATTEMPT_EXPIRED: 409,
  COURSE_LOCKED: 409,
  IN_USE: 409,
  COURSE_NOT_COMPLETED: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
} as const satisfies Record<string, ContentfulStatusCode>;

/** The closed list of machine-readable error codes. */
export type ErrorCode = keyof typeof STATUS;

export interface ErrorBody {
  message: string;
  code: ErrorCode;
  fields?: Record<string, string>;
}

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: ContentfulStatusCode;
  readonly fields?: Record<string, string>;
  readonly headers?: Record<string, string>;

  constructor(code: ErrorCode, message: string, options: { fields?: Record<string, string>; headers?: Record<string, string> } = {}) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = STATUS[code];
    this.fields = options.fields;
    this.headers = options.headers;
  }
}

export function errorResponse(c: Context, error: ApiError): Response {
  const body: ErrorBody = { message: error.message, code: error.code };
  if (error.fields && Object.keys(error.fields).length > 0) body.fields = error.fields;
  if (error.headers) for (const [k, v] of Object.entries(error.headers)) c.header(k, v);
  return c.json(body, error.status);
}

/** The one error handler: known errors keep their status and message, everything else is a logged 500. */
export const onError: ErrorHandler<AppEnv> = (err, c) => {
  if (err instanceof ApiError) return errorResponse(c, err);
  if (err instanceof HTTPException) {
    const status = err.status;
    const code: ErrorCode = status === 401 ? 'UNAUTHORIZED' : status === 403 ? 'FORBIDDEN' : status === 404 ? 'NOT_FOUND' : status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST';
    const message = status === 400 && /json/i.test(err.message) ? 'The request body is not valid JSON' : err.message || 'Bad request';
    return c.json({ message, code } satisfies ErrorBody, status as ContentfulStatusCode);
  }
  const requestId = c.get('requestId') ?? 'unknown';
  console.error(JSON.stringify({ level: 'error', requestId, path: c.req.path, error: String(err), stack: err instanceof Error ? err.stack : undefined }));
  return c.json({ message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' } satisfies ErrorBody, 500);
};
