/**
 * External credentials (issue 28, scope 5): the types an administrator defines (first-aid card,
 * licence) with the fields a submission needs, the worker's own submissions with a scan, and the
 * approval queue. Shared by the Worker (validation) and the client (forms, labels).
 */
import * as v from 'valibot';
import { optionalText, pageQueryFields, queryBool } from './common';
import { dayString } from './compliance';
import { REFUSALS, type RefusalReason } from './errors';
import type { Pagination } from './common';
import { CREDENTIAL_STATUSES } from './offscreen';

/** A scan is at most 10 MB: a phone photo or a scanned PDF fits with room to spare. */
export const CREDENTIAL_SCAN_MAX_BYTES = 10 * 1024 * 1024;
/** What the file input offers (the server checks the bytes, never the name). */
export const CREDENTIAL_SCAN_ACCEPT = 'image/*,application/pdf';
/** An approved credential reads "Expiring soon" this many days before its expiry (the first reminder). */
export const CREDENTIAL_EXPIRING_DAYS = 30;

export type CredentialStatus = (typeof CREDENTIAL_STATUSES)[number];
/** What the worker and the admin see: the stored status, with an approved one's expiry read against today. */
export type CredentialStanding = 'pending' | 'approved' | 'rejected' | 'expired' | 'expiringSoon';

/** The calendar day (UTC) of `now`, as credentials store theirs. */
export const dayOf = (now: Date) => now.toISOString().slice(0, 10);

/** Adds whole days to a `YYYY-MM-DD` day. */
export const addDays = (day: string, days: number) =>
  dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * 24 * 60 * 60 * 1000));

/**
 * One rule for the standing: a credential is valid through its expiry day and Expired from the day
 * after; an approved one within 30 days of that day is Expiring soon.
 */
export function credentialStanding(
  c: { status: CredentialStatus; expiresOn: string | null },
  today: string,
): CredentialStanding {
  if (c.status === 'PENDING') return 'pending';
  if (c.status === 'REJECTED') return 'rejected';
  if (c.expiresOn && c.expiresOn < today) return 'expired';
  if (c.expiresOn && c.expiresOn <= addDays(today, CREDENTIAL_EXPIRING_DAYS)) return 'expiringSoon';
  return 'approved';
}

export type CredentialField = 'typeId' | 'issuer' | 'number' | 'issuedOn' | 'expiresOn' | 'scan';

/**
 * What a submission lacks for its type, and dates out of order (issued no later than today, expiry
 * after the issue date and not already past), field by field: the Worker refuses on these, the form
 * shows them before sending. A type that does not expire ignores an expiry date.
 */
export function credentialProblems(
  type: Pick<
    CredentialType,
    'expires' | 'requiresIssuer' | 'requiresNumber' | 'requiresIssueDate' | 'requiresExpiryDate' | 'requiresScan'
  >,
  body: { issuer: string | null; number: string | null; issuedOn: string | null; expiresOn: string | null },
  hasScan: boolean,
  today: string,
): Partial<Record<CredentialField, RefusalReason>> {
  const out: Partial<Record<CredentialField, RefusalReason>> = {};
  const expiresOn = type.expires ? body.expiresOn : null;
  if (type.requiresIssuer && !body.issuer) out.issuer = 'credential.issuerRequired';
  if (type.requiresNumber && !body.number) out.number = 'credential.numberRequired';
  if (type.requiresIssueDate && !body.issuedOn) out.issuedOn = 'credential.issuedRequired';
  else if (body.issuedOn && body.issuedOn > today) out.issuedOn = 'credential.issuedFuture';
  if (type.expires && type.requiresExpiryDate && !expiresOn) out.expiresOn = 'credential.expiresRequired';
  else if (expiresOn && body.issuedOn && expiresOn <= body.issuedOn) out.expiresOn = 'credential.expiresOrder';
  else if (expiresOn && expiresOn < today) out.expiresOn = 'credential.expiresPast';
  if (type.requiresScan && !hasScan) out.scan = 'credential.scanRequired';
  return out;
}

// --- Credential types (admin) ---------------------------------------------------------------------

export const credentialTypeBody = v.object({
  name: v.pipe(
    v.optional(v.string(REFUSALS['credentialType.name']), ''),
    v.trim(),
    v.nonEmpty(REFUSALS['credentialType.name']),
    v.maxLength(120, REFUSALS['credentialType.nameLength']),
  ),
  description: v.pipe(
    optionalText(1000, REFUSALS['credentialType.descriptionLength']),
    v.transform((value) => value ?? ''),
  ),
  expires: v.optional(v.boolean(), true),
  requiresIssuer: v.optional(v.boolean(), true),
  requiresNumber: v.optional(v.boolean(), false),
  requiresIssueDate: v.optional(v.boolean(), true),
  /** Ignored (stored false) for a type that does not expire. */
  requiresExpiryDate: v.optional(v.boolean(), true),
  requiresScan: v.optional(v.boolean(), true),
});
export type CredentialTypeInput = v.InferInput<typeof credentialTypeBody>;

export const credentialTypeListQuery = v.object({ includeRetired: queryBool });

export interface CredentialType {
  id: string;
  name: string;
  description: string;
  expires: boolean;
  requiresIssuer: boolean;
  requiresNumber: boolean;
  requiresIssueDate: boolean;
  requiresExpiryDate: boolean;
  requiresScan: boolean;
  retiredAt: string | null;
}

export interface CredentialTypeListResponse {
  types: CredentialType[];
}
export interface CredentialTypeResponse {
  type: CredentialType;
}

// --- The worker's submissions ---------------------------------------------------------------------

const optionalField = (max: number, reason: 'credential.issuerLength' | 'credential.numberLength') =>
  optionalText(max, REFUSALS[reason]);
const optionalDay = (field: string) =>
  v.pipe(
    v.optional(v.nullable(v.string()), null),
    v.transform((value) => (value == null || value.trim() === '' ? null : value.trim())),
    v.nullable(dayString(field)),
  );

/** The text fields of the multipart submission (the scan is the `scan` file part). */
export const credentialSubmission = v.object({
  typeId: v.pipe(
    v.optional(v.string(REFUSALS['credential.typeRequired']), ''),
    v.trim(),
    v.nonEmpty(REFUSALS['credential.typeRequired']),
    v.maxLength(100, REFUSALS['credential.typeUnknown']),
  ),
  issuer: optionalField(200, 'credential.issuerLength'),
  number: optionalField(100, 'credential.numberLength'),
  issuedOn: optionalDay('Issue date'),
  expiresOn: optionalDay('Expiry date'),
  resubmitsId: v.pipe(
    v.optional(v.nullable(v.string()), null),
    v.transform((value) => (value == null || value.trim() === '' ? null : value.trim())),
    v.nullable(v.pipe(v.string(), v.maxLength(100, REFUSALS['credential.resubmitNotRejected']))),
  ),
});
export type CredentialSubmission = v.InferOutput<typeof credentialSubmission>;

/** The scan's kind, read from its first bytes. */
export type ScanKind = 'image/jpeg' | 'image/png' | 'image/webp' | 'application/pdf';

export interface Credential {
  id: string;
  typeId: string;
  typeName: string;
  status: CredentialStatus;
  standing: CredentialStanding;
  issuer: string | null;
  number: string | null;
  issuedOn: string | null;
  expiresOn: string | null;
  submittedAt: string;
  reviewedAt: string | null;
  rejectReason: string | null;
  resubmitsId: string | null;
  /** The resubmission that answered this rejected credential, if any (no second resubmission). */
  resubmittedById: string | null;
  /** A signed link to the scan (owner and admins with userManagement), null when none was sent. */
  scanUrl: string | null;
  scanContentType: ScanKind | null;
}

export interface OwnCredentialListResponse {
  credentials: Credential[];
  /** The active types a worker may submit. */
  types: CredentialType[];
}
export interface CredentialResponse {
  credential: Credential;
}

// --- The approval queue (admin) --------------------------------------------------------------------

export const adminCredentialQuery = v.object({
  ...pageQueryFields(10, 100),
  status: v.optional(v.picklist(CREDENTIAL_STATUSES, REFUSALS['credential.statusFilter']), 'PENDING'),
});

export interface AdminCredential extends Credential {
  userId: string;
  userName: string;
  username: string;
  department: string | null;
  /** The rejection this one answers, so the reviewer sees what was wrong before. */
  previousRejectReason: string | null;
}

export interface AdminCredentialListResponse {
  credentials: AdminCredential[];
  pagination: Pagination;
}
export interface AdminCredentialResponse {
  credential: AdminCredential;
}

export const credentialRejectBody = v.object({
  reason: v.pipe(
    v.optional(v.string(REFUSALS['credential.reasonRequired']), ''),
    v.trim(),
    v.nonEmpty(REFUSALS['credential.reasonRequired']),
    v.maxLength(500, REFUSALS['requirement.reasonLength']),
  ),
});
