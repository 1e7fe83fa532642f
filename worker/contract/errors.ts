import { CONTENT_REFUSALS } from './refusals/content';
import { PEOPLE_AND_TRAINING_REFUSALS } from './refusals/people-and-training';
import { SIGN_IN_AND_TASK_REFUSALS } from './refusals/sign-in-and-tasks';

/**
 * The closed list of machine-readable error codes and the HTTP status each one answers with.
 * The Worker throws them (`new ApiError(code, message)`); the client switches on `code`, never on
 * the HTTP status, and shows `message`.
 */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  MAX_ATTEMPTS_REACHED: 400,
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  TOKEN_EXPIRED: 401,
  RESET_TOKEN_INVALID: 401,
  ACCOUNT_DEACTIVATED: 401,
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
  NOT_ENOUGH_VIEWING: 409,
  RECERTIFICATION_NOT_DUE: 409,
  /** A caption track in that language already exists for the video. */
  CAPTION_EXISTS: 409,
  /** Captions are only for VIDEO materials. */
  NOT_A_VIDEO: 409,
  /** The course family already has a version in the asked language. */
  FAMILY_LANGUAGE_TAKEN: 409,
  PAYLOAD_TOO_LARGE: 413,
  /** A SCORM package that cannot be played (no manifest, unsafe paths, ...): the message names the problem. */
  INVALID_PACKAGE: 422,
  /** A PDF (certificate, training record) with a name or title in characters no bundled font can print. */
  UNPRINTABLE_TEXT: 422,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

/** Every code a Worker error body can carry. */
export type ErrorCode = keyof typeof ERROR_STATUS;

/** Codes the client makes up itself when no error body arrived. */
export type ClientErrorCode = 'NETWORK_ERROR' | 'HTTP_ERROR';

/** The one error body of every failed API call. */
export interface ErrorBody {
  message: string;
  code: ErrorCode;
  /** The specific refusal (REFUSALS below), when the message is one; `code` stays the general class. */
  reason?: RefusalReason;
  /** The values the reason's message names (counts, titles), when it names any. */
  params?: RefusalParams;
  /** Per-field validation messages (400 VALIDATION_FAILED). */
  fields?: Record<string, string>;
}

/**
 * The closed list of specific refusals: a reason id and the English message the Worker sends for
 * it (the specs' wording, kept exactly). The Worker adds `reason` (and `params` for a message with
 * values) to the error body of any refusal whose message is one of these, so a client translates
 * it by id, never by its English words; a message changed here keeps its translation. Field
 * messages (`fields`) and the client's own checks with the contract's schemas use the same texts.
 * A `{name}` in a message is a value carried in `params`.
 */
export const REFUSALS = {
  ...PEOPLE_AND_TRAINING_REFUSALS,
  ...SIGN_IN_AND_TASK_REFUSALS,
  ...CONTENT_REFUSALS,
} as const;

/** A specific refusal's id (sent as `reason` beside the general `code`). */
export type RefusalReason = keyof typeof REFUSALS;

/** The values a refusal's message names (`{count}`), sent as `params`. */
export type RefusalParams = Record<string, string | number>;

/** `reason`'s message with `params` put in: the English text the Worker sends. */
export function refusalText(reason: RefusalReason, params: RefusalParams = {}): string {
  return REFUSALS[reason].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

const EXACT_REASONS = new Map<string, RefusalReason>();
const PATTERN_REASONS: { reason: RefusalReason; pattern: RegExp; names: string[] }[] = [];
for (const reason of Object.keys(REFUSALS) as RefusalReason[]) {
  const text: string = REFUSALS[reason];
  const names = [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');
  if (names.length === 0) {
    EXACT_REASONS.set(text, reason);
    continue;
  }
  const parts = text.split(/\{\w+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  PATTERN_REASONS.push({ reason, names, pattern: new RegExp(`^${parts.join('(.+?)')}$`, 's') });
}

/**
 * The reason (and values) of a message written from this list, or null for any other text. Built
 * from REFUSALS itself, so it follows every change of wording.
 */
export function reasonOf(message: string): { reason: RefusalReason; params?: RefusalParams } | null {
  const exact = EXACT_REASONS.get(message);
  if (exact) return { reason: exact };
  for (const { reason, pattern, names } of PATTERN_REASONS) {
    const match = pattern.exec(message);
    if (!match) continue;
    const params: RefusalParams = {};
    names.forEach((name, index) => {
      const value = match[index + 1] ?? '';
      params[name] = /^\d+$/.test(value) ? Number(value) : value;
    });
    return { reason, params };
  }
  return null;
}
