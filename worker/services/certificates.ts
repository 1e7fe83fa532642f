import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { certificates, courses, domains, users } from '../db/schema';
import { fullName } from './users';

export type CertificateRow = typeof certificates.$inferSelect;
export type CertificateStatus = 'ACTIVE' | 'EXPIRED' | 'REVOKED';

/** `CERT-<year>-<6 digits>` from a CSPRNG: unique by index, never in sequence. */
export function newCertificateNumber(now = new Date()): string {
  const n = crypto.getRandomValues(new Uint32Array(1))[0] % 1_000_000;
  return `CERT-${now.getUTCFullYear()}-${String(n).padStart(6, '0')}`;
}

/** Status derives from dates and the revocation flag; it is never stored. */
export function certificateStatus(row: Pick<CertificateRow, 'revokedAt' | 'expiresAt'>, now = new Date()): CertificateStatus {
  if (row.revokedAt) return 'REVOKED';
  return row.expiresAt <= now.toISOString() ? 'EXPIRED' : 'ACTIVE';
}

export async function findCertificate(db: Db, userId: string, courseId: string): Promise<CertificateRow | undefined> {
  return db.select().from(certificates).where(and(eq(certificates.userId, userId), eq(certificates.courseId, courseId))).get();
}

/**
 * Issues the certificate of a completed course, or returns the one already issued (idempotent:
 * the (user, course) unique index makes a concurrent second issue a no-op). The caller checks
 * that the course is COMPLETED. The PDF is rendered and stored lazily on first view.
 */
export async function issueCertificate(db: Db, userId: string, courseId: string, now = new Date()): Promise<CertificateRow> {
  const existing = await findCertificate(db, userId, courseId);
  if (existing) return existing;
  const info = await db
    .select({ user: users, courseTitle: courses.title, validity: courses.certificateValidityDays, domainName: domains.name })
    .from(users)
    .innerJoin(courses, eq(courses.id, courseId))
    .leftJoin(domains, eq(domains.id, courses.domainId))
    .where(eq(users.id, userId))
    .get();
  if (!info) throw new Error(`cannot issue certificate: user ${userId} or course ${courseId} missing`);
  const expires = new Date(now.getTime() + info.validity * 24 * 3600 * 1000);
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
        expiresAt: expires.toISOString(),
      })
      .onConflictDoNothing()
      .returning()
      .get();
    if (inserted) return inserted;
    // Either another request issued it first, or the random number collided: look, then retry.
    const raced = await findCertificate(db, userId, courseId);
    if (raced) return raced;
  }
  throw new Error('could not allocate a unique certificate number');
}
