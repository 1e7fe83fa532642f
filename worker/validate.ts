import { validator } from 'hono/validator';
import type { ValidationTargets } from 'hono';
import * as v from 'valibot';
import { ApiError } from './errors';

/** Per-field messages from valibot issues: the first message per dotted path wins. */
export function issuesToFields(issues: readonly v.BaseIssue<unknown>[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = v.getDotPath(issue) ?? '_';
    if (!(path in fields)) fields[path] = issue.message;
  }
  return fields;
}

/** Throws VALIDATION_FAILED (400) with the first message and per-field `fields` when `value` does not match `schema`. */
export function parseOrThrow<TSchema extends v.GenericSchema>(schema: TSchema, value: unknown): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, value);
  if (!result.success)
    throw new ApiError('VALIDATION_FAILED', result.issues[0].message, { fields: issuesToFields(result.issues) });
  return result.output;
}

/**
 * Validator middleware: a handler reads `c.req.valid(target)` and never an unvalidated body.
 * A missing or non-JSON body validates as `{}`, so required fields answer with their own messages.
 */
export function validate<TTarget extends keyof ValidationTargets, TSchema extends v.GenericSchema>(
  target: TTarget,
  schema: TSchema,
) {
  return validator(target, (value) => parseOrThrow(schema, value ?? {}) as v.InferOutput<TSchema>);
}

/** The JSON body of a route that picks its schema after reading it; a body that is not JSON is a 400. */
export async function readJsonBody(req: { json: () => Promise<unknown> }): Promise<unknown> {
  try {
    return await req.json();
  } catch {
    throw new ApiError('BAD_REQUEST', 'The request body is not valid JSON');
  }
}
