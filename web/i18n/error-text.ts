/**
 * The one way a message that did not start in a catalog reaches the screen: a server refusal, a
 * field message (the server's `fields` or the contract's own checks run here); a statechart's text
 * goes through ./machine-text.ts. Each is known by an id, never by its English words: a refusal by
 * its `code` and `reason` (worker/contract/errors.ts), a contract text by the declaration that writes it.
 * The tables below are the one map from those ids to catalog ids. English shows the text as
 * written (the specs' wording); other languages show the catalog's text, else `fallback` (already
 * translated by the caller), else the text as written.
 */
import * as v from 'valibot';
// Relative, not @contract: the unit tests import this module in Node without the app's aliases.
import { reasonOf, type RefusalParams, type RefusalReason } from '../../worker/contract/errors';
import { ApiClientError, type ApiErrorCode } from '../api/client';
import type { MessageId, MessageValues } from './index';
import { catalogText, currentLocale } from './locale';
import { REASON_IDS } from './reason-ids';

const CODE_IDS: Record<ApiErrorCode, MessageId> = {
  BAD_REQUEST: 'error.code.BAD_REQUEST',
  VALIDATION_FAILED: 'error.code.VALIDATION_FAILED',
  MAX_ATTEMPTS_REACHED: 'error.code.MAX_ATTEMPTS_REACHED',
  UNAUTHORIZED: 'error.code.UNAUTHORIZED',
  INVALID_CREDENTIALS: 'error.code.INVALID_CREDENTIALS',
  TOKEN_EXPIRED: 'error.code.TOKEN_EXPIRED',
  RESET_TOKEN_INVALID: 'error.code.RESET_TOKEN_INVALID',
  ACCOUNT_DEACTIVATED: 'error.code.ACCOUNT_DEACTIVATED',
  FORBIDDEN: 'error.code.FORBIDDEN',
  PASSWORD_CHANGE_REQUIRED: 'error.code.PASSWORD_CHANGE_REQUIRED',
  COURSE_NOT_AVAILABLE: 'error.code.COURSE_NOT_AVAILABLE',
  NOT_FOUND: 'error.code.NOT_FOUND',
  CONFLICT: 'error.code.CONFLICT',
  COMPONENT_LOCKED: 'error.code.COMPONENT_LOCKED',
  ALREADY_SUBMITTED: 'error.code.ALREADY_SUBMITTED',
  ATTEMPT_EXPIRED: 'error.code.ATTEMPT_EXPIRED',
  COURSE_LOCKED: 'error.code.COURSE_LOCKED',
  IN_USE: 'error.code.IN_USE',
  COURSE_NOT_COMPLETED: 'error.code.COURSE_NOT_COMPLETED',
  NOT_ENOUGH_VIEWING: 'error.code.NOT_ENOUGH_VIEWING',
  RECERTIFICATION_NOT_DUE: 'error.code.RECERTIFICATION_NOT_DUE',
  CAPTION_EXISTS: 'error.code.CAPTION_EXISTS',
  NOT_A_VIDEO: 'error.code.NOT_A_VIDEO',
  FAMILY_LANGUAGE_TAKEN: 'error.code.FAMILY_LANGUAGE_TAKEN',
  PAYLOAD_TOO_LARGE: 'error.code.PAYLOAD_TOO_LARGE',
  INVALID_PACKAGE: 'error.code.INVALID_PACKAGE',
  UNPRINTABLE_TEXT: 'error.code.UNPRINTABLE_TEXT',
  UNSUPPORTED_MEDIA_TYPE: 'error.code.UNSUPPORTED_MEDIA_TYPE',
  RATE_LIMITED: 'error.code.RATE_LIMITED',
  INTERNAL: 'error.code.INTERNAL',
  SERVICE_UNAVAILABLE: 'error.code.SERVICE_UNAVAILABLE',
  NETWORK_ERROR: 'error.code.NETWORK_ERROR',
  HTTP_ERROR: 'error.code.HTTP_ERROR',
};

/** The reason's catalog text with its values, or null while that text's catalog is not loaded. */
function reasonText(reason: RefusalReason, params: RefusalParams | undefined): string | null {
  const values: MessageValues = {};
  // A value that is itself a contract text (the first problem of an incomplete assessment) is translated too.
  for (const [name, value] of Object.entries(params ?? {}))
    values[name] = typeof value === 'string' ? declaredText(value) : value;
  return catalogText(REASON_IDS[reason], values);
}

/** A text the contract declares (a field message, a refusal's words) in the reader's language; any other as written. */
export function declaredText(english: string): string {
  if (currentLocale() === 'en' || !english) return english;
  const known = reasonOf(english);
  return (known && reasonText(known.reason, known.params)) || english;
}

/** What to show for a failed call: the refusal by its reason, else by its code, else `fallback`. */
export function errorText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiClientError)) return fallback;
  if (currentLocale() === 'en') return error.hasServerMessage ? error.message : fallback;
  const known = error.reason
    ? { reason: error.reason, params: error.params }
    : error.hasServerMessage
      ? reasonOf(error.message)
      : null;
  const specific = known ? reasonText(known.reason, known.params) : null;
  if (specific) return specific;
  // No text of its own (or its area's catalog is not loaded): the code's general text, then the screen's.
  const general = CODE_IDS[error.code];
  return (general && catalogText(general)) || fallback;
}

/** Field messages (a 400's `fields`, or a screen's own checks), each in the reader's language. */
export function fieldErrors<K extends string>(
  fields: Readonly<Partial<Record<K, string | undefined>>>,
): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const key of Object.keys(fields) as K[]) {
    const message = fields[key];
    if (message) out[key] = declaredText(message);
  }
  return out;
}

/** The first message per field of a failed contract check, translated. */
export function issueErrors<K extends string>(issues: readonly v.BaseIssue<unknown>[]): Partial<Record<K, string>> {
  const out: Record<string, string> = {};
  for (const issue of issues) out[v.getDotPath(issue) ?? '_'] ??= declaredText(issue.message);
  return out as Partial<Record<K, string>>;
}
