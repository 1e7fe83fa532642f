import * as v from 'valibot';
import { idString } from './common';
import { REFUSALS } from './errors';

/** Request and response shapes of /api/v2/certificates and the public verification page. */

export const CERTIFICATE_STATUSES = ['ACTIVE', 'EXPIRED', 'REVOKED'] as const;
export type CertificateStatusValue = (typeof CERTIFICATE_STATUSES)[number];

export const certificateMessages = {
  notFound: 'Certificate not found',
  /** The public page's text for a number that matches no certificate. */
  notFoundPage: 'Certificate not found. Please check the certificate number.',
  /** Shown for anything other than "not found" when verification fails. */
  verifyFailed: 'Failed to verify certificate',
  courseNotFound: REFUSALS['course.notFound'],
  notCompleted:
    'Certificate can only be generated for a completed course. Complete every component of this course first.',
  generated: 'Certificate generated successfully',
  existing: 'Certificate already exists',
  revoked: 'Certificate revoked',
  alreadyRevoked: 'This certificate has already been revoked',
  reasonRequired: 'A reason for the revocation is required',
} as const;

/**
 * The expiry a certificate of a course without expiry carries: `expires_at` is NOT NULL and every
 * rule compares instants, so a far-future instant keeps them right with no special case. Screens,
 * the PDF and the verification page print "Does not expire" for it (`certificateExpires`).
 */
export const NEVER_EXPIRES = '9999-12-31T23:59:59.999Z';

/** Whether a certificate expiry is a real date (false: the certificate does not expire). */
export const certificateExpires = (expiresAt: string): boolean => expiresAt < NEVER_EXPIRES;

/** A course's certificate validity, as the course editor offers it: 1, 2 or 3 years, or null for no expiry. */
export const CERTIFICATE_VALIDITY_YEARS = [1, 2, 3] as const;
export type CertificateValidityYears = (typeof CERTIFICATE_VALIDITY_YEARS)[number] | null;
/** A year of validity is 365 days, as it always was (the default). */
export const DAYS_PER_VALIDITY_YEAR = 365;

/** The course columns that store a validity choice. */
export function validityColumns(years: CertificateValidityYears): {
  certificateValidityDays?: number;
  certificateNeverExpires: boolean;
} {
  return years === null
    ? { certificateNeverExpires: true }
    : { certificateValidityDays: years * DAYS_PER_VALIDITY_YEAR, certificateNeverExpires: false };
}

/** The choice a course's columns hold (a day count between whole years rounds to the nearest offered). */
export function validityYearsOf(course: {
  certificateValidityDays: number;
  certificateNeverExpires: boolean;
}): CertificateValidityYears {
  if (course.certificateNeverExpires) return null;
  const years = Math.round(course.certificateValidityDays / DAYS_PER_VALIDITY_YEAR);
  return Math.min(3, Math.max(1, years)) as 1 | 2 | 3;
}

/** The expiry of a certificate issued at `issuedAt` for a course with these columns. */
export function certificateExpiry(
  issuedAt: Date,
  course: { certificateValidityDays: number; certificateNeverExpires: boolean },
): string {
  if (course.certificateNeverExpires) return NEVER_EXPIRES;
  return new Date(issuedAt.getTime() + course.certificateValidityDays * 24 * 3600 * 1000).toISOString();
}

export const courseIdParam = v.object({ courseId: idString });
export const certificateIdParam = v.object({ certificateId: idString });
/**
 * Dashes a typed or pasted number may carry instead of the hyphen (Unicode hyphens, en and em
 * dashes, minus signs): as the source of a regular-expression class, so the verification page's
 * inline script (worker/routes/verify-page.ts) uses the very same set.
 */
export const CERTIFICATE_DASHES = '[\\u2010-\\u2015\\u2212\\uFE58\\uFE63\\uFF0D]';
const dashes = new RegExp(CERTIFICATE_DASHES, 'g');

/**
 * A certificate number as typed (" cert-2026 - 000123 ", a full-width or dashed copy from a PDF)
 * to the form it is stored in: every space gone, dashes as hyphens, capitals.
 */
export function normaliseCertificateNumber(typed: string): string {
  return typed.normalize('NFKC').replace(dashes, '-').replace(/\s+/g, '').toUpperCase();
}

/** Lenient on case and spacing (normalised here), strict on length and characters. */
export const certificateNumberParam = v.object({
  number: v.pipe(
    v.string(),
    v.transform(normaliseCertificateNumber),
    v.nonEmpty(certificateMessages.notFound),
    v.maxLength(64, certificateMessages.notFound),
    v.regex(/^[A-Za-z0-9-]+$/, certificateMessages.notFound),
  ),
});

export const revokeBody = v.object({
  reason: v.pipe(
    v.optional(v.string(certificateMessages.reasonRequired), ''),
    v.string(certificateMessages.reasonRequired),
    v.trim(),
    v.nonEmpty(certificateMessages.reasonRequired),
    v.maxLength(500, 'The reason must be at most 500 characters'),
  ),
});

/** The certificate fields every certificate answer carries. Dates are ISO-8601 UTC timestamps. */
export interface CertificateInfo {
  certificateId: string;
  certificateNumber: string;
  courseId: string;
  courseName: string;
  userName: string;
  issuedDate: string;
  expiryDate: string;
  status: CertificateStatusValue;
  revokedAt: string | null;
  /** The language the course was delivered in (ISO code). */
  language: string;
}

/**
 * Where a certificate stands for its holder: revoked, superseded (a later cycle's certificate
 * renewed it; still genuine), expired or active, in that order of precedence.
 */
export type CertificateStanding = 'active' | 'expired' | 'revoked' | 'superseded';

export function certificateStanding(status: CertificateStatusValue, renewedBy: string | null): CertificateStanding {
  if (status === 'REVOKED') return 'revoked';
  if (renewedBy) return 'superseded';
  return status === 'EXPIRED' ? 'expired' : 'active';
}

/** GET /user/all: each of the learner's certificates, every training cycle's (My certificates). */
export interface OwnCertificate extends CertificateInfo {
  /** The training cycle that earned it (1 = first completion, then each recertification). */
  cycle: number;
  /** Numbers of the certificate it renews and of the one that renewed it. */
  renews: string | null;
  renewedBy: string | null;
  standing: CertificateStanding;
}

/** GET /user/{courseId} */
export type UserCertificateResponse = ({ exists: true } & CertificateInfo) | { exists: false };

/** POST /generate/{courseId} */
export type GenerateCertificateResponse = CertificateInfo & { message: string };

/** POST /{certificateId}/revoke (admin) */
export type RevokeCertificateResponse = CertificateInfo & { message: string };

/** GET /verify/{number}: public, no session. */
export interface VerifyCertificateResponse {
  valid: boolean;
  status: CertificateStatusValue;
  certificateNumber: string;
  userName: string;
  courseName: string;
  domainName: string | null;
  issuedDate: string;
  expiryDate: string;
  revokedAt: string | null;
  /** The language the course was delivered in: ISO code and English name ("es", "Spanish"). */
  language: string;
  languageName: string;
  /** Number of the certificate this one renews (the previous training cycle's), if any. */
  renews: string | null;
  /** Number of the certificate that renewed this one: it is superseded, yet still genuine. */
  renewedBy: string | null;
}

/** The public verification link a certificate's QR code opens. */
export function verificationUrl(origin: string, certificateNumber: string): string {
  return `${origin.replace(/\/+$/, '')}/certificate/verify/${encodeURIComponent(certificateNumber)}`;
}

/** File name a downloaded certificate is saved under. */
export function certificateFileName(certificateNumber: string | null | undefined): string {
  return certificateNumber ? `certificate-${certificateNumber}.pdf` : 'certificate.pdf';
}

/** The headline of a verification result: valid, expired or invalid. */
export function verificationHeadline(result: Pick<VerifyCertificateResponse, 'valid' | 'status'>): {
  tone: 'success' | 'warning' | 'error';
  title: 'Valid Certificate' | 'Expired Certificate' | 'Invalid Certificate';
} {
  if (result.valid && result.status === 'ACTIVE') return { tone: 'success', title: 'Valid Certificate' };
  if (result.status === 'EXPIRED') return { tone: 'warning', title: 'Expired Certificate' };
  return { tone: 'error', title: 'Invalid Certificate' };
}
