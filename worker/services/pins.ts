import { and, eq, isNull, sql } from 'drizzle-orm';
import { REFUSALS } from '../contract/errors';
import { PIN_LIMITS, type PinStatus } from '../contract/kiosk';
import type { Db } from '../db/client';
import { userPins, users } from '../db/schema';
import { ApiError } from '../errors';
import { confirmSignature } from './evaluation-submit';
import { getDummyHash, hashPassword, verifyPassword } from './password';

/**
 * Each person's kiosk PIN (issue 29). Hashed like a password (PBKDF2); ten wrong guesses, counted
 * across every kiosk, lock it until its owner sets a new one on their profile (with their password).
 */

type PinRow = typeof userPins.$inferSelect;

const statusOf = (row: PinRow | undefined): PinStatus | null =>
  row ? { setAt: row.setAt, locked: row.lockedAt !== null } : null;

export async function pinStatus(db: Db, userId: string): Promise<PinStatus | null> {
  return statusOf(await db.select().from(userPins).where(eq(userPins.userId, userId)).get());
}

/** A new PIN replaces the old one and clears its wrong guesses and lock. The password proves it is the owner. */
export async function setPin(db: Db, userId: string, pin: string, password: string, now = new Date()) {
  try {
    await confirmSignature(db, userId, password);
  } catch (error) {
    if (error instanceof ApiError && error.code === 'INVALID_CREDENTIALS')
      throw new ApiError('INVALID_CREDENTIALS', REFUSALS['kiosk.passwordWrong']);
    throw error;
  }
  const values = { userId, pinHash: await hashPassword(pin), failedCount: 0, lockedAt: null, setAt: now.toISOString() };
  await db
    .insert(userPins)
    .values(values)
    .onConflictDoUpdate({
      target: userPins.userId,
      set: { pinHash: values.pinHash, failedCount: 0, lockedAt: null, setAt: values.setAt },
    });
  return statusOf(values);
}

/**
 * The active person with this username and PIN, or a refusal: "not recognised" alike for an unknown
 * username, a person without a PIN and a wrong PIN (the kiosk does not tell who has an account);
 * "locked" once ten wrong guesses were counted. Each wrong guess is counted in one statement, so
 * guesses arriving together cannot pass the limit.
 */
export async function personOfPin(db: Db, username: string, pin: string, now = new Date()) {
  const row = await db
    .select({ user: users, pin: userPins })
    .from(users)
    .leftJoin(userPins, eq(userPins.userId, users.id))
    .where(and(sql`lower(${users.username}) = ${username.trim().toLowerCase()}`, isNull(users.deactivatedAt)))
    .get();
  if (row?.pin?.lockedAt) throw new ApiError('FORBIDDEN', REFUSALS['kiosk.pinLocked']);
  // An unknown username or no PIN costs the same hash as a wrong PIN, so timing does not tell either.
  const valid = await verifyPassword(pin, row?.pin?.pinHash ?? (await getDummyHash()));
  if (!row?.pin) throw new ApiError('INVALID_CREDENTIALS', REFUSALS['kiosk.pinWrong']);
  const userId = row.user.id;
  if (!valid) {
    const [counted] = await db
      .update(userPins)
      .set({
        failedCount: sql`${userPins.failedCount} + 1`,
        lockedAt: sql`CASE WHEN ${userPins.failedCount} + 1 >= ${PIN_LIMITS.maxGuesses} THEN ${now.toISOString()} ELSE NULL END`,
      })
      .where(and(eq(userPins.userId, userId), isNull(userPins.lockedAt)))
      .returning({ lockedAt: userPins.lockedAt });
    if (!counted || counted.lockedAt) throw new ApiError('FORBIDDEN', REFUSALS['kiosk.pinLocked']);
    throw new ApiError('INVALID_CREDENTIALS', REFUSALS['kiosk.pinWrong']);
  }
  // Right PIN: the count starts again, unless a concurrent wrong guess locked it meanwhile.
  const [cleared] = await db
    .update(userPins)
    .set({ failedCount: 0 })
    .where(and(eq(userPins.userId, userId), isNull(userPins.lockedAt)))
    .returning({ userId: userPins.userId });
  if (!cleared) throw new ApiError('FORBIDDEN', REFUSALS['kiosk.pinLocked']);
  return row.user;
}
