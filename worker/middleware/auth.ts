import { sql } from 'drizzle-orm';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { drizzleOver } from '../db/client';
import { foldCheckIntoFirstBatch } from '../db/first-batch-check';
import type { AppEnv, AuthUser } from '../env';
import { ApiError } from '../errors';
import { PERMISSION_LABELS, USER_MESSAGES } from '../contract/admin-people';
import type { AdminPermissions } from '../contract/auth';
import { isAdminUser } from '../contract/rules/roles';
import { verifySession, type SessionClaims } from '../services/tokens';
import { permissionsOf } from '../services/users';

/** Calls a user who must change an admin-generated password may still make. */
const ALLOWED_BEFORE_PASSWORD_CHANGE = new Set(['GET /api/auth/user', 'PUT /api/auth/password', 'POST /api/auth/logout']);

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
  revoked: number;
}

const sessionRowSql = (claims: SessionClaims) =>
  sql`SELECT id, username, email, role, first_name AS firstName, last_name AS lastName,
        must_change_password AS mustChangePassword, token_version AS tokenVersion, permissions,
        deactivated_at AS deactivatedAt, EXISTS (SELECT 1 FROM revoked_tokens WHERE jti = ${claims.jti}) AS revoked
      FROM users WHERE id = ${claims.sub}`;

const dialect = new SQLiteAsyncDialect();

/**
 * The one judgement of a session row, whether it was read on its own or inside the request's first
 * batch: a leaver, a deleted user, a logout, a password change or a must-change-password account
 * is refused; otherwise the request's user is set and the route's own checks (admin) run.
 */
function judgeSession(c: Context<AppEnv>, claims: SessionClaims, row: SessionRow | null, routeChecks: readonly ((user: AuthUser) => void)[]): void {
  // A leaver's token is refused at once with the reason, before the version check would say "expired".
  if (row?.deactivatedAt) throw new ApiError('ACCOUNT_DEACTIVATED', USER_MESSAGES.accountDeactivated);
  if (!row || row.revoked || Number(row.tokenVersion) !== claims.ver) {
    throw new ApiError('UNAUTHORIZED', 'Your session has expired. Please sign in again.');
  }
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
  };
  c.set('user', user);
  if (user.mustChangePassword && !ALLOWED_BEFORE_PASSWORD_CHANGE.has(`${c.req.method} ${c.req.path}`)) {
    throw new ApiError('PASSWORD_CHANGE_REQUIRED', 'You must change your password before continuing.');
  }
  for (const check of routeChecks) check(user);
}

/**
 * Routes whose session check rides in their first D1 batch (one round trip fewer). Each handler
 * listed here reads only `user.id` before its first batch (the user is a stand-in until the batch's
 * session row is judged; any other field read earlier throws) and starts with a batch of SELECTs. Writes, and statements run on their own, always wait for the check (worker/db/first-batch-check.ts).
 */
export const SESSION_IN_FIRST_BATCH = [
  'GET /api/v2/user/courses',
  'GET /api/v2/user/courses/:id',
  'GET /api/v2/user/progress/courses',
  'GET /api/v2/user/progress/courses/:id',
  'GET /api/v2/user/reports',
  'GET /api/v2/user/requirements',
  'GET /api/v2/admin/compliance',
  'POST /api/v2/user/assessments/:componentId/start',
  'PUT /api/v2/user/assessments/attempts/:attemptId/answers',
  'POST /api/v2/user/assessments/attempts/:attemptId/submit',
  'POST /api/v2/user/assessments/attempts/:attemptId/auto-submit',
  'GET /api/v2/user/assessments/:componentId/questions',
] as const;

const foldedRoutes = SESSION_IN_FIRST_BATCH.map((route) => {
  const [method, path] = route.split(' ');
  return { method, pattern: new RegExp(`^${path.replace(/:[a-zA-Z]+/g, '[^/]+')}/?$`) };
});
export const foldsSessionCheck = (method: string, path: string) => foldedRoutes.some((r) => r.method === method && r.pattern.test(path));

/** Stands in for the user until the session row is judged: the id (from the verified token) only. */
function provisionalUser(c: Context<AppEnv>, userId: string): AuthUser {
  const standIn: AuthUser = new Proxy({} as AuthUser, {
    get(_target, prop) {
      const judged = c.get('user');
      if (judged !== standIn) return Reflect.get(judged, prop);
      if (prop === 'id') return userId;
      throw new Error(`user.${String(prop)} was read before the session was checked`);
    },
  });
  return standIn;
}

/**
 * Requires a valid, unrevoked session. The user row and the revocation check come back in one
 * query, so a deleted user, a changed password or a logout takes effect on the very next call;
 * on the routes of SESSION_IN_FIRST_BATCH that query rides in the route's own first batch.
 */
export const requireAuth = createMiddleware<AppEnv>(async (c, next) => {
  const token = bearerToken(c.req.header('authorization'));
  if (!token) throw new ApiError('UNAUTHORIZED', 'Authentication required');
  const claims = await verifySession(c.env.JWT_SECRET, token);
  if (!claims) throw new ApiError('UNAUTHORIZED', 'Your session has expired. Please sign in again.');
  c.set('tokenJti', claims.jti);
  c.set('tokenExp', claims.exp);
  const routeChecks: ((user: AuthUser) => void)[] = [];
  const d1 = c.var.d1;
  if (!d1 || !foldsSessionCheck(c.req.method, c.req.path)) {
    const row = await c.var.db.get<SessionRow | undefined>(sessionRowSql(claims));
    judgeSession(c, claims, row ?? null, routeChecks);
    return next();
  }
  const query = dialect.sqlToQuery(sessionRowSql(claims));
  const checked = foldCheckIntoFirstBatch(d1, {
    statement: d1.prepare(query.sql).bind(...query.params),
    judge: (row) => judgeSession(c, claims, row as SessionRow | null, routeChecks),
  });
  c.set('db', drizzleOver(checked.d1));
  c.set('user', provisionalUser(c, claims.sub));
  c.set('sessionChecks', routeChecks);
  await next();
  // An answer made without any D1 call (a 400 from validation) is still judged: 401 comes first.
  await checked.settle();
});

export type AdminPermission = keyof AdminPermissions;

/**
 * Which permission flag each admin route needs, by path prefix: every admin route passes through
 * requireAdmin, which reads this table, so a new admin route under a listed prefix is covered.
 * AI Content Generation guards no route: the product has no such feature yet.
 */
export const ADMIN_ROUTE_PERMISSIONS: readonly { prefix: string; permission: AdminPermission }[] = [
  { prefix: '/api/users', permission: 'userManagement' },
  { prefix: '/api/v2/admin/assessments', permission: 'userManagement' },
  { prefix: '/api/v2/certificates', permission: 'userManagement' },
  { prefix: '/api/v2/admin/courses', permission: 'moduleManagement' },
  { prefix: '/api/v2/materials', permission: 'moduleManagement' },
  { prefix: '/api/domains', permission: 'domainConfiguration' },
  { prefix: '/api/v2/admin/dashboard', permission: 'reportGeneration' },
  { prefix: '/api/v2/admin/compliance', permission: 'reportGeneration' },
  { prefix: '/api/v2/admin/users', permission: 'reportGeneration' },
  { prefix: '/api/v2/admin/requirements', permission: 'userManagement' },
  { prefix: '/api/announcements/admin', permission: 'systemConfiguration' },
  { prefix: '/api/think/admin', permission: 'systemConfiguration' },
];

export function permissionForPath(path: string): AdminPermission | null {
  return ADMIN_ROUTE_PERMISSIONS.find(({ prefix }) => path === prefix || path.startsWith(`${prefix}/`))?.permission ?? null;
}

/** 403 unless the signed-in admin holds `permission` (every flag is on until turned off). */
export function assertPermission(user: AppEnv['Variables']['user'], permission: AdminPermission): void {
  if (user.permissions && user.permissions[permission] === false) {
    throw new ApiError('FORBIDDEN', `This needs the ${PERMISSION_LABELS[permission]} permission. Ask an administrator who manages users.`);
  }
}

/** Requires an administrator holding the permission flag of the route; use after requireAuth. */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const permission = permissionForPath(c.req.path);
  const check = (user: AuthUser) => {
    if (!isAdminUser(user)) throw new ApiError('FORBIDDEN', 'Administrator access required');
    if (permission) assertPermission(user, permission);
  };
  // A session still to be judged in the route's first batch is judged with this check too.
  const pending = c.var.sessionChecks;
  if (pending) pending.push(check);
  else check(c.var.user);
  await next();
});
