import { sql } from 'drizzle-orm';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';
import type { Context, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { drizzleOver, type Db } from '../db/client';
import { foldCheckIntoFirstBatch } from '../db/first-batch-check';
import type { AppEnv, AuthUser } from '../env';
import { ApiError } from '../errors';
import { PERMISSION_LABELS, USER_MESSAGES } from '../contract/users';
import type { AdminPermissions } from '../contract/auth';
import { isAdminUser } from '../contract/rules/roles';
import { authenticateScim } from '../services/scim-connections';
import { verifySession, type SessionClaims } from '../services/tokens';
import { assertSameSiteChange, clearSessionCookie, sessionCookieOf } from '../services/web-session';
import { permissionsOf } from '../services/users';

export function bearerToken(header: string | undefined): string | null {
  const match = header?.match(/^Bearer\s+(.+)$/i);
  return match ? match[1].trim() : null;
}

/** The session row as SQL reads it: the user and whether this token was revoked, in one statement. */
interface SessionRow {
  id: string;
  username: string;
  email: string;
  role: AuthUser['role'];
  firstName: string | null;
  lastName: string | null;
  mustChangePassword: number | boolean;
  tokenVersion: number;
  permissions: string | null;
  deactivatedAt: string | null;
  adminSiteId: string | null;
  revoked: number;
}

const sessionRowSql = (claims: SessionClaims) =>
  sql`SELECT id, username, email, role, first_name AS firstName, last_name AS lastName,
        must_change_password AS mustChangePassword, token_version AS tokenVersion, permissions,
        deactivated_at AS deactivatedAt, admin_site_id AS adminSiteId, EXISTS (SELECT 1 FROM revoked_tokens WHERE jti = ${claims.jti}) AS revoked
      FROM users WHERE id = ${claims.sub}`;

const dialect = new SQLiteAsyncDialect();

/**
 * The one judgement of a session row, whether it was read on its own or inside the route's first
 * batch: a leaver, a deleted user, a logout, a password change or a must-change-password account
 * (unless the guard is `requireSession`) is refused; otherwise the request's user is set and the
 * guard's own check (administrator, permission flag) runs.
 */
function judgeSession(c: Context<AppEnv>, claims: SessionClaims, row: SessionRow | null, spec: GuardSpec): void {
  // A leaver's token is refused at once with the reason, before the version check would say "expired".
  if (row?.deactivatedAt) throw endSession(c, new ApiError('ACCOUNT_DEACTIVATED', USER_MESSAGES.accountDeactivated));
  if (!row || row.revoked || Number(row.tokenVersion) !== claims.ver) throw endSession(c, sessionExpired());
  const stored = typeof row.permissions === 'string' ? (JSON.parse(row.permissions) as Record<string, boolean>) : null;
  const user: AuthUser = {
    id: row.id,
    username: row.username,
    email: row.email,
    role: row.role,
    firstName: row.firstName,
    lastName: row.lastName,
    mustChangePassword: !!row.mustChangePassword,
    tokenVersion: Number(row.tokenVersion),
    permissions: permissionsOf({ role: row.role, permissions: stored }),
    // A site limit binds administrators only (a learner reads nobody else anyway).
    siteLimit: row.role === 'ADMIN' ? (row.adminSiteId ?? null) : null,
  };
  c.set('user', user);
  if (user.mustChangePassword && spec.kind !== 'session') {
    throw new ApiError('PASSWORD_CHANGE_REQUIRED', 'You must change your password before continuing.');
  }
  if (spec.kind === 'admin') {
    if (!isAdminUser(user)) throw new ApiError('FORBIDDEN', 'Administrator access required');
    if (spec.permission) assertPermission(user, spec.permission);
  }
}

const sessionExpired = () => new ApiError('UNAUTHORIZED', 'Your session has expired. Please sign in again.');

/** A dead cookie session is cleared in the refusal itself, so the browser stops sending it at once. */
function endSession(c: Context<AppEnv>, error: ApiError): ApiError {
  if (c.var.sessionVia === 'cookie') clearSessionCookie(c);
  return error;
}

/**
 * The request's session token and where it came from. A bearer header wins (API clients, which
 * need no CSRF defence); otherwise the web client's cookie, whose changes must come from this site.
 */
function sessionToken(c: Context<AppEnv>): string | null {
  const bearer = bearerToken(c.req.header('authorization'));
  if (bearer) {
    c.set('sessionVia', 'bearer');
    return bearer;
  }
  const cookie = sessionCookieOf(c);
  if (!cookie) return null;
  c.set('sessionVia', 'cookie');
  assertSameSiteChange(c);
  return cookie;
}

export type AdminPermission = keyof AdminPermissions;

/** 403 unless the signed-in admin holds `permission` (every flag is on until turned off). */
export function assertPermission(user: AppEnv['Variables']['user'], permission: AdminPermission): void {
  if (user.permissions && user.permissions[permission] === false) {
    throw new ApiError(
      'FORBIDDEN',
      `This needs the ${PERMISSION_LABELS[permission]} permission. Ask an administrator who manages users.`,
    );
  }
}

/**
 * Who may call a route, declared where the route is defined (on the sub-app or on the handler):
 *   - `public`: anyone, no session read (visitor routes and signed-link routes, which check their link);
 *   - `session`: any valid session, even one that must still change an admin-generated password
 *     (only the calls that change it: read the user, change the password, log out);
 *   - `learner`: any signed-in user whose password is settled (administrators included);
 *   - `admin`: an administrator, holding `permission` when one is named.
 *   - `scim`: a directory connection's bearer token (the SCIM service, /scim/v2), never a session.
 * `inFirstBatch` guards read no session row themselves: the handler's first batch carries it
 * (sessionInFirstBatch below).
 */
export interface GuardSpec {
  kind: 'public' | 'session' | 'learner' | 'admin' | 'scim';
  permission?: AdminPermission | null;
  inFirstBatch?: boolean;
}

export type Guard = MiddlewareHandler<AppEnv>;

/** Every guard middleware by identity, so the route table says which guard each route has. */
const specs = new Map<Guard, GuardSpec>();
const made = new Map<string, Guard>();

/** The guard a middleware is, or undefined when it is not one (tests read the route table with it). */
export const guardSpecOf = (handler: unknown): GuardSpec | undefined => specs.get(handler as Guard);

/** The session waiting to be judged in the route's first batch (set by an `inFirstBatch` guard). */
interface PendingSession {
  userId: string;
  settle(): Promise<void>;
}
const pendingSessions = new WeakMap<Context<AppEnv>, PendingSession>();

function makeGuard(spec: GuardSpec): Guard {
  const key = `${spec.kind}:${spec.permission ?? ''}:${spec.inFirstBatch ? 'batch' : ''}`;
  const known = made.get(key);
  if (known) return known;
  const guard: Guard =
    spec.kind === 'public'
      ? createMiddleware<AppEnv>(async (_c, next) => next())
      : spec.kind === 'scim'
        ? createMiddleware<AppEnv>(async (c, next) => {
            await authenticateScim(c);
            return next();
          })
        : createMiddleware<AppEnv>(async (c, next) => {
            const token = sessionToken(c);
            if (!token) throw new ApiError('UNAUTHORIZED', 'Authentication required');
            const claims = await verifySession(c.env.JWT_SECRET, token);
            if (!claims) throw endSession(c, sessionExpired());
            c.set('tokenJti', claims.jti);
            c.set('tokenExp', claims.exp);
            const d1 = c.var.d1;
            if (!spec.inFirstBatch || !d1) {
              const row = await c.var.db.get<SessionRow | undefined>(sessionRowSql(claims));
              judgeSession(c, claims, row ?? null, spec);
              return next();
            }
            // The session row rides in the handler's first batch of reads; until it is judged the
            // request has no user, and any write or lone statement waits for the judgement.
            const query = dialect.sqlToQuery(sessionRowSql(claims));
            const checked = foldCheckIntoFirstBatch(d1, {
              statement: d1.prepare(query.sql).bind(...query.params),
              judge: (row) => judgeSession(c, claims, row as SessionRow | null, spec),
            });
            c.set('db', drizzleOver(checked.d1));
            pendingSessions.set(c, { userId: claims.sub, settle: checked.settle });
            await next();
            // An answer made without any D1 call (a 400 from validation) is still judged: 401 comes first.
            await checked.settle();
          });
  specs.set(guard, spec);
  made.set(key, guard);
  return guard;
}

/** Anyone may call: a visitor route, or one that checks a signed link itself. */
export const publicRoute: Guard = makeGuard({ kind: 'public' });

/** Any valid session, also one held to changing an admin-generated password first. */
export const requireSession: Guard = makeGuard({ kind: 'session' });

/** Any signed-in user (a learner, or an administrator acting as one). */
export const requireLearner: Guard = makeGuard({ kind: 'learner' });

/** A directory connection's bearer token (SCIM): the request acts as that connection, scoped to its people. */
export const requireScimToken: Guard = makeGuard({ kind: 'scim' });

/**
 * An administrator holding `permission` (null: any administrator). The flag each route needs is
 * stated here at the route; the decision record's table lists them.
 */
export const requireAdmin = (permission: AdminPermission | null): Guard => makeGuard({ kind: 'admin', permission });

/**
 * The same guard, with the session row read in the handler's first D1 batch (one round trip
 * fewer). The handler must call `sessionInFirstBatch` for its first reads.
 */
export function inFirstBatch(guard: Guard): Guard {
  const spec = guardSpecOf(guard);
  if (!spec || spec.kind === 'public' || spec.kind === 'scim') throw new Error('inFirstBatch takes a session guard');
  return makeGuard({ ...spec, inFirstBatch: true });
}

/**
 * Runs the handler's first reads with the session check folded into their first batch, and
 * answers the judged user with their results. `reads` gets the user id from the verified token
 * only: nothing else about the user is known until the batch is judged. Under a guard without
 * `inFirstBatch` (or on libSQL) the session is already judged and the reads simply run.
 */
export async function sessionInFirstBatch<T>(
  c: Context<AppEnv>,
  reads: (db: Db, userId: string) => Promise<T>,
): Promise<{ user: AuthUser; result: T }> {
  const pending = pendingSessions.get(c);
  if (!pending) return { user: c.var.user, result: await reads(c.var.db, c.var.user.id) };
  const result = await reads(c.var.db, pending.userId);
  await pending.settle();
  pendingSessions.delete(c);
  return { user: c.var.user, result };
}
