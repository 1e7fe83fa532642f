import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import type { AuthUser } from '../env';
import { permissionsOf } from './users';

/**
 * The user of a signed link whose signature already checked out, while the session that signed it
 * is alive: not logged out (its token id not revoked), the same token version (no password change
 * since), the account active. Null otherwise: a link dies with its session.
 */
export async function liveLinkUser(
  db: Db,
  session: { userId: string; tokenId: string; tokenVersion: number },
): Promise<Pick<AuthUser, 'id' | 'role' | 'permissions'> | null> {
  const user = await db
    .select({
      id: users.id,
      role: users.role,
      permissions: users.permissions,
      tokenVersion: users.tokenVersion,
      deactivatedAt: users.deactivatedAt,
      revoked: sql<number>`EXISTS (SELECT 1 FROM revoked_tokens WHERE jti = ${session.tokenId})`,
    })
    .from(users)
    .where(eq(users.id, session.userId))
    .get();
  if (!user || user.revoked || user.deactivatedAt || user.tokenVersion !== session.tokenVersion) return null;
  // The flags ride along: an administrator's link opens more only with the flag that covers it.
  return { id: user.id, role: user.role, permissions: permissionsOf(user) };
}
