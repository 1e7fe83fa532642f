import { and, eq, isNull, sql } from 'drizzle-orm';
import { normalizePersonText } from '../contract/common';
import type { ClaimMap } from '../contract/identity-providers';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { sites, userIdentities, users } from '../db/schema';
import { type AuditRecord, auditInsert } from './audit';
import { forgetPeopleCaches } from './people-caches';
import { afterPeopleChanged, movedAudience } from './requirement-audience';
import { wouldLoop } from './sites';
import { userAuditView, type UserRow } from './user-accounts';

/*
 * Who a provider's sign-in is here (issue 32; docs/decisions/2026-11-28-company-sign-in.md):
 *   1. the person linked to the provider's immutable subject;
 *   2. else the person with the token's e-mail address, when the provider says it is verified and
 *      its domain is one of the provider's: linked now, unless they are an administrator (a local
 *      administrator is never taken over) or already linked to a sign-in (another provider, or the
 *      same provider under another subject);
 *   3. else a new person (just-in-time), under the same e-mail rule.
 * Never on a display name. Later sign-ins update the mapped attributes; the compliance rules see
 * them at once (the caches are forgotten in the same batch).
 */

/** A refused sign-in: `reason` is what the person is told, `code` and `message` what the administrator sees. */
export class SignInRefused extends Error {
  constructor(
    readonly reason: 'oidc.linkRefused' | 'oidc.noEmail' | 'ACCOUNT_DEACTIVATED',
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The audit entry for what a person's own sign-in did to their record (created, linked, updated
 * from the provider's claims): the person is both who acted and whom it concerns.
 */
function signInAudit(
  db: Db,
  person: { id: string; username: string },
  entry: Pick<AuditRecord, 'action' | 'reason' | 'before' | 'after'>,
) {
  const self = { id: person.id, username: person.username };
  return auditInsert(db, { actor: self, target: self, entityType: 'USER', entityId: person.id, ...entry });
}

interface Provider {
  id: string;
  name: string;
  claimMap: ClaimMap;
  domains: string[];
}

/** A claim as text: strings (the first of an array), trimmed and cleaned like typed names; too long is cut. */
function claimText(claims: Record<string, unknown>, name: string, max = 100): string | null {
  if (!name) return null;
  let value = claims[name];
  if (Array.isArray(value)) value = value.find((item) => typeof item === 'string');
  if (typeof value !== 'string') return null;
  const text = normalizePersonText(value).slice(0, max);
  return text || null;
}

/** Entra ID says `xms_edov` where other providers say `email_verified`; some send the boolean as a string. */
const isTrue = (value: unknown) => value === true || value === 'true';
const emailVerified = (claims: Record<string, unknown>) => isTrue(claims.email_verified) || isTrue(claims.xms_edov);

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The person's verified e-mail of one of the provider's domains, or null. */
function trustedEmail(provider: Provider, claims: Record<string, unknown>): string | null {
  const email = claimText(claims, provider.claimMap.email, 254)?.toLowerCase() ?? null;
  if (!email || !EMAIL.test(email) || !emailVerified(claims)) return null;
  return provider.domains.includes(email.split('@')[1]!) ? email : null;
}

/**
 * The person this sign-in is, created or linked when it is their first; their mapped attributes
 * brought up to date. Throws SignInRefused when the sign-in may not have an account here.
 */
export async function personForSignIn(db: Db, provider: Provider, claims: Record<string, unknown>): Promise<UserRow> {
  const subject = String(claims.sub);
  const linked = await db
    .select({ user: users })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(and(eq(userIdentities.providerId, provider.id), eq(userIdentities.subject, subject)))
    .get();
  let person = linked?.user ?? null;
  let created = false;
  const now = new Date().toISOString();
  if (!person) {
    const email = trustedEmail(provider, claims);
    if (!email) {
      throw new SignInRefused(
        'oidc.noEmail',
        'no_trusted_email',
        'The token has no verified e-mail address of one of this provider’s domains',
      );
    }
    const existing = await db
      .select({ user: users, identity: userIdentities.providerId })
      .from(users)
      .leftJoin(userIdentities, eq(userIdentities.userId, users.id))
      .where(sql`lower(${users.email}) = ${email}`)
      .get();
    if (existing) {
      if (existing.user.role === 'ADMIN') {
        throw new SignInRefused(
          'oidc.linkRefused',
          'admin_not_linked',
          `${email} is a local administrator: not linked`,
        );
      }
      if (existing.identity) {
        const why =
          existing.identity === provider.id
            ? 'is linked to another subject of this provider'
            : 'is linked to another identity provider';
        throw new SignInRefused('oidc.linkRefused', 'linked_elsewhere', `${email} ${why}: not linked`);
      }
      person = existing.user;
      await linkPerson(db, provider, person, subject, now);
    } else {
      person = await createPerson(db, provider, claims, subject, email, now);
      created = true;
    }
  }
  if (person.deactivatedAt) {
    throw new SignInRefused('ACCOUNT_DEACTIVATED', 'deactivated', `${person.email} has been deactivated`);
  }
  const { updated, changed, moved } = await updateMappedAttributes(db, provider, person, claims, now);
  // A new person, or a new department, job title or site, may put them in a requirement's audience:
  // its training comes to them at once, as after an administrator's edit.
  if (created || changed) {
    await afterPeopleChanged(db, { id: person.id, username: person.username }, [person.id], moved ? [person.id] : []);
  }
  return updated;
}

async function linkPerson(db: Db, provider: Provider, person: UserRow, subject: string, now: string) {
  try {
    await db.batch([
      db.insert(userIdentities).values({ providerId: provider.id, subject, userId: person.id, createdAt: now }),
      signInAudit(db, person, {
        action: 'USER_IDENTITY_LINKED',
        reason: `First sign-in through ${provider.name}`,
        after: { providerId: provider.id, subject },
      }),
    ]);
  } catch (error) {
    // Two first sign-ins at once: the other one linked the person (or another subject took them).
    if (isUniqueViolation(error)) {
      throw new SignInRefused('oidc.linkRefused', 'linked_elsewhere', `${person.email} was linked meanwhile`);
    }
    throw error;
  }
}

async function createPerson(
  db: Db,
  provider: Provider,
  claims: Record<string, unknown>,
  subject: string,
  email: string,
  now: string,
): Promise<UserRow> {
  const id = crypto.randomUUID();
  const map = provider.claimMap;
  const row = {
    id,
    // The e-mail address is the username (the one form an '@' username may take): unique already.
    username: email,
    email,
    // No password: this person signs in through the provider (no hash ever matches this value).
    passwordHash: 'oidc!',
    role: 'USER' as const,
    firstName: claimText(claims, map.firstName) ?? claimText(claims, 'name'),
    lastName: claimText(claims, map.lastName),
    department: claimText(claims, map.department),
    jobTitle: claimText(claims, map.jobTitle),
    passwordCreatedAt: now,
    createdAt: now,
    updatedAt: now,
  };
  const person = { id, username: email };
  try {
    const [inserted] = await db.batch([
      db.insert(users).values(row).returning(),
      db.insert(userIdentities).values({ providerId: provider.id, subject, userId: id, createdAt: now }),
      signInAudit(db, person, {
        action: 'USER_CREATED',
        reason: `First sign-in through ${provider.name}`,
        after: { ...userAuditView(row as UserRow), providerId: provider.id, subject },
      }),
      ...forgetPeopleCaches(db),
    ]);
    return inserted[0]!;
  } catch (error) {
    // The address was taken between the read and the write: the next sign-in links or refuses it.
    if (isUniqueViolation(error)) {
      throw new SignInRefused('oidc.linkRefused', 'conflict', `${email} was created meanwhile; sign in again`);
    }
    throw error;
  }
}

/** The mapped attributes the claims carry, written when they changed (a claim left out changes nothing). */
async function updateMappedAttributes(
  db: Db,
  provider: Provider,
  person: UserRow,
  claims: Record<string, unknown>,
  now: string,
): Promise<{ updated: UserRow; changed: boolean; moved: boolean }> {
  const map = provider.claimMap;
  const set: Partial<UserRow> = {};
  const take = (key: 'firstName' | 'lastName' | 'department' | 'jobTitle', claim: string) => {
    const value = claimText(claims, claim);
    if (value !== null && value !== person[key]) set[key] = value;
  };
  take('firstName', map.firstName);
  take('lastName', map.lastName);
  take('department', map.department);
  take('jobTitle', map.jobTitle);
  const siteName = claimText(claims, map.site);
  if (siteName) {
    const site = await db
      .select({ id: sites.id })
      .from(sites)
      .where(and(sql`lower(${sites.name}) = ${siteName.toLowerCase()}`, isNull(sites.retiredAt)))
      .get();
    if (site && site.id !== person.siteId) set.siteId = site.id;
  }
  const managerEmail = claimText(claims, map.manager, 254)?.toLowerCase();
  let managerCheck = sql`1`;
  if (managerEmail) {
    const manager = await db
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.email}) = ${managerEmail}`, isNull(users.deactivatedAt)))
      .get();
    if (manager && manager.id !== person.id && manager.id !== person.managerId) {
      set.managerId = manager.id;
      // Reporting lines never loop: the write is skipped when this manager reports (up the line) to the person.
      managerCheck = sql`NOT ${wouldLoop(person.id, manager.id)}`;
    }
  }
  const lastLogin = db.update(userIdentities).set({ lastSignInAt: now }).where(eq(userIdentities.userId, person.id));
  if (Object.keys(set).length === 0) {
    await lastLogin;
    return { updated: person, changed: false, moved: false };
  }
  const after = { ...person, ...set, updatedAt: now };
  const target = and(eq(users.id, person.id), managerCheck);
  const [changed] = await db.batch([
    db
      .update(users)
      .set({ ...set, updatedAt: now })
      .where(target)
      .returning(),
    signInAudit(db, person, {
      action: 'USER_UPDATED',
      reason: `Attributes from ${provider.name}`,
      before: userAuditView(person),
      after: userAuditView(after),
    }),
    lastLogin,
    ...forgetPeopleCaches(db),
  ]);
  const moved = movedAudience(person, set) || (set.siteId !== undefined && set.siteId !== person.siteId);
  return { updated: changed[0] ?? person, changed: true, moved };
}
