import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { NEVER_EXPIRES } from '../contract/certificates';
import {
  authorisationVerifyUrl,
  type AuthorisationDto,
  type AuthorisationStatus,
  type VerifyAuthorisationResponse,
} from '../contract/evaluations';
import type { Db } from '../db/client';
import { authorisations, evaluations, evaluationTemplates } from '../db/schema';
import { clientIp, enforceRate, RATE_RULES } from './rate-limit';

/**
 * Authorisations: what a "competent" practical evaluation grants. Numbered and verifiable like a
 * certificate (`AUT-<year>-<6 digits>`), revocable, and renewed with lineage (`renewsId` names the
 * holder's previous unrevoked authorisation of the same template family).
 */

export type AuthorisationRow = typeof authorisations.$inferSelect;

/** `AUT-<year>-<6 digits>` from a CSPRNG: unique by index, never in sequence. */
export function newAuthorisationNumber(now = new Date()): string {
  const n = crypto.getRandomValues(new Uint32Array(1))[0]! % 1_000_000;
  return `AUT-${now.getUTCFullYear()}-${String(n).padStart(6, '0')}`;
}

/** When an authorisation signed at `signedAt` expires: the template's validity, or never (like certificates). */
export function authorisationExpiry(signedAt: Date, validityDays: number | null): string {
  if (validityDays === null) return NEVER_EXPIRES;
  return new Date(signedAt.getTime() + validityDays * 24 * 3600 * 1000).toISOString();
}

/** Status derives from the dates and the revocation; it is never stored. */
export function authorisationStatus(
  row: Pick<AuthorisationRow, 'revokedAt' | 'expiresAt'>,
  now = new Date(),
): AuthorisationStatus {
  if (row.revokedAt) return 'REVOKED';
  return row.expiresAt <= now.toISOString() ? 'EXPIRED' : 'VALID';
}

/** The holder's authorisation a new one of the family renews: the newest one not revoked. */
export function previousAuthorisation(db: Db, userId: string, familyId: string) {
  return db
    .select({ id: authorisations.id })
    .from(authorisations)
    .where(
      and(eq(authorisations.userId, userId), eq(authorisations.familyId, familyId), isNull(authorisations.revokedAt)),
    )
    .orderBy(desc(authorisations.issuedAt))
    .get();
}

/** Links of one authorisation among its holder's of the same family: the whole chain, oldest first. */
function chainOf(rows: readonly AuthorisationRow[], id: string) {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const renewedBy = new Map(rows.filter((row) => row.renewsId).map((row) => [row.renewsId!, row]));
  const back: AuthorisationRow[] = [];
  const seen = new Set<string>([id]);
  for (let at = byId.get(byId.get(id)?.renewsId ?? ''); at && !seen.has(at.id); at = byId.get(at.renewsId ?? '')) {
    seen.add(at.id);
    back.unshift(at);
  }
  const forward: AuthorisationRow[] = [];
  for (let at = renewedBy.get(id); at && !seen.has(at.id); at = renewedBy.get(at.id)) {
    seen.add(at.id);
    forward.push(at);
  }
  const self = byId.get(id)!;
  return {
    chain: [...back, self, ...forward].map((row) => row.number),
    renews: back.at(-1)?.number ?? null,
    renewedBy: forward[0]?.number ?? null,
  };
}

/** A holder's authorisations of one family, in issue order (the chain is drawn from them). */
function familyRows(db: Db, userId: string, familyId: string) {
  return db
    .select()
    .from(authorisations)
    .where(and(eq(authorisations.userId, userId), eq(authorisations.familyId, familyId)))
    .orderBy(asc(authorisations.issuedAt));
}

export function toAuthorisationDto(
  row: AuthorisationRow,
  links: { renews: string | null; renewedBy: string | null },
  origin: string,
  now = new Date(),
): AuthorisationDto {
  return {
    id: row.id,
    number: row.number,
    title: row.title,
    holderName: row.userName,
    scope: row.scope,
    issuedAt: row.issuedAt,
    expiresAt: row.expiresAt,
    status: authorisationStatus(row, now),
    revokedAt: row.revokedAt,
    revokedReason: row.revokedReason,
    evaluationId: row.evaluationId,
    familyId: row.familyId,
    renews: links.renews,
    renewedBy: links.renewedBy,
    verifyUrl: authorisationVerifyUrl(origin, row.number),
  };
}

/** A person's authorisations, newest first, each with its place in its family's chain. */
export async function userAuthorisations(db: Db, userId: string, origin: string): Promise<AuthorisationDto[]> {
  const rows = await db
    .select()
    .from(authorisations)
    .where(eq(authorisations.userId, userId))
    .orderBy(asc(authorisations.issuedAt));
  const now = new Date();
  return rows
    .map((row) =>
      toAuthorisationDto(
        row,
        chainOf(
          rows.filter((other) => other.familyId === row.familyId),
          row.id,
        ),
        origin,
        now,
      ),
    )
    .reverse();
}

/** Public lookup shared by the JSON API and the Worker-rendered page; rate limited per client IP like certificates. */
export async function verifyAuthorisation(
  db: Db,
  request: Request,
  number: string,
): Promise<VerifyAuthorisationResponse | null> {
  await enforceRate(db, `verify:ip:${clientIp(request.headers)}`, RATE_RULES.certificateVerify);
  const found = await db
    .select({
      authorisation: authorisations,
      evaluatorName: evaluations.evaluatorName,
      templateName: evaluationTemplates.name,
      templateVersion: evaluationTemplates.version,
    })
    .from(authorisations)
    .innerJoin(evaluations, eq(evaluations.id, authorisations.evaluationId))
    .innerJoin(evaluationTemplates, eq(evaluationTemplates.id, authorisations.templateId))
    .where(eq(authorisations.number, number))
    .get();
  if (!found) return null;
  const row = found.authorisation;
  const links = chainOf(await familyRows(db, row.userId, row.familyId), row.id);
  const status = authorisationStatus(row);
  return {
    valid: status === 'VALID',
    status,
    number: row.number,
    holderName: row.userName,
    title: row.title,
    scope: row.scope,
    issuedDate: row.issuedAt,
    expiryDate: row.expiresAt,
    revokedAt: row.revokedAt,
    evaluatorName: found.evaluatorName,
    templateName: found.templateName,
    templateVersion: found.templateVersion,
    chain: links.chain,
    renews: links.renews,
    renewedBy: links.renewedBy,
  };
}
