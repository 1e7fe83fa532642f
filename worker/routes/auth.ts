import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { USER_MESSAGES } from '../contract/users';
import {
  changePasswordBody,
  forgotPasswordBody,
  loginBody,
  resetPasswordBody,
  resetTokenQuery,
} from '../contract/auth';
import { passwordResetTokens, revokedTokens, users } from '../db/schema';
import type { AppEnv } from '../env';
import { publicRoute, requireSession } from '../middleware/auth';
import { ApiError, refusal } from '../errors';
import { randomToken, sha256Hex } from '../services/crypto';
import { languageOf, t } from '../i18n';
import { sendMail } from '../services/mail';
import { originFor, type AppConfig } from '../config';
import type { Db } from '../db/client';
import { confirmCurrentPassword } from '../services/account';
import { getDummyHash, hashPassword, verifyPassword } from '../services/password';
import {
  clearRate,
  clientIp,
  enforceRate,
  hitRate,
  judgeGuess,
  peekRate,
  RATE_RULES,
  rateLimited,
} from '../services/rate-limit';
import { providerForEmail } from '../services/identity-providers';
import { loadSessionUser } from '../services/users';
import { assertNotCrossSite, clearSessionCookie, issueSession, signWebSession } from '../services/web-session';
import { validate } from '../validate';
import { REFUSALS } from '../contract/errors';

const RESET_TTL_MS = 60 * 60 * 1000;
const FORGOT_MESSAGE = "If your email exists in our system, we've sent a password reset link. Please check your inbox.";
const RESET_LINK_INVALID = REFUSALS['password.resetLinkInvalid'];
const RESET_LINK_EXPIRED = REFUSALS['password.resetLinkExpired'];

export const auth = new Hono<AppEnv>()
  .post('/login', publicRoute, validate('json', loginBody), async (c) => {
    assertNotCrossSite(c);
    const { username, password } = c.req.valid('json');
    const db = c.var.db;
    const login = username.toLowerCase();
    const ipKey = `login:ip:${clientIp(c.req.raw.headers)}`;
    // Usernames and e-mail addresses are one namespace, resolved one way: input with an '@' is looked
    // up as an e-mail address, anything else as a username; each column is unique, so one row at most.
    const byColumn = login.includes('@')
      ? sql`lower(${users.email}) = ${login}`
      : sql`lower(${users.username}) = ${login}`;
    const [user, ipFailures] = await Promise.all([
      db.select().from(users).where(byColumn).get(),
      peekRate(db, ipKey, RATE_RULES.loginIp),
    ]);
    // The address is judged on its failures so far and only a failure adds to them: correct sign-ins
    // never count, however many arrive at once from one plant's NAT.
    if (ipFailures >= RATE_RULES.loginIp.limit) throw rateLimited(RATE_RULES.loginIp);
    // Failures count per account, whichever identifier was typed; an unknown name has a counter of
    // its own, so it locks like a real one. Only failures count: correct sign-ins arriving together
    // are never refused, and guesses sent all at once still learn at most 5 outcomes (judgeGuess).
    const accountKey = user ? `login:acct:${user.id}` : `login:name:${login}`;
    const valid = await judgeGuess(db, accountKey, RATE_RULES.loginAccount, async () => {
      const matches = await verifyPassword(password, user?.passwordHash ?? (await getDummyHash()));
      return matches && !!user;
    });
    if (!valid || !user) {
      await hitRate(db, ipKey, RATE_RULES.loginIp);
      throw new ApiError('INVALID_CREDENTIALS', 'Invalid username or password');
    }
    // Said only after the password matched: a guesser learns nothing about the account.
    if (user.deactivatedAt) throw new ApiError('ACCOUNT_DEACTIVATED', USER_MESSAGES.accountDeactivated);
    // People of a company domain whose provider turned passwords off sign in there (issue 32);
    // administrators keep their password, so a broken provider never locks everyone out.
    const provider = user.role === 'ADMIN' ? null : await providerForEmail(db, user.email);
    if (provider?.passwordSignInOff) {
      throw refusal('FORBIDDEN', 'idp.passwordOff', { domain: user.email.split('@')[1]!, provider: provider.name });
    }
    const [, body] = await Promise.all([clearRate(db, accountKey), issueSession(c, user)]);
    return c.json(body);
  })

  .post('/logout', requireSession, async (c) => {
    await c.var.db
      .insert(revokedTokens)
      .values({ jti: c.var.tokenJti, expiresAt: new Date(c.var.tokenExp * 1000).toISOString() })
      .onConflictDoNothing();
    clearSessionCookie(c);
    return c.json({ message: 'Logged out successfully' });
  })

  .get('/user', requireSession, async (c) => {
    const user = await loadSessionUser(c.var.db, c.var.user.id);
    if (!user) throw new ApiError('UNAUTHORIZED', 'Your session has expired. Please sign in again.');
    return c.json(user);
  })

  .put('/password', requireSession, validate('json', changePasswordBody), async (c) => {
    const { currentPassword, newPassword } = c.req.valid('json');
    const db = c.var.db;
    const user = await db.select().from(users).where(eq(users.id, c.var.user.id)).get();
    if (!user) throw new ApiError('UNAUTHORIZED', 'Your session has expired. Please sign in again.');
    await confirmCurrentPassword(db, user, currentPassword);
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
    // Every other session of this user ends; this one continues with a fresh token (and cookie).
    const token = await signWebSession(c, user.id, nextVersion);
    return c.json({ message: 'Password changed successfully', token });
  })

  .post('/forgot-password', publicRoute, validate('json', forgotPasswordBody), async (c) => {
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
      // The link is written and mailed after the answer: a registered address answers as fast as an
      // unknown one, so the timing tells nothing about who has an account.
      const link = sendResetLink(
        c.var.config,
        c.env.EMAIL,
        db,
        originFor(c.var.config, c.req.url) ?? new URL(c.req.url).origin,
        user,
      ).catch((error: unknown) =>
        console.error(
          JSON.stringify({
            level: 'error',
            event: 'reset.mail_failed',
            requestId: c.var.requestId,
            error: String(error),
          }),
        ),
      );
      c.executionCtx.waitUntil(link);
    }
    return c.json({ message: FORGOT_MESSAGE });
  })

  .get('/reset-password/validate', publicRoute, validate('query', resetTokenQuery), async (c) => {
    const { token } = c.req.valid('query');
    if (!token) throw new ApiError('BAD_REQUEST', RESET_LINK_INVALID);
    const row = await findUsableResetToken(c.var.db, await sha256Hex(token));
    if (!row) throw new ApiError('BAD_REQUEST', RESET_LINK_INVALID);
    return c.json({ valid: true });
  })

  .post('/reset-password', publicRoute, validate('json', resetPasswordBody), async (c) => {
    const { token, password } = c.req.valid('json');
    const db = c.var.db;
    await enforceRate(db, `resetsubmit:ip:${clientIp(c.req.raw.headers)}`, RATE_RULES.passwordResetSubmit);
    const tokenHash = await sha256Hex(token);
    // The link is checked before the new password is hashed: a made-up token costs no PBKDF2 work.
    if (!(await findUsableResetToken(db, tokenHash))) throw new ApiError('RESET_TOKEN_INVALID', RESET_LINK_EXPIRED);
    const nowIso = new Date().toISOString();
    const usable = sql`EXISTS (SELECT 1 FROM password_reset_tokens WHERE token_hash = ${tokenHash} AND used_at IS NULL AND expires_at > ${nowIso} AND user_id = ${users.id})`;
    const passwordHash = await hashPassword(password);
    // One transaction: the password changes only while the token is still unused, and the token
    // (and every other open link of the user) is spent in the same step. Two racing resets: one wins.
    const [changed] = await db.batch([
      db
        .update(users)
        .set({
          passwordHash,
          mustChangePassword: false,
          tempPasswordEnc: null,
          passwordCreatedAt: nowIso,
          tokenVersion: sql`${users.tokenVersion} + 1`,
          updatedAt: nowIso,
        })
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
    // Whoever proved they own the address has the account back: its sign-in lock ends with the reset.
    await clearRate(db, `login:acct:${changed[0].id}`);
    // The version bump ended every session of the account; this browser's cookie goes with them.
    clearSessionCookie(c);
    return c.json({ message: 'Your password has been reset successfully. Redirecting to login...' });
  });

async function findUsableResetToken(db: Db, tokenHash: string) {
  return db
    .select({ id: passwordResetTokens.id })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, new Date().toISOString()),
      ),
    )
    .get();
}

/**
 * Stores a new reset token (hashed) for the user and mails them the link. The link is written after
 * the answer, so a password or e-mail change may land in between: the row is written only while the
 * account still has the password and address it had when the link was asked for. A change before
 * the write leaves no link (and no mail); a change after it spends the link (migration 0021's trigger).
 */
async function sendResetLink(
  config: AppConfig,
  email: SendEmail | undefined,
  db: Db,
  origin: string,
  user: Pick<typeof users.$inferSelect, 'id' | 'email' | 'passwordHash' | 'firstName' | 'username' | 'language'>,
): Promise<void> {
  const token = randomToken();
  const tokenHash = await sha256Hex(token);
  const expiresAt = new Date(Date.now() + RESET_TTL_MS).toISOString();
  const written = await db
    .insert(passwordResetTokens)
    .select(
      db
        .select({
          id: sql<string>`${crypto.randomUUID()}`.as('id'),
          userId: users.id,
          tokenHash: sql<string>`${tokenHash}`.as('token_hash'),
          expiresAt: sql<string>`${expiresAt}`.as('expires_at'),
          usedAt: sql<string | null>`NULL`.as('used_at'),
          createdAt: sql<string>`${new Date().toISOString()}`.as('created_at'),
        })
        .from(users)
        .where(and(eq(users.id, user.id), eq(users.email, user.email), eq(users.passwordHash, user.passwordHash))),
    )
    .returning({ id: passwordResetTokens.id });
  if (written.length === 0) return;
  const link = `${origin}/reset-password?token=${encodeURIComponent(token)}`;
  const app = config.appName;
  // In the account holder's preferred language (English when unset).
  const language = languageOf(user.language);
  await sendMail({ config, email }, db, {
    to: user.email,
    subject: t(language, 'mail.reset.subject', { app }),
    text: `${t(language, 'mail.hello', { name: user.firstName ?? user.username })}\n\n${t(language, 'mail.reset.body', { app })}\n\n${link}\n\n${t(language, 'mail.reset.ignore')}\n`,
  });
}
