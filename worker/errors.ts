import type { Context, ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import {
  ERROR_STATUS as STATUS,
  REFUSALS,
  reasonOf,
  refusalText,
  type ErrorBody,
  type ErrorCode,
  type RefusalParams,
  type RefusalReason,
} from './contract/errors';
import type { AppEnv } from './env';
import { UnprintableTextError } from './services/pdf/scripts';

export type { ErrorCode };

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: ContentfulStatusCode;
  readonly fields?: Record<string, string>;
  readonly headers?: Record<string, string>;
  /** The specific refusal (contract REFUSALS): found from the message, which is always one of its texts. */
  readonly reason?: RefusalReason;
  readonly params?: RefusalParams;

  constructor(
    code: ErrorCode,
    message: string,
    options: { fields?: Record<string, string>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = STATUS[code];
    this.fields = options.fields;
    this.headers = options.headers;
    const known = reasonOf(message);
    this.reason = known?.reason;
    this.params = known?.params;
  }
}

/**
 * A refusal whose message has values (`{count} training requirement(s) refer to this course`):
 * the English text is written from the contract's REFUSALS and `params` travel beside it.
 */
export function refusal(
  code: ErrorCode,
  reason: RefusalReason,
  params: RefusalParams = {},
  options: { fields?: Record<string, string> } = {},
): ApiError {
  return new ApiError(code, refusalText(reason, params), options);
}

export function errorResponse(c: Context, error: ApiError): Response {
  const body: ErrorBody = { message: error.message, code: error.code };
  if (error.reason) body.reason = error.reason;
  if (error.params) body.params = error.params;
  if (error.fields && Object.keys(error.fields).length > 0) body.fields = error.fields;
  if (error.headers) for (const [k, v] of Object.entries(error.headers)) c.header(k, v);
  return c.json(body, error.status);
}

/** A PDF refused for a character no bundled font has (logged once where it was found, `pdf.unprintable_text`). */
export const unprintableRefusal = () => new ApiError('UNPRINTABLE_TEXT', REFUSALS['pdf.unprintableText']);

/** The one error handler: known errors keep their status and message, everything else is a logged 500. */
export const onError: ErrorHandler<AppEnv> = (err, c) => {
  if (err instanceof ApiError) return errorResponse(c, err);
  if (err instanceof UnprintableTextError) return errorResponse(c, unprintableRefusal());
  // drizzle wraps what a D1 call threw ("Failed query"); a refusal raised inside one (the session
  // judged with the request's first statement) keeps its own answer.
  if (err instanceof Error && err.cause instanceof ApiError) return errorResponse(c, err.cause);
  if (err instanceof HTTPException) {
    const status = err.status;
    const code: ErrorCode =
      status === 401
        ? 'UNAUTHORIZED'
        : status === 403
          ? 'FORBIDDEN'
          : status === 404
            ? 'NOT_FOUND'
            : status === 413
              ? 'PAYLOAD_TOO_LARGE'
              : 'BAD_REQUEST';
    const message =
      status === 400 && /json/i.test(err.message) ? 'The request body is not valid JSON' : err.message || 'Bad request';
    return c.json({ message, code } satisfies ErrorBody, status as ContentfulStatusCode);
  }
  const requestId = c.get('requestId') ?? 'unknown';
  console.error(
    JSON.stringify({
      level: 'error',
      requestId,
      path: c.req.path,
      error: String(err),
      stack: err instanceof Error ? err.stack : undefined,
    }),
  );
  return c.json(
    { message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' } satisfies ErrorBody,
    500,
  );
};
