import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { SCIM_CONTENT_TYPE, SCIM_SCHEMA, type ScimType } from '../contract/scim';
import { ApiError } from '../errors';

/**
 * A refusal of the SCIM service, answered in SCIM's own error shape (RFC 7644 3.12) instead of the
 * API's `{code, message}`: identity providers read `status`, `scimType` and `detail`.
 */
export class ScimError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly detail: string,
    readonly scimType?: ScimType,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = 'ScimError';
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
  let scim: ScimError;
  if (error instanceof ScimError) scim = error;
  else if (error instanceof ApiError) {
    const scimType: ScimType | undefined =
      error.status === 409 ? 'uniqueness' : error.status === 400 ? 'invalidValue' : undefined;
    scim = new ScimError(error.status, error.message, scimType, error.headers);
  } else {
    console.error(JSON.stringify({ event: 'scim.error', message: error instanceof Error ? error.message : 'unknown' }));
    scim = new ScimError(500, 'The request could not be completed');
  }
  for (const [name, value] of Object.entries(scim.headers)) c.header(name, value);
  const body: Record<string, unknown> = {
    schemas: [SCIM_SCHEMA.error],
    status: String(scim.status),
    detail: scim.detail,
  };
  if (scim.scimType) body.scimType = scim.scimType;
  return scimJson(c, body, scim.status);
}
