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
  /** Per-field validation messages (400 VALIDATION_FAILED). */
  fields?: Record<string, string>;
}
