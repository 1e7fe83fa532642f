import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { LoginResponse } from '../contract/auth';
import { users } from '../db/schema';
import type { AppEnv } from '../env';
import { signSession } from './tokens';
import type { UserRow } from './user-accounts';
import { domainsByUser, toSessionUser } from './users';

/**
 * The one way a sign-in becomes a session: the password login and the company sign-in's exchange
 * (issue 32) both answer with this, so the session (today the bearer token; the cookie of issue 31
 * when it lands) and its revocation rules are the same for both.
 */
export async function loginResponse(c: Context<AppEnv>, user: UserRow) {
  const db = c.var.db;
  const lastLoginAt = new Date().toISOString();
  const [, books, token] = await Promise.all([
    db.update(users).set({ lastLoginAt }).where(eq(users.id, user.id)),
    domainsByUser(db, [user.id]),
    signSession(c.env.JWT_SECRET, user.id, user.tokenVersion),
  ]);
  const sessionUser = toSessionUser({ ...user, lastLoginAt }, books.get(user.id) ?? []);
  return c.json({ ...sessionUser, token, type: 'Bearer' } satisfies LoginResponse);
}
