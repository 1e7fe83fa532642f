import { sql } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { users } from '../db/schema';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { PERMISSION_LABELS, USER_MESSAGES } from '../contract/admin-people';
import type { AdminPermissions } from '../contract/auth';
import { isAdminUser } from '../contract/rules/roles';
import { verifySession } from '../services/tokens';
import { permissionsOf } from '../services/users';

/** Calls a user who must change an admin-generated password may still make. */
const ALLOWED_BEFORE_PASSWORD_CHANGE = new Set(['GET /api/auth/user', 'PUT /api/auth/password', 'POST /api/auth/logout']);

export function bearerToken(header: string | undefined): string | null {
  const match = header?.match(/^Bearer\s+(.+)$/i);
  return match ? match[1].trim() : null;
}

/**
 * Requires a valid, unrevoked session. The user row and the revocation check come back in one
 * query, so a deleted user, a changed password or a logout takes effect on the very next call.
 */
export const requireAuth = createMiddleware<AppEnv>(async (c, next) => {
  const token = bearerToken(c.req.header('authorization'));
  if (!token) throw new ApiError('UNAUTHORIZED', 'Authentication required');
  const claims = await verifySession(c.env.JWT_SECRET, token);
  if (!claims) throw new ApiError('UNAUTHORIZED', 'Your session has expired. Please sign in again.');
  const row = await c.var.db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      role: users.role,
      firstName: users.firstName,
      lastName: users.lastName,
      mustChangePassword: users.mustChangePassword,
      tokenVersion: users.tokenVersion,
      permissions: users.permissions,
      deactivatedAt: users.deactivatedAt,
      revoked: sql<number>`EXISTS (SELECT 1 FROM revoked_tokens WHERE jti = ${claims.jti})`,
    })
    .from(users)
    .where(sql`${users.id} = ${claims.sub}`)
    .get();
  // A leaver's token is refused at once with the reason, before the version check would say "expired".
  if (row?.deactivatedAt) throw new ApiError('ACCOUNT_DEACTIVATED', USER_MESSAGES.accountDeactivated);
  if (!row || row.revoked || row.tokenVersion !== claims.ver) {
    throw new ApiError('UNAUTHORIZED', 'Your session has expired. Please sign in again.');
  }
  const { revoked: _revoked, deactivatedAt: _deactivatedAt, permissions, ...user } = row;
  c.set('user', { ...user, permissions: permissionsOf({ role: user.role, permissions }) });
  c.set('tokenJti', claims.jti);
  c.set('tokenExp', claims.exp);
  if (user.mustChangePassword && !ALLOWED_BEFORE_PASSWORD_CHANGE.has(`${c.req.method} ${c.req.path}`)) {
    throw new ApiError('PASSWORD_CHANGE_REQUIRED', 'You must change your password before continuing.');
  }
  await next();
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
  if (!isAdminUser(c.var.user)) throw new ApiError('FORBIDDEN', 'Administrator access required');
  const permission = permissionForPath(c.req.path);
  if (permission) assertPermission(c.var.user, permission);
  await next();
});
