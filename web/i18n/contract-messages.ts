import * as v from 'valibot';
import { ApiClientError, errorMessage } from '../api/client';
import { hasMessage, msg } from './index';

/*
 * The contract's validation and refusal texts (English, shared with the Worker) in the reader's
 * language: each is kept in a catalog under `msg:<English text>`, and a text the catalogs lack
 * shows as written.
 */

/** Field messages (a 400's `fields`, or any map of English messages) translated. */
export function localFieldErrors<K extends string>(fields: Readonly<Record<string, string | undefined>>): Partial<Record<K, string>> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(fields)) if (message) out[key] = msg(message);
  return out as Partial<Record<K, string>>;
}

/** The first message per field of a failed contract check, translated. */
export function issueErrors<K extends string>(issues: readonly v.BaseIssue<unknown>[]): Partial<Record<K, string>> {
  const out: Record<string, string> = {};
  for (const issue of issues) out[v.getDotPath(issue) ?? '_'] ??= msg(issue.message);
  return out as Partial<Record<K, string>>;
}

/**
 * A refusal as `errorMessage` shows it, except that a server message the catalogs know (the
 * contract's own words: "You cannot delete the last administrator") is shown translated instead of
 * the code's general text.
 */
export function refusalMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiClientError && error.hasServerMessage && hasMessage(`msg:${error.message}`)) return msg(error.message);
  return errorMessage(error, fallback);
}
