import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  credentialProblems,
  credentialStanding,
  dayOf,
  type AdminCredential,
  type Credential,
  type CredentialSubmission,
  type CredentialType,
  type ScanKind,
} from '../contract/credentials';
import { REFUSALS, type RefusalReason } from '../contract/errors';
import type { Db } from '../db/client';
import { credentials, credentialTypes, users } from '../db/schema';
import { ApiError } from '../errors';
import { signedScopeUrl, type LinkSession } from './material-links';
import { fullName } from './users';

/*
 * External credentials: the rules a submission must meet, the scan's real type, and the answers
 * (with the scan behind a link signed for the viewer's session, like a material's file).
 */

export type CredentialTypeRow = typeof credentialTypes.$inferSelect;
export type CredentialRow = typeof credentials.$inferSelect;

export const toCredentialType = (row: CredentialTypeRow): CredentialType => ({
  id: row.id,
  name: row.name,
  description: row.description,
  expires: row.expires,
  requiresIssuer: row.requiresIssuer,
  requiresNumber: row.requiresNumber,
  requiresIssueDate: row.requiresIssueDate,
  requiresExpiryDate: row.requiresExpiryDate,
  requiresScan: row.requiresScan,
  retiredAt: row.retiredAt,
});

const startsWith = (head: Uint8Array, bytes: readonly number[], offset = 0) =>
  head.length >= offset + bytes.length && bytes.every((b, i) => head[offset + i] === b);
const ascii = (text: string) => [...text].map((ch) => ch.charCodeAt(0));

/**
 * The scan's type from its first bytes, whatever its name or declared type says: a ".jpg" that is
 * really an executable or an HTML page is refused, so an admin's browser opens only what it shows.
 */
export function scanKindOf(head: Uint8Array): ScanKind | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(head, ascii('%PDF-'))) return 'application/pdf';
  return null;
}

export const SCAN_EXTENSIONS: Record<ScanKind, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

const fieldRefusal = (field: string, reason: RefusalReason) =>
  new ApiError('VALIDATION_FAILED', REFUSALS[reason], { fields: { [field]: REFUSALS[reason] } });

/** The submission as stored, or a refusal naming the first problem (and every field's in `fields`). */
export function checkSubmission(
  type: CredentialTypeRow,
  body: CredentialSubmission,
  hasScan: boolean,
  now: Date,
): CredentialSubmission {
  const problems = Object.entries(credentialProblems(type, body, hasScan, dayOf(now))) as [string, RefusalReason][];
  if (problems.length > 0) {
    const fields = Object.fromEntries(problems.map(([field, reason]) => [field, REFUSALS[reason]]));
    throw new ApiError('VALIDATION_FAILED', REFUSALS[problems[0][1]], { fields });
  }
  return { ...body, expiresOn: type.expires ? body.expiresOn : null };
}

/** An active (not retired) type, or the refusal a submission names. */
export async function activeType(db: Db, id: string): Promise<CredentialTypeRow> {
  const row = await db
    .select()
    .from(credentialTypes)
    .where(and(eq(credentialTypes.id, id), isNull(credentialTypes.retiredAt)))
    .get();
  if (!row) throw fieldRefusal('typeId', 'credential.typeUnknown');
  return row;
}

/** The scan route's link signs the credential, so a link opens that one scan. */
export const scanLinkScope = (id: string) => `credential-scan:${id}`;
export const scanUrlOf = (id: string) => `/api/v2/credentials/${id}/scan`;

type ListedRow = CredentialRow & { typeName: string; resubmittedById: string | null };

async function toCredential(secret: string, row: ListedRow, session: LinkSession, today: string): Promise<Credential> {
  return {
    id: row.id,
    typeId: row.typeId,
    typeName: row.typeName,
    status: row.status,
    standing: credentialStanding(row, today),
    issuer: row.issuer,
    number: row.number,
    issuedOn: row.issuedOn,
    expiresOn: row.expiresOn,
    submittedAt: row.submittedAt,
    reviewedAt: row.reviewedAt,
    rejectReason: row.rejectReason,
    resubmitsId: row.resubmitsId,
    resubmittedById: row.resubmittedById,
    scanUrl: row.scanKey ? await signedScopeUrl(secret, scanUrlOf(row.id), scanLinkScope(row.id), session) : null,
    scanContentType: (row.scanContentType as ScanKind | null) ?? null,
  };
}

const listedColumns = {
  credential: credentials,
  typeName: credentialTypes.name,
  resubmittedById: sql<
    string | null
  >`(SELECT r.id FROM credentials r WHERE r.resubmits_id = ${credentials.id} ORDER BY r.submitted_at DESC LIMIT 1)`,
};

/** The worker's own credentials, newest first. */
export async function ownCredentials(
  db: Db,
  userId: string,
  secret: string,
  session: LinkSession,
  now: Date,
): Promise<Credential[]> {
  const rows = await db
    .select(listedColumns)
    .from(credentials)
    .innerJoin(credentialTypes, eq(credentialTypes.id, credentials.typeId))
    .where(eq(credentials.userId, userId))
    .orderBy(sql`${credentials.submittedAt} DESC`, credentials.id);
  const today = dayOf(now);
  return Promise.all(
    rows.map((r) =>
      toCredential(
        secret,
        { ...r.credential, typeName: r.typeName, resubmittedById: r.resubmittedById },
        session,
        today,
      ),
    ),
  );
}

export const adminColumns = {
  ...listedColumns,
  firstName: users.firstName,
  lastName: users.lastName,
  username: users.username,
  department: users.department,
  previousRejectReason: sql<
    string | null
  >`(SELECT p.reject_reason FROM credentials p WHERE p.id = ${credentials.resubmitsId})`,
};

type AdminRow = {
  credential: CredentialRow;
  typeName: string;
  resubmittedById: string | null;
  firstName: string | null;
  lastName: string | null;
  username: string;
  department: string | null;
  previousRejectReason: string | null;
};

export async function toAdminCredential(
  secret: string,
  r: AdminRow,
  session: LinkSession,
  now: Date,
): Promise<AdminCredential> {
  const base = await toCredential(
    secret,
    { ...r.credential, typeName: r.typeName, resubmittedById: r.resubmittedById },
    session,
    dayOf(now),
  );
  return {
    ...base,
    userId: r.credential.userId,
    userName: fullName(r),
    username: r.username,
    department: r.department,
    previousRejectReason: r.previousRejectReason,
  };
}

/** One credential as the review queue shows it, or 404. */
export async function findAdminCredential(db: Db, id: string): Promise<AdminRow> {
  const row = await db
    .select(adminColumns)
    .from(credentials)
    .innerJoin(credentialTypes, eq(credentialTypes.id, credentials.typeId))
    .innerJoin(users, eq(users.id, credentials.userId))
    .where(eq(credentials.id, id))
    .get();
  if (!row) throw new ApiError('NOT_FOUND', REFUSALS['credential.notFound']);
  return row as AdminRow;
}
