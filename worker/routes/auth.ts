import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { USER_MESSAGES } from '../contract/admin-people';
import { changePasswordBody, forgotPasswordBody, loginBody, resetPasswordBody, resetTokenQuery, type LoginResponse } from '../contract/auth';
import { passwordResetTokens, revokedTokens, users } from '../db/schema';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { randomToken, sha256Hex } from '../services/crypto';
import { sendMail } from '../services/mail';
import { originFor } from '../config';
import { getDummyHash, hashPassword, verifyPassword } from '../services/password';
import { clearRate, clientIp, enforceRate, hitRate, RATE_RULES, rateLimited, releaseRate } from '../services/rate-limit';
import { signSession } from '../services/tokens';
import { loadSessionUser } from '../services/users';
import { validate } from '../validate';

const RESET_TTL_MS = 60 * 60 * 1000;
const FORGOT_MESSAGE = "If your email exists in our system, we've sent a password reset link. Please check your inbox.";
const RESET_LINK_INVALID = 'Invalid or expired password reset link. Please request a new one.';
const RESET_LINK_EXPIRED = 'Your password reset link has expired. Please request a new one.';

export const auth = new Hono<AppEnv>()
  .post('/login', validate('json', loginBody), async (c) => {
    const { username, password } = c.req.valid('json');
    const db = c.var.db;
    const login = username.toLowerCase();
    const accountKey = `login:acct:${login}`;
    const ipKey = `login:ip:${clientIp(c.req.raw.headers)}`;
    // Each guess takes its slot atomically before the password is checked: guesses sent all at once
    // cannot all read "under the limit" first. Refused before hashing, so a locked-out guesser costs
    // no PBKDF2 work; a refused or successful sign-in gives its slots back (only failures count).
    const [accountCount, ipCount] = await Promise.all([hitRate(db, accountKey, RATE_RULES.loginAccount), hitRate(db, ipKey, RATE_RULES.loginIp)]);
    const refused = accountCount > RATE_RULES.loginAccount.limit ? RATE_RULES.loginAccount : ipCount > RATE_RULES.loginIp.limit ? RATE_RULES.loginIp : null;
    if (refused) {
      await Promise.all([releaseRate(db, accountKey), releaseRate(db, ipKey)]);
      throw rateLimited(refused);
    }

    const user = await db
      .select()
      .from(users)
      .where(sql`lower(${users.username}) = ${login} OR lower(${users.email}) = ${login}`)
      .get();
    const valid = await verifyPassword(password, user?.passwordHash ?? (await getDummyHash()));
    if (!user || !valid) throw new ApiError('INVALID_CREDENTIALS', 'Invalid username or password');
    await Promise.all([clearRate(db, accountKey), releaseRate(db, ipKey)]);
    // Said only after the password matched: a guesser learns nothing about the account.
    if (user.deactivatedAt) throw new ApiError('ACCOUNT_DEACTIVATED', USER_MESSAGES.accountDeactivated);
    await db.update(users).set({ lastLoginAt: new Date().toISOString() }).where(eq(users.id, user.id));
    const sessionUser = await loadSessionUser(db, user.id);
    if (!sessionUser) throw new ApiError('INVALID_CREDENTIALS', 'Invalid username or password');
    const token = await signSession(c.env.JWT_SECRET, user.id, user.tokenVersion);
    return c.json({ ...sessionUser, token, type: 'Bearer' } satisfies LoginResponse);
  })

  .post('/logout', async (c) => {
    await c.var.db
      .insert(revokedTokens)
      .values({ jti: c.var.tokenJti, expiresAt: new Date(c.var.tokenExp * 1000).toISOString() })
      .onConflictDoNothing();
    return c.json({ message: 'Logged out successfully' });
  })

  .get('/user', async (c) => {
    const user = await loadSessionUser(c.var.db, c.var.user.id);
    if (!user) throw new ApiError('UNAUTHORIZED', 'Your session has expired. Please sign in again.');
    return c.json(user);
  })

  .put('/password', validate('json', changePasswordBody), async (c) => {
    const { currentPassword, newPassword } = c.req.valid('json');
    const db = c.var.db;
    // A stolen session must not become an online guesser of the password itself: wrong current
    // passwords are counted per user, the slot taken before the check (as for login).
    const guessKey = `pwchange:user:${c.var.user.id}`;
    if ((await hitRate(db, guessKey, RATE_RULES.passwordChange)) > RATE_RULES.passwordChange.limit) {
      await releaseRate(db, guessKey);
      throw rateLimited(RATE_RULES.passwordChange);
    }
    const user = await db.select().from(users).where(eq(users.id, c.var.user.id)).get();
    if (!user || !(await verifyPassword(currentPassword, user.passwordHash))) {
      throw new ApiError('VALIDATION_FAILED', 'Current password is incorrect', { fields: { currentPassword: 'Current password is incorrect' } });
    }
    await clearRate(db, guessKey);
    if (currentPassword === newPassword) {
      throw new ApiError('VALIDATION_FAILED', 'New password must be different from the current password', {
        fields: { newPassword: 'New password must be different from the current password' },
      });
    }
    const nextVersion = user.tokenVersion + 1;
    await db
      .update(users)
      .set({
        passwordHash: await hashPassword(newPassword),
        mustChangePassword: false,
        // The temporary password dies with the first change: exports never show it again.
        tempPasswordEnc: null,
        passwordCreatedAt: new Date().toISOString(),
        tokenVersion: nextVersion,
        updatedAt: new Date().toISOString(),
      })
      .where(eq(users.id, user.id));
    // Every other session of this user ends; this one continues with a fresh token.
    const token = await signSession(c.env.JWT_SECRET, user.id, nextVersion);
    return c.json({ message: 'Password changed successfully', token });
  })

  .post('/forgot-password', validate('json', forgotPasswordBody), async (c) => {
    const { email } = c.req.valid('json');
    const db = c.var.db;
    const normalized = email.toLowerCase();
    await enforceRate(db, `reset:ip:${clientIp(c.req.raw.headers)}`, { ...RATE_RULES.passwordReset, limit: 20 });
    // Per-address limit answers like success: a 429 here would reveal that the address was tried.
    if ((await hitRate(db, `reset:email:${normalized}`, RATE_RULES.passwordReset)) > RATE_RULES.passwordReset.limit) {
      return c.json({ message: FORGOT_MESSAGE });
    }
    const user = await db.select().from(users).where(sql`lower(${users.email}) = ${normalized}`).get();
    // A leaver gets no reset link (the answer stays the same): sign-in would be refused anyway.
    if (user && !user.deactivatedAt) {
      const token = randomToken();
      await db.insert(passwordResetTokens).values({
        id: crypto.randomUUID(),
        userId: user.id,
        tokenHash: await sha256Hex(token),
        expiresAt: new Date(Date.now() + RESET_TTL_MS).toISOString(),
      });
      const link = `${originFor(c.var.config, c.req.url)}/reset-password?token=${encodeURIComponent(token)}`;
      const app = c.var.config.appName;
      await sendMail({ config: c.var.config, email: c.env.EMAIL }, db, {
        to: user.email,
        subject: `${app}: reset your password`,
        text: `Hello ${user.firstName ?? user.username},\n\nSomeone asked to reset the password of your ${app} account. Open this link within one hour to choose a new password:\n\n${link}\n\nIf you did not ask for this, you can ignore this message; your password stays the same.\n`,
      });
    }
    return c.json({ message: FORGOT_MESSAGE });
  })

  .get('/reset-password/validate', validate('query', resetTokenQuery), async (c) => {
    const { token } = c.req.valid('query');
    if (!token) throw new ApiError('BAD_REQUEST', RESET_LINK_INVALID);
    const row = await findUsableResetToken(c.var.db, token);
    if (!row) throw new ApiError('BAD_REQUEST', RESET_LINK_INVALID);
    return c.json({ valid: true });
  })

  .post('/reset-password', validate('json', resetPasswordBody), async (c) => {
    const { token, password } = c.req.valid('json');
    const db = c.var.db;
    const tokenHash = await sha256Hex(token);
    const nowIso = new Date().toISOString();
    const usable = sql`EXISTS (SELECT 1 FROM password_reset_tokens WHERE token_hash = ${tokenHash} AND used_at IS NULL AND expires_at > ${nowIso} AND user_id = ${users.id})`;
    const passwordHash = await hashPassword(password);
    // One transaction: the password changes only while the token is still unused, and the token
    // (and every other open link of the user) is spent in the same step. Two racing resets: one wins.
    const [changed] = await db.batch([
      db
        .update(users)
        .set({ passwordHash, mustChangePassword: false, tempPasswordEnc: null, passwordCreatedAt: nowIso, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: nowIso })
        .where(usable)
        .returning({ id: users.id }),
      db
        .update(passwordResetTokens)
        .set({ usedAt: nowIso })
        .where(
          and(
            isNull(passwordResetTokens.usedAt),
            sql`user_id IN (SELECT user_id FROM password_reset_tokens WHERE token_hash = ${tokenHash} AND used_at IS NULL AND expires_at > ${nowIso})`,
          ),
        ),
    ]);
    if (changed.length === 0) throw new ApiError('RESET_TOKEN_INVALID', RESET_LINK_EXPIRED);
    return c.json({ message: 'Your password has been reset successfully. Redirecting to login...' });
  });

async function findUsableResetToken(db: AppEnv['Variables']['db'], token: string) {
  return db
    .select({ id: passwordResetTokens.id })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.tokenHash, await sha256Hex(token)), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, new Date().toISOString())))
    .get();
}
