import { and, eq, lt } from 'drizzle-orm';
import { REFUSALS, type RefusalReason } from '../contract/errors';
import type { SignatureMethod } from '../contract/offscreen';
import { SIGNING_PROOF_TTL_MS, type SigningMethodResponse, type SigningPurpose } from '../contract/signing-proofs';
import type { Db } from '../db/client';
import { identityProviders, type oidcSignIns, signingProofs, userIdentities, users } from '../db/schema';
import { ApiError } from '../errors';
import { randomToken, sha256Hex } from './crypto';
import { providerEnabled, providerForEmail, providerPasswordColumns } from './identity-providers';

/*
 * E-signatures for people who sign in through their company's provider (issue 32 item 5;
 * docs/decisions/2026-11-28-provider-signatures.md). The sign-off dialog starts a re-authentication
 * (prompt=login, max_age=0) naming the person and what they sign; the callback checks that the ID
 * token is that person's and that its auth_time is not older than the start, and leaves a signing
 * proof: a random token (only its hash kept), bound to the person, the purpose and the record's id,
 * five minutes, spent by the one sign-off it was given for.
 */

/** A provider's clock may be a little behind ours: an auth_time this much before the start still counts as fresh. */
const AUTH_TIME_SKEW_S = 5;

/** How a record was signed, as the record, its audit row and its printouts say. */
export interface SignedWith {
  method: SignatureMethod;
  /** The provider's name at signing, for 'provider'. */
  provider: string | null;
}
export const PASSWORD_SIGNED: SignedWith = { method: 'password', provider: null };

/** The person's company provider (enabled), their subject there, and whether a password can sign for them. */
async function providerOf(db: Db, userId: string) {
  return db
    .select({
      ...providerPasswordColumns,
      issuer: identityProviders.issuer,
      clientId: identityProviders.clientId,
      subject: userIdentities.subject,
    })
    .from(userIdentities)
    .innerJoin(identityProviders, eq(identityProviders.id, userIdentities.providerId))
    .where(and(eq(userIdentities.userId, userId), providerEnabled))
    .get();
}

/**
 * The provider that turned passwords off for this person's e-mail domain, or null: the sign-in rule
 * (routes/auth.ts), held by signatures too. Administrators keep their password, as at sign-in.
 */
export async function passwordsOffBy(db: Db, person: { role: string; email: string }) {
  if (person.role === 'ADMIN') return null;
  const provider = await providerForEmail(db, person.email);
  return provider?.passwordSignInOff ? provider : null;
}

export async function signingMethod(db: Db, userId: string): Promise<SigningMethodResponse> {
  const [provider, person] = await Promise.all([
    providerOf(db, userId),
    db
      .select({ passwordHash: users.passwordHash, email: users.email, role: users.role })
      .from(users)
      .where(eq(users.id, userId))
      .get(),
  ]);
  // A person the provider created has the unusable hash 'oidc!' (services/oidc-people.ts).
  const hasPassword = !!person && person.passwordHash !== 'oidc!';
  // The same rule the server signs by (confirmSignature), so the dialog never offers a refused password.
  return {
    provider: provider ? { id: provider.id, name: provider.name } : null,
    password: hasPassword && !(await passwordsOffBy(db, person!)),
  };
}

/** The provider a re-authentication goes to; refused for a person who does not sign in through one. */
export async function reauthProvider(db: Db, userId: string) {
  const provider = await providerOf(db, userId);
  if (!provider) throw new ApiError('CONFLICT', REFUSALS['signature.noProvider']);
  return provider;
}

/** The start of a re-authentication: a sign-in flow that names the person, the purpose and when it began. */
export function reauthFlow(
  flow: { stateHash: string; nonce: string; codeVerifier: string },
  providerId: string,
  userId: string,
  what: { purpose: SigningPurpose; subjectId: string },
  now: Date,
  ttlMs: number,
) {
  return {
    stateHash: flow.stateHash,
    providerId,
    nonce: flow.nonce,
    codeVerifier: flow.codeVerifier,
    expiresAt: new Date(now.getTime() + ttlMs).toISOString(),
    reauthUserId: userId,
    purpose: what.purpose,
    subjectId: what.subjectId,
    startedAt: now.toISOString(),
  };
}

type ReauthRow = typeof oidcSignIns.$inferSelect;

/**
 * The callback of a re-authentication: the ID token must be the person's (their linked subject at
 * this provider) and its auth_time at or after the start (prompt=login was honoured). Answers the
 * proof token, or the refusal the pop-up shows.
 */
export async function finishReauth(
  db: Db,
  flow: ReauthRow,
  provider: { id: string; name: string },
  claims: Record<string, unknown>,
): Promise<{ proof: string } | { refused: RefusalReason; detail: string }> {
  const userId = flow.reauthUserId!;
  const linked = await db
    .select({ subject: userIdentities.subject })
    .from(userIdentities)
    .where(and(eq(userIdentities.userId, userId), eq(userIdentities.providerId, provider.id)))
    .get();
  if (!linked || linked.subject !== String(claims.sub)) {
    return { refused: 'signature.reauthOtherPerson', detail: `Re-authenticated as ${String(claims.sub)}` };
  }
  const startedS = Math.floor(Date.parse(flow.startedAt!) / 1000);
  const authTime = typeof claims.auth_time === 'number' ? claims.auth_time : Number.NaN;
  if (!Number.isFinite(authTime) || authTime < startedS - AUTH_TIME_SKEW_S) {
    const detail = Number.isFinite(authTime)
      ? `auth_time ${new Date(authTime * 1000).toISOString()} is before the re-authentication started (${flow.startedAt})`
      : 'The ID token has no auth_time';
    return { refused: 'signature.reauthStale', detail };
  }
  const proof = randomToken(32);
  const now = Date.now();
  await db.batch([
    // Proofs never spent are swept by the next one.
    db.delete(signingProofs).where(lt(signingProofs.expiresAt, new Date(now - SIGNING_PROOF_TTL_MS).toISOString())),
    db.insert(signingProofs).values({
      tokenHash: await sha256Hex(proof),
      userId,
      providerId: provider.id,
      providerName: provider.name,
      purpose: flow.purpose!,
      subjectId: flow.subjectId!,
      authTime: new Date(authTime * 1000).toISOString(),
      expiresAt: new Date(now + SIGNING_PROOF_TTL_MS).toISOString(),
    }),
  ]);
  return { proof };
}

/**
 * Spends a signing proof for this signer, purpose and record, or refuses it saying why (and spends
 * nothing: a proof shown to the wrong sign-off stays the signer's). One statement spends it, so two
 * sign-offs with the same proof cannot both pass.
 */
export async function spendSigningProof(
  db: Db,
  signerId: string,
  proof: string,
  purpose: SigningPurpose,
  subjectId: string,
): Promise<SignedWith> {
  const tokenHash = await sha256Hex(proof);
  const now = new Date().toISOString();
  const row = await db.select().from(signingProofs).where(eq(signingProofs.tokenHash, tokenHash)).get();
  if (!row) throw new ApiError('INVALID_CREDENTIALS', REFUSALS['signature.proofUsed']);
  if (row.userId !== signerId) throw new ApiError('FORBIDDEN', REFUSALS['signature.proofOtherPerson']);
  if (row.purpose !== purpose || row.subjectId !== subjectId)
    throw new ApiError('FORBIDDEN', REFUSALS['signature.proofOtherPurpose']);
  if (row.expiresAt <= now) throw new ApiError('INVALID_CREDENTIALS', REFUSALS['signature.proofExpired']);
  const [spent] = await db
    .delete(signingProofs)
    .where(and(eq(signingProofs.tokenHash, tokenHash), eq(signingProofs.userId, signerId)))
    .returning({ providerName: signingProofs.providerName });
  if (!spent) throw new ApiError('INVALID_CREDENTIALS', REFUSALS['signature.proofUsed']);
  return { method: 'provider', provider: spent.providerName };
}
