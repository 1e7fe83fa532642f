import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { SCIM_CONTENT_TYPE, SCIM_SCHEMA, type ScimType } from '../contract/scim';
import { createMiddleware } from 'hono/factory';
import { ApiError, type ErrorCode } from '../errors';
import type { AppEnv } from '../env';

/** The API error code a SCIM refusal travels as until the SCIM router answers it in its own shape. */
const CODES: Partial<Record<number, ErrorCode>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'RATE_LIMITED',
};

/**
 * A refusal of the SCIM service, answered in SCIM's own error shape (RFC 7644 3.12) instead of the
 * API's `{code, message}`: identity providers read `status`, `scimType` and `detail`. It is an
 * ApiError, so the app's error handler answers it quietly before `scimErrors` rewrites the answer.
 */
export class ScimError extends ApiError {
  readonly scimStatus: ContentfulStatusCode;
  constructor(
    status: ContentfulStatusCode,
    readonly detail: string,
    readonly scimType?: ScimType,
    headers: Record<string, string> = {},
  ) {
    super(CODES[status] ?? 'BAD_REQUEST', detail, { headers });
    this.name = 'ScimError';
    this.scimStatus = status;
  }
}

/** Shorthands for the refusals the service gives most. */
export const invalidValue = (detail: string) => new ScimError(400, detail, 'invalidValue');
export const invalidSyntax = (detail: string) => new ScimError(400, detail, 'invalidSyntax');
export const invalidPath = (detail: string) => new ScimError(400, detail, 'invalidPath');
export const scimNotFound = (detail = 'Resource not found') => new ScimError(404, detail);

/** A SCIM answer: the body as `application/scim+json`. */
export function scimJson(c: Context, body: unknown, status: ContentfulStatusCode = 200): Response {
  return c.body(JSON.stringify(body), status, { 'Content-Type': SCIM_CONTENT_TYPE });
}

/**
 * The SCIM router's error handler: its own refusals as they are; the API's refusals that shared
 * checks raise (a manager who has left, a taken e-mail address, a rate limit) in SCIM's shape with
 * the same status and message; anything else a 500 that names nothing.
 */
export function scimErrorResponse(c: Context, error: unknown): Response {
  let scim: { status: ContentfulStatusCode; detail: string; scimType?: ScimType; headers: Record<string, string> };
  if (error instanceof ScimError)
    scim = { status: error.scimStatus, detail: error.detail, scimType: error.scimType, headers: error.headers ?? {} };
  else if (error instanceof ApiError) {
    const scimType: ScimType | undefined =
      error.status === 409 ? 'uniqueness' : error.status === 400 ? 'invalidValue' : undefined;
    scim = { status: error.status, detail: error.message, scimType, headers: error.headers ?? {} };
  } else scim = { status: 500, detail: 'The request could not be completed', headers: {} };
  for (const [name, value] of Object.entries(scim.headers)) c.header(name, value);
  const body: Record<string, unknown> = {
    schemas: [SCIM_SCHEMA.error],
    status: String(scim.status),
    detail: scim.detail,
  };
  if (scim.scimType) body.scimType = scim.scimType;
  return scimJson(c, body, scim.status);
}

/**
 * The SCIM router's first middleware: whatever a guard or handler threw (already answered and
 * logged by the app's error handler, and left in `c.error`) is answered again in SCIM's shape. A
 * middleware rather than the router's `onError`, which would wrap each handler and hide the guard
 * from the route table.
 */
export const scimErrors = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (c.error) {
    const response = scimErrorResponse(c, c.error);
    c.res = undefined;
    c.res = response;
  }
});
