import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { LoginResponse } from '../contract/auth';
import { REFUSALS } from '../contract/errors';
import { users } from '../db/schema';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { SESSION_TTL_SECONDS, signSession } from './tokens';
import { domainsByUser, toSessionUser } from './users';

/**
 * The web client's session cookie. `__Host-` makes the browser refuse it unless it is Secure, has
 * Path=/ and no Domain, so a sibling subdomain cannot plant or shadow it. Chromium counts
 * http://localhost and http://127.0.0.1 as secure contexts, so local development keeps it too.
 */
export const SESSION_COOKIE = '__Host-session';

/**
 * The header every cookie-authenticated change must carry. A cross-site form cannot set a header,
 * and a cross-site fetch that sets one needs a CORS preflight this Worker never grants.
 */
export const CSRF_HEADER = 'X-Requested-With';

const cookieOptions = {
  path: '/',
  secure: true,
  httpOnly: true,
  sameSite: 'Lax',
} as const;

/** Puts the session token in the cookie, living exactly as long as the token does. */
function setSessionCookie(c: Context<AppEnv>, token: string): void {
  setCookie(c, SESSION_COOKIE, token, { ...cookieOptions, maxAge: SESSION_TTL_SECONDS });
}

/** Ends the browser's copy of the session (the server-side end is the revocation or version bump). */
export function clearSessionCookie(c: Context): void {
  deleteCookie(c, SESSION_COOKIE, cookieOptions);
}

/** The session token the cookie carries, if any. */
export function sessionCookieOf(c: Context): string | null {
  return getCookie(c, SESSION_COOKIE) ?? null;
}

/**
 * Signs a session for the user at `tokenVersion` and sets the cookie: the one place a session token
 * is made. Callers that answer a token (sign-in, a password change) return what this returns.
 */
export async function signWebSession(c: Context<AppEnv>, userId: string, tokenVersion: number): Promise<string> {
  const token = await signSession(c.env.JWT_SECRET, userId, tokenVersion);
  setSessionCookie(c, token);
  return token;
}

/** A user row as sign-in reads it (the whole row: the session user is built from it). */
type SignInUser = typeof users.$inferSelect;

/**
 * Starts a session for a user whose identity was just proven (a password sign-in, or a company
 * sign-in after its callback): records the sign-in time, sets the session cookie and answers the
 * login response (the session user with the bearer token, for API clients). A deactivated account
 * is refused here as well, so no caller can forget to check it. The caller sends the answer
 * (`c.json(body)`) or redirects (`c.redirect(...)`): the cookie rides on either.
 */
export async function issueSession(c: Context<AppEnv>, user: SignInUser): Promise<LoginResponse> {
  if (user.deactivatedAt) throw new ApiError('ACCOUNT_DEACTIVATED', REFUSALS['user.accountDeactivated']);
  const db = c.var.db;
  const lastLoginAt = new Date().toISOString();
  const [, books, token] = await Promise.all([
    db.update(users).set({ lastLoginAt }).where(eq(users.id, user.id)),
    domainsByUser(db, [user.id]),
    signWebSession(c, user.id, user.tokenVersion),
  ]);
  return { ...toSessionUser({ ...user, lastLoginAt }, books.get(user.id) ?? []), token, type: 'Bearer' };
}

const UNSAFE = /^(?:POST|PUT|PATCH|DELETE)$/;

/**
 * The CSRF defence for requests the cookie authenticates (bearer requests need none: a browser
 * never adds that header by itself). Both must hold for a change: the browser says the request
 * came from this site (`Sec-Fetch-Site` same-origin, or an `Origin` equal to the request's own),
 * and the client's custom header is present. Reads pass: SameSite=Lax already keeps the cookie
 * off cross-site subrequests, and a top-level link must still open a PDF.
 */
export function assertSameSiteChange(c: Context<AppEnv>): void {
  if (!UNSAFE.test(c.req.method)) return;
  if (!fromThisSite(c) || !c.req.header(CSRF_HEADER)) {
    throw new ApiError('FORBIDDEN', REFUSALS['auth.crossSite']);
  }
}

/**
 * Sign-in sets a cookie too: a page on another site must not sign a visitor into an account of its
 * choosing (login CSRF). API clients send neither header and pass.
 */
export function assertNotCrossSite(c: Context<AppEnv>): void {
  const site = c.req.header('sec-fetch-site');
  const origin = c.req.header('origin');
  if ((site && site !== 'same-origin' && site !== 'none') || (origin && !isOwnOrigin(c, origin))) {
    throw new ApiError('FORBIDDEN', REFUSALS['auth.crossSite']);
  }
}

function fromThisSite(c: Context<AppEnv>): boolean {
  const site = c.req.header('sec-fetch-site');
  if (site) return site === 'same-origin';
  // Browsers without Fetch Metadata still send Origin on a POST; a change with neither is refused.
  const origin = c.req.header('origin');
  return !!origin && isOwnOrigin(c, origin);
}

/** The request's own origin, or the configured public address (a proxy in front may rewrite the host). */
function isOwnOrigin(c: Context<AppEnv>, origin: string): boolean {
  if (origin === new URL(c.req.url).origin) return true;
  const configured = c.var.config?.publicUrl;
  return !!configured && origin === new URL(configured).origin;
}
