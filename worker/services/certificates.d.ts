import { type CertificateInfo } from '../contract/certificates';
import type { Db } from '../db/client';
import { certificates } from '../db/schema';
import type { Bindings } from '../env';
import { getStorage } from './storage';
export type CertificateRow = typeof certificates.$inferSelect;
export type CertificateStatus = 'ACTIVE' | 'EXPIRED' | 'REVOKED';
/** `CERT-<year>-<6 digits>` from a CSPRNG: unique by index, never in sequence. */
export declare function newCertificateNumber(now?: Date): string;
/** Status derives from dates and the revocation flag; it is never stored. */
export declare function certificateStatus(row: Pick<CertificateRow, 'revokedAt' | 'expiresAt'>, now?: Date): CertificateStatus;
export declare function findCertificate(db: Db, userId: string, courseId: string): Promise<CertificateRow | undefined>;
/**
 * Issues the certificate of a completed course, or returns the one already issued (idempotent:
 * the (user, course) unique index makes a concurrent second issue a no-op). The caller checks
 * that the course is COMPLETED. The PDF is rendered and stored lazily on first view.
 */
export declare function issueCertificate(db: Db, userId: string, courseId: string, now?: Date): Promise<CertificateRow>;
export type CertificateInfoRow = Pick<CertificateRow, 'id' | 'certificateNumber' | 'courseId' | 'courseName' | 'userName' | 'issuedAt' | 'expiresAt' | 'revokedAt'>;
/** The certificate fields every certificate answer carries (contract `CertificateInfo`). */
export declare function toCertificateInfo(row: CertificateInfoRow, now?: Date): CertificateInfo;
export declare const certificateStorageKey: (certificateId: string) => string;
/** Origin for links we print (QR code): PUBLIC_URL when configured, else the request's own origin. */
export declare function publicOrigin(env: Pick<Bindings, 'PUBLIC_URL'>, requestUrl?: string): string | null;
/** What PDF storage needs: the storage backend (R2 binding or S3, see services/storage.ts), name and origin. */
export type CertificateEnv = Parameters<typeof getStorage>[0] & Pick<Bindings, 'APP_NAME' | 'PUBLIC_URL'>;
/** Renders the certificate PDF and stores it once (R2 by default), recording its key on the row. */
export declare function storeCertificatePdf(env: CertificateEnv, db: Db, row: CertificateRow, origin: string): Promise<Uint8Array>;
/**
 * The stored PDF, rendered on first use. A key whose object went missing (bucket restored,
 * manual delete) is re-rendered rather than failing the learner's download.
 */
export declare function certificatePdf(env: CertificateEnv, db: Db, row: CertificateRow, requestUrl: string): Promise<Uint8Array>;
/**
 * Cron job: heals what a failed request may have left behind. Issues the missing certificate of
 * every COMPLETED course, then renders and stores missing PDFs (only when PUBLIC_URL is set: a
 * QR code must not point at a guessed origin; without it PDFs render on first view instead).
 * Returns what it did, for logs and tests.
 */
export declare function backfillCertificates(env: CertificateEnv, db: Db, now?: Date): Promise<{
    issued: number;
    rendered: number;
}>;
