import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { idString } from '../contract/common';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import type { Context } from 'hono';
import type { AppEnv, AuthUser } from '../env';
import { verifyFileLink, type LinkSession } from './material-links';
import { permissionsOf } from './users';

/** The query of a signed file link (`?u=&t=&v=&exp=&sig=`): all or none; materials, captions, evaluation photos and credential scans. */
export const signedLinkQuery = v.object({
  u: v.optional(idString),
  t: v.optional(idString),
  v: v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'Invalid link'))),
  exp: v.optional(v.pipe(v.string(), v.regex(/^\d{1,12}$/, 'Invalid link'))),
  sig: v.optional(v.pipe(v.string(), v.maxLength(100, 'Invalid link'))),
});
export type SignedLink = v.InferOutput<typeof signedLinkQuery>;

/** Whether a request carries a whole signed link (and no bearer header, which then decides instead). */
export const hasSignedLink = (link: SignedLink, authorization: string | undefined): boolean =>
  !authorization && !!(link.u && link.t && link.v && link.exp && link.sig);

/**
 * The user of a signed link for `scope`: the signature and expiry hold and the session that signed
 * it is alive (liveLinkUser); null otherwise.
 */
export async function signedLinkUser(db: Db, secret: string, scope: string, link: SignedLink) {
  const session = { userId: link.u!, tokenId: link.t!, tokenVersion: Number(link.v) };
  if (!(await verifyFileLink(secret, scope, session, link.exp!, link.sig!))) return null;
  return liveLinkUser(db, session);
}

/**
 * The user of a signed link whose signature already checked out, while the session that signed it
 * is alive: not logged out (its token id not revoked), the same token version (no password change
 * since), the account active. Null otherwise: a link dies with its session.
 */
export async function liveLinkUser(
  db: Db,
  session: { userId: string; tokenId: string; tokenVersion: number },
): Promise<Pick<AuthUser, 'id' | 'role' | 'permissions' | 'siteLimit'> | null> {
  const user = await db
    .select({
      id: users.id,
      role: users.role,
      permissions: users.permissions,
      tokenVersion: users.tokenVersion,
      deactivatedAt: users.deactivatedAt,
      adminSiteId: users.adminSiteId,
      revoked: sql<number>`EXISTS (SELECT 1 FROM revoked_tokens WHERE jti = ${session.tokenId})`,
    })
    .from(users)
    .where(eq(users.id, session.userId))
    .get();
  if (!user || user.revoked || user.deactivatedAt || user.tokenVersion !== session.tokenVersion) return null;
  // The flags and the site limit ride along: an administrator's link opens more only with the flag
  // that covers it, and only for their site's people when they are limited to one.
  return {
    id: user.id,
    role: user.role,
    permissions: permissionsOf(user),
    siteLimit: user.role === 'ADMIN' ? (user.adminSiteId ?? null) : null,
  };
}

/** The caller's session, for signing file links. */
export const linkSession = (c: Context<AppEnv>): LinkSession => ({
  userId: c.var.user.id,
  tokenId: c.var.tokenJti,
  tokenVersion: c.var.user.tokenVersion,
  sessionExp: c.var.tokenExp,
});
