import { sql } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { users } from '../db/schema';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { isAdminUser } from '../contract/rules/roles';
import { verifySession } from '../services/tokens';

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
      revoked: sql<number>`EXISTS (SELECT 1 FROM revoked_tokens WHERE jti = ${claims.jti})`,
    })
    .from(users)
    .where(sql`${users.id} = ${claims.sub}`)
    .get();
  if (!row || row.revoked || row.tokenVersion !== claims.ver) {
    throw new ApiError('UNAUTHORIZED', 'Your session has expired. Please sign in again.');
  }
  const { revoked: _revoked, ...user } = row;
  c.set('user', user);
  c.set('tokenJti', claims.jti);
  c.set('tokenExp', claims.exp);
  if (user.mustChangePassword && !ALLOWED_BEFORE_PASSWORD_CHANGE.has(`${c.req.method} ${c.req.path}`)) {
    throw new ApiError('PASSWORD_CHANGE_REQUIRED', 'You must change your password before continuing.');
  }
  await next();
});

/** Requires an administrator; use after requireAuth. */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  if (!isAdminUser(c.var.user)) throw new ApiError('FORBIDDEN', 'Administrator access required');
  await next();
});
