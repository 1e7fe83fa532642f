/**
 * Typed fetch wrapper for /api: JSON in and out, the session's HttpOnly cookie (sent by the browser,
 * never read here) and the CSRF header on every request, no default timeout (pass `signal` to
 * cancel; TanStack Query passes its own), and one error type whose `code` is the contract's closed
 * `ErrorCode` list.
 */
import type { ClientErrorCode, ErrorCode, RefusalParams, RefusalReason } from '@contract/errors';
import { BOOKMARK_COOKIE } from '@contract/learner-pages';
import { requestLanguage } from '../i18n/locale';

/** What `ApiClientError.code` can be: a code the Worker sent, or one the client made up. */
export type ApiErrorCode = ErrorCode | ClientErrorCode;

export const USER_KEY = 'user';

/**
 * The Worker refuses a change authenticated by the session cookie without this header (a form on
 * another site cannot send it; worker/services/web-session.ts). Every same-origin call sends it.
 */
export const CSRF_HEADERS: Readonly<Record<string, string>> = { 'X-Requested-With': 'fetch' };

/** Every failed call throws this. `message` is the server's message when it sent one. */
export class ApiClientError extends Error {
  override readonly name = 'ApiClientError';
  constructor(
    /** HTTP status; 0 when no response arrived (network failure, CORS, abort). */
    readonly status: number,
    message: string,
    /** The server's stable code (UNAUTHORIZED, VALIDATION_FAILED, ...) or NETWORK_ERROR / HTTP_ERROR. */
    readonly code: ApiErrorCode,
    /** Per-field validation messages from a 400. */
    readonly fields: Readonly<Record<string, string>> = {},
    /** True when `message` came from the server's body rather than a client fallback. */
    readonly hasServerMessage = false,
    /** The specific refusal the server named (contract REFUSALS), and the values its message names. */
    readonly reason?: RefusalReason,
    readonly params?: RefusalParams,
  ) {
    super(message);
  }

  /** No response at all (offline, DNS, connection refused). */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

/** True when `error` is an API error carrying one of `codes`. Screens branch on this, never on HTTP statuses. */
export function hasErrorCode(error: unknown, ...codes: readonly ApiErrorCode[]): error is ApiClientError {
  return error instanceof ApiClientError && codes.includes(error.code);
}

/**
 * The server failed (not a refusal): INTERNAL or SERVICE_UNAVAILABLE, or a 5xx that came without
 * an error body (a proxy or platform page, code HTTP_ERROR). The one place a status range is read.
 */
export function isServerError(error: unknown): error is ApiClientError {
  if (!(error instanceof ApiClientError)) return false;
  return (
    error.code === 'INTERNAL' ||
    error.code === 'SERVICE_UNAVAILABLE' ||
    (error.code === 'HTTP_ERROR' && error.status >= 500)
  );
}

/** Reads a code from an error body; anything not a string becomes HTTP_ERROR. */
export function codeOf(value: unknown): ApiErrorCode {
  return typeof value === 'string' && value !== '' ? (value as ApiErrorCode) : 'HTTP_ERROR';
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Serialised as JSON unless it is FormData/Blob (uploads). */
  body?: unknown;
  query?: Record<string, QueryValue>;
  /**
   * null: a call whose 401 says nothing about the session (public calls, sign-in, and the session's
   * own calls, which the session machine judges itself). Default: a 401 ends the session.
   */
  token?: null;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** What to read from a successful response (default json; 204 gives undefined). */
  responseType?: 'json' | 'blob' | 'text';
}

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler | null = null;

/**
 * The session registers this to forget itself when the server refuses the session cookie (401 on
 * a signed-in call). Calls made with `token: null` never trigger it.
 */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  onUnauthorized = handler;
}

/**
 * D1 read replication: the Worker answers each API call with the newest database bookmark it saw,
 * and the next call sends the newest one back, so a read after a write (answer submitted, course
 * enrolled) is served by a replica at least that fresh. Kept in memory and sessionStorage (one tab,
 * survives a reload), and copied into a cookie for page loads (the shared cache ignores that cookie).
 */
export const BOOKMARK_HEADER = 'X-D1-Bookmark';
const BOOKMARK_KEY = 'd1-bookmark';
const BOOKMARK_FORMAT = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;
let bookmark: string | null = null;

function currentBookmark(): string | null {
  if (bookmark) return bookmark;
  try {
    const stored = globalThis.sessionStorage?.getItem(BOOKMARK_KEY) ?? null;
    bookmark = stored && BOOKMARK_FORMAT.test(stored) ? stored : null;
  } catch {
    // Storage blocked: memory only.
  }
  return bookmark;
}

/** Keeps the newer of the current and the received bookmark (bookmarks of one database sort by age). */
export function rememberBookmark(received: string | null): void {
  if (!received || !BOOKMARK_FORMAT.test(received)) return;
  const current = currentBookmark();
  if (current && current >= received) return;
  bookmark = received;
  try {
    globalThis.sessionStorage?.setItem(BOOKMARK_KEY, received);
  } catch {
    // Storage blocked: memory only.
  }
  writeBookmarkCookie(received);
}

/**
 * A page load cannot send the header: the Worker-rendered learner pages read the same bookmark from
 * a cookie (worker/contract/learner-pages.ts), so a reload after a write shows the write. Not a
 * credential; the shared cache ignores it. Ends with the browser session, like sessionStorage.
 */
function writeBookmarkCookie(value: string): void {
  if (!globalThis.document) return;
  const secure = globalThis.location?.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Safari and Firefox; the edge-rendered pages read this cookie
  document.cookie = `${BOOKMARK_COOKIE}=${value}; Path=/; SameSite=Lax${secure}`;
}

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = `/api${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

interface ErrorBody {
  message?: unknown;
  code?: unknown;
  reason?: unknown;
  params?: unknown;
  fields?: unknown;
}

async function toError(response: Response): Promise<ApiClientError> {
  let body: ErrorBody = {};
  try {
    body = (await response.json()) as ErrorBody;
  } catch {
    // Not JSON (proxy error page, empty body): fall through to the generic message.
  }
  const serverMessage = typeof body.message === 'string' && body.message.trim() !== '' ? body.message : null;
  const fields: Record<string, string> = {};
  if (body.fields && typeof body.fields === 'object') {
    for (const [key, value] of Object.entries(body.fields as Record<string, unknown>)) {
      if (typeof value === 'string') fields[key] = value;
    }
  }
  return new ApiClientError(
    response.status,
    serverMessage ?? `Request failed with status ${response.status}`,
    codeOf(body.code),
    fields,
    serverMessage !== null,
    typeof body.reason === 'string' ? (body.reason as RefusalReason) : undefined,
    body.params && typeof body.params === 'object' ? (body.params as RefusalParams) : undefined,
  );
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, signal, responseType = 'json' } = options;
  // The interface language the reader chose, not only the browser's: the Worker picks course
  // versions (delivery language) and PDF labels by it.
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': requestLanguage(),
    ...CSRF_HEADERS,
    ...options.headers,
  };
  let payload: BodyInit | undefined;
  if (body instanceof FormData || body instanceof Blob) {
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const sentBookmark = currentBookmark();
  if (sentBookmark) headers[BOOKMARK_HEADER] = sentBookmark;

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: payload,
      signal,
      credentials: 'same-origin',
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiClientError(
      0,
      'Cannot connect to the server. Please check your internet connection and try again.',
      'NETWORK_ERROR',
    );
  }
  rememberBookmark(response.headers.get(BOOKMARK_HEADER));

  if (!response.ok) {
    const error = await toError(response);
    // Only a signed-in call says anything about the session; a password typed into a form on the way
    // (an evaluator's e-signature, a trainee's acknowledgement) that is wrong says nothing about it.
    if (response.status === 401 && error.code !== 'INVALID_CREDENTIALS' && options.token === undefined)
      onUnauthorized?.();
    throw error;
  }
  if (response.status === 204) return undefined as T;
  if (responseType === 'blob') return (await response.blob()) as T;
  if (responseType === 'text') return (await response.text()) as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Shorthands. `api.get<Course[]>('/v2/user/courses', { query: { page: 1 } })`. */
export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
