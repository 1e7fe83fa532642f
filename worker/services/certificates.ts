import { and, asc, desc, eq, isNull, lt, ne, or, type SQL } from 'drizzle-orm';
import { deliveryLanguageName } from '../contract/delivery-language';
import {
  certificateExpiry,
  certificateStanding,
  normaliseCertificateNumber,
  type OwnCertificate,
  verificationUrl,
  type CertificateInfo,
  type VerifyCertificateResponse,
} from '../contract/certificates';
import { renewalChain } from '../contract/rules/renewal';
import type { Db } from '../db/client';
import { certificates, courseProgress, courses, domains, users } from '../db/schema';
import { languageOf } from '../i18n';
import type { FontLoader } from './pdf/fonts';
import { PDF_FONT_SET, UnprintableTextError } from './pdf/scripts';
import { unprintableRefusal } from '../errors';
import { clearComplianceCache } from './compliance-snapshot';
import { clientIp, enforceRate, RATE_RULES } from './rate-limit';
import { originFor, type AppConfig } from '../config';
import type { Storage } from './storage';
import { fullName } from './users';

export type CertificateRow = typeof certificates.$inferSelect;
export type CertificateStatus = 'ACTIVE' | 'EXPIRED' | 'REVOKED';

/** `CERT-<year>-<6 digits>` from a CSPRNG: unique by index, never in sequence. */
export function newCertificateNumber(now = new Date()): string {
  const n = crypto.getRandomValues(new Uint32Array(1))[0] % 1_000_000;
  return `CERT-${now.getUTCFullYear()}-${String(n).padStart(6, '0')}`;
}

/** Status derives from dates and the revocation flag; it is never stored. */
export function certificateStatus(
  row: Pick<CertificateRow, 'revokedAt' | 'expiresAt'>,
  now = new Date(),
): CertificateStatus {
  if (row.revokedAt) return 'REVOKED';
  return row.expiresAt <= now.toISOString() ? 'EXPIRED' : 'ACTIVE';
}

/** The learner's latest certificate of the course (the newest cycle's; earlier ones are its history). */
export async function findCertificate(db: Db, userId: string, courseId: string): Promise<CertificateRow | undefined> {
  return db
    .select()
    .from(certificates)
    .where(and(eq(certificates.userId, userId), eq(certificates.courseId, courseId)))
    .orderBy(desc(certificates.cycle))
    .get();
}

/** The certificate earned in one training cycle, if any. */
export const cycleCertificateQuery = (db: Db, userId: string, courseId: string | SQL, cycle: number | SQL) =>
  db
    .select()
    .from(certificates)
    .where(and(eq(certificates.userId, userId), eq(certificates.courseId, courseId), eq(certificates.cycle, cycle)))
    .limit(1);

export async function findCycleCertificate(
  db: Db,
  userId: string,
  courseId: string,
  cycle: number,
): Promise<CertificateRow | undefined> {
  return (await cycleCertificateQuery(db, userId, courseId, cycle))[0];
}

/**
 * Issues the certificate of a completed course cycle, or returns the one already issued
 * (idempotent: the (user, course, cycle) unique index makes a concurrent second issue a no-op).
 * A certificate of a later cycle records the one it renews. The caller checks that the course is
 * COMPLETED. The PDF is rendered and stored lazily on first view.
 */
export async function issueCertificate(
  db: Db,
  userId: string,
  courseId: string,
  now = new Date(),
  cycle = 1,
): Promise<CertificateRow> {
  const existing = await findCycleCertificate(db, userId, courseId, cycle);
  if (existing) return existing;
  const [info, previous] = await Promise.all([
    db
      .select({
        user: users,
        courseTitle: courses.title,
        certificateValidityDays: courses.certificateValidityDays,
        certificateNeverExpires: courses.certificateNeverExpires,
        domainName: domains.name,
        language: courses.language,
      })
      .from(users)
      .innerJoin(courses, eq(courses.id, courseId))
      .leftJoin(domains, eq(domains.id, courses.domainId))
      .where(eq(users.id, userId))
      .get(),
    cycle > 1
      ? db
          .select({ id: certificates.id })
          .from(certificates)
          .where(
            and(eq(certificates.userId, userId), eq(certificates.courseId, courseId), lt(certificates.cycle, cycle)),
          )
          .orderBy(desc(certificates.cycle))
          .get()
      : undefined,
  ]);
  if (!info) throw new Error(`cannot issue certificate: user ${userId} or course ${courseId} missing`);
  // The course's validity as it stands at issue: a later change does not rewrite issued certificates.
  const expiresAt = certificateExpiry(now, info);
  for (let attempt = 0; attempt < 5; attempt++) {
    const inserted = await db
      .insert(certificates)
      .values({
        id: crypto.randomUUID(),
        certificateNumber: newCertificateNumber(now),
        userId,
        courseId,
        userName: fullName(info.user),
        courseName: info.courseTitle,
        domainName: info.domainName,
        issuedAt: now.toISOString(),
        expiresAt,
        cycle,
        renewsId: previous?.id ?? null,
        language: info.language,
      })
      .onConflictDoNothing()
      .returning()
      .get();
    if (inserted) {
      // A new certificate changes its holder's compliance: the matrix snapshots are stale.
      await clearComplianceCache(db);
      return inserted;
    }
    // Either another request issued it first, or the random number collided: look, then retry.
    const raced = await findCycleCertificate(db, userId, courseId, cycle);
    if (raced) return raced;
  }
  throw new Error('could not allocate a unique certificate number');
}

// ---- Presentation and PDF storage ----

export type CertificateInfoRow = Pick<
  CertificateRow,
  | 'id'
  | 'certificateNumber'
  | 'courseId'
  | 'courseName'
  | 'userName'
  | 'issuedAt'
  | 'expiresAt'
  | 'revokedAt'
  | 'language'
>;

/** The certificate fields every certificate answer carries (contract `CertificateInfo`). */
export function toCertificateInfo(row: CertificateInfoRow, now = new Date()): CertificateInfo {
  return {
    certificateId: row.id,
    certificateNumber: row.certificateNumber,
    courseId: row.courseId,
    courseName: row.courseName,
    userName: row.userName,
    issuedDate: row.issuedAt,
    expiryDate: row.expiresAt,
    status: certificateStatus(row, now),
    revokedAt: row.revokedAt,
    language: row.language,
  };
}

export const certificateStorageKey = (certificateId: string) => `certificates/${certificateId}.pdf`;

/** What PDF rendering and storage need: the files, the app's name and the public origin. */
export interface CertificateDeps {
  storage: Storage;
  config: Pick<AppConfig, 'appName' | 'publicUrl'>;
  /** The fonts a name or label outside the standard PDF fonts needs (pdf/fonts.ts). */
  fonts: FontLoader | null;
}

/** Renders the certificate PDF and stores it once (R2 by default), recording its key on the row. */
export async function storeCertificatePdf(
  deps: CertificateDeps,
  db: Db,
  row: CertificateRow,
  origin: string,
): Promise<Uint8Array> {
  // Labels and dates in the learner's preferred language when the PDF is first made (it is stored
  // once: a later change of language does not rewrite an issued certificate).
  const person = await db.select({ language: users.language }).from(users).where(eq(users.id, row.userId)).get();
  // pdf-lib and fontkit load with the first PDF an isolate makes, not with every request (Worker start-up).
  const { renderCertificatePdf } = await import('./certificate-pdf');
  let bytes: Uint8Array;
  try {
    bytes = await renderCertificatePdf(
      {
        appName: deps.config.appName,
        certificateNumber: row.certificateNumber,
        userName: row.userName,
        courseName: row.courseName,
        domainName: row.domainName,
        issuedAt: row.issuedAt,
        expiresAt: row.expiresAt,
        deliveryLanguage: row.language,
        verifyUrl: verificationUrl(origin, row.certificateNumber),
        language: languageOf(person?.language),
      },
      deps.fonts,
    );
  } catch (error) {
    // Its names are frozen, so only another font set can print it: recorded, the refusal is neither
    // retried by the cron nor logged again on each download (certificatePdf).
    if (error instanceof UnprintableTextError)
      await db.update(certificates).set({ pdfRefusedFonts: PDF_FONT_SET }).where(eq(certificates.id, row.id));
    throw error;
  }
  const key = certificateStorageKey(row.id);
  await deps.storage.put(key, bytes, { contentType: 'application/pdf', size: bytes.byteLength });
  // Only the first writer records the key; a concurrent render wrote the same object.
  await db
    .update(certificates)
    .set({ storageKey: key })
    .where(and(eq(certificates.id, row.id), isNull(certificates.storageKey)));
  return bytes;
}

/**
 * The stored PDF, rendered on first use. A key whose object went missing (bucket restored,
 * manual delete) is re-rendered rather than failing the learner's download.
 */
export async function certificatePdf(
  deps: CertificateDeps,
  db: Db,
  row: CertificateRow,
  requestUrl: string,
): Promise<Uint8Array> {
  if (row.storageKey) {
    const object = await deps.storage.get(row.storageKey);
    if (object) return new Uint8Array(await new Response(object.body).arrayBuffer());
  }
  if (row.pdfRefusedFonts === PDF_FONT_SET) throw unprintableRefusal();
  return storeCertificatePdf(deps, db, row, originFor(deps.config, requestUrl)!);
}

/** Per cron run: bounded so one run stays well inside the scheduled CPU budget. */
const BACKFILL_BATCH = 20;

/**
 * Cron job: heals what a failed request may have left behind. Issues the missing certificate of
 * every COMPLETED course, then renders and stores missing PDFs (only when PUBLIC_URL is set: a
 * QR code must not point at a guessed origin; without it PDFs render on first view instead).
 * Returns what it did, for logs and tests.
 */
export async function backfillCertificates(
  deps: CertificateDeps,
  db: Db,
  now = new Date(),
): Promise<{ issued: number; rendered: number }> {
  const missing = await db
    .select({
      userId: courseProgress.userId,
      courseId: courseProgress.courseId,
      completedAt: courseProgress.completedAt,
      cycle: courseProgress.cycle,
    })
    .from(courseProgress)
    .leftJoin(
      certificates,
      and(
        eq(certificates.userId, courseProgress.userId),
        eq(certificates.courseId, courseProgress.courseId),
        eq(certificates.cycle, courseProgress.cycle),
      ),
    )
    .where(and(eq(courseProgress.status, 'COMPLETED'), isNull(certificates.id)))
    .limit(BACKFILL_BATCH);
  // Dated by the completion, not by when the job noticed it.
  for (const row of missing)
    await issueCertificate(db, row.userId, row.courseId, row.completedAt ? new Date(row.completedAt) : now, row.cycle);

  let rendered = 0;
  const origin = deps.config.publicUrl;
  if (origin) {
    // A certificate refused under today's fonts is not tried again (nor logged again) until they change.
    const unrendered = await db
      .select()
      .from(certificates)
      .where(
        and(
          isNull(certificates.storageKey),
          or(isNull(certificates.pdfRefusedFonts), ne(certificates.pdfRefusedFonts, PDF_FONT_SET)),
        ),
      )
      .limit(BACKFILL_BATCH);
    for (const row of unrendered) {
      try {
        await storeCertificatePdf(deps, db, row, origin);
        rendered += 1;
      } catch (error) {
        // Recorded and logged once by storeCertificatePdf; the others are still rendered.
        if (!(error instanceof UnprintableTextError)) throw error;
      }
    }
  }
  return { issued: missing.length, rendered };
}

/** Public lookup shared by the JSON API and the Worker-rendered page; rate limited per client IP. */
export async function verifyCertificate(
  db: Db,
  request: Request,
  number: string,
): Promise<VerifyCertificateResponse | null> {
  await enforceRate(db, `verify:ip:${clientIp(request.headers)}`, RATE_RULES.certificateVerify);
  const row = await db
    .select()
    .from(certificates)
    .where(eq(certificates.certificateNumber, normaliseCertificateNumber(number)))
    .get();
  if (!row) return null;
  const status = certificateStatus(row);
  const chain = {
    id: certificates.id,
    certificateNumber: certificates.certificateNumber,
    renewsId: certificates.renewsId,
  };
  const [renewed, renewals] = await db.batch([
    db
      .select(chain)
      .from(certificates)
      .where(eq(certificates.id, row.renewsId ?? '')),
    db.select(chain).from(certificates).where(eq(certificates.renewsId, row.id)).orderBy(asc(certificates.issuedAt)),
  ]);
  const { renews, renewedBy } = renewalChain([...renewed, row, ...renewals])(row.id);
  return {
    valid: status === 'ACTIVE',
    status,
    certificateNumber: row.certificateNumber,
    userName: row.userName,
    courseName: row.courseName,
    domainName: row.domainName,
    issuedDate: row.issuedAt,
    expiryDate: row.expiresAt,
    revokedAt: row.revokedAt,
    language: row.language,
    languageName: deliveryLanguageName(row.language),
    renews,
    renewedBy,
  };
}

/** Every certificate of the learner, every cycle's, newest first (My certificates, the dashboard's checks). */
export const ownCertificatesQuery = (db: Db, userId: string) =>
  db
    .select()
    .from(certificates)
    .where(eq(certificates.userId, userId))
    .orderBy(desc(certificates.issuedAt), asc(certificates.id));

/** My certificates from `ownCertificatesQuery`'s rows: each with its place in the renewal chain. */
export function toOwnCertificates(rows: CertificateRow[], now: Date): OwnCertificate[] {
  // The chain reads in issue order; the list is newest first.
  const links = renewalChain([...rows].reverse());
  return rows.map((row) => {
    const info = toCertificateInfo(row, now);
    const chain = links(row.id);
    return { ...info, cycle: row.cycle, ...chain, standing: certificateStanding(info.status, chain.renewedBy) };
  });
}
