import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { QualificationKind } from '../contract/evaluations';
import type { Db } from '../db/client';
import { authorisations, certificates, courses, credentials, credentialTypes, evaluationTemplates } from '../db/schema';

/**
 * Whether a person holds a qualification on a given calendar day (UTC): a course certificate, an
 * authorisation of an evaluation template family, or an approved credential of a type. "On the
 * day" means issued by the day's end and not expired at its start; a revoked certificate or
 * authorisation never counts (revocation says it was issued in error), whatever the day.
 */

export interface Qualification {
  kind: QualificationKind;
  /** A course id (any language version of its family counts), a template id (its family counts) or a credential type id. */
  id: string;
}

/** `YYYY-MM-DD` of an instant, in UTC (the day the platform's dates are kept in). */
export const dayOf = (at: Date | string): string => new Date(at).toISOString().slice(0, 10);

const dayBounds = (day: string) => ({ start: `${day}T00:00:00.000Z`, end: `${day}T23:59:59.999Z` });

/**
 * The rule "held on `day`" for each kind of record, as a condition on its table: the one place it is
 * written, for the evaluator's check here and a trainer's qualifications on an attendance sheet.
 */
export const heldOnDay = {
  certificate: (day: string) =>
    and(
      lte(certificates.issuedAt, dayBounds(day).end),
      gt(certificates.expiresAt, dayBounds(day).start),
      isNull(certificates.revokedAt),
    ),
  authorisation: (day: string) =>
    and(
      lte(authorisations.issuedAt, dayBounds(day).end),
      gt(authorisations.expiresAt, dayBounds(day).start),
      isNull(authorisations.revokedAt),
    ),
  // A credential counts from its issue date (when it has one) through its expiry date inclusive.
  credential: (day: string) =>
    and(
      eq(credentials.status, 'APPROVED'),
      or(isNull(credentials.issuedOn), lte(credentials.issuedOn, day)),
      or(isNull(credentials.expiresOn), sql`${credentials.expiresOn} >= ${day}`),
    ),
};

/** The course ids of the course's family (the course alone when it has none). */
function familyCourses(db: Db, courseId: string) {
  const family = db
    .select({ family: sql`coalesce(${courses.familyId}, ${courses.id})` })
    .from(courses)
    .where(eq(courses.id, courseId));
  return db
    .select({ id: courses.id })
    .from(courses)
    .where(sql`coalesce(${courses.familyId}, ${courses.id}) = (${family})`);
}

/** The family id of a template version, given any version's id (or the family id itself). */
export async function templateFamilyOf(db: Db, templateId: string): Promise<string | null> {
  const row = await db
    .select({ familyId: evaluationTemplates.familyId })
    .from(evaluationTemplates)
    .where(eq(evaluationTemplates.id, templateId))
    .get();
  return row?.familyId ?? null;
}

/** Whether `userId` holds `qualification` on `day` (YYYY-MM-DD). */
export async function holdsQualification(
  db: Db,
  userId: string,
  qualification: Qualification,
  day: string,
): Promise<boolean> {
  if (qualification.kind === 'course') {
    const row = await db
      .select({ id: certificates.id })
      .from(certificates)
      .where(
        and(
          eq(certificates.userId, userId),
          sql`${certificates.courseId} IN (${familyCourses(db, qualification.id)})`,
          heldOnDay.certificate(day),
        ),
      )
      .get();
    return !!row;
  }
  if (qualification.kind === 'evaluation') {
    const family = await templateFamilyOf(db, qualification.id);
    if (!family) return false;
    const row = await db
      .select({ id: authorisations.id })
      .from(authorisations)
      .where(and(eq(authorisations.userId, userId), eq(authorisations.familyId, family), heldOnDay.authorisation(day)))
      .get();
    return !!row;
  }
  const row = await db
    .select({ id: credentials.id })
    .from(credentials)
    .where(and(eq(credentials.userId, userId), eq(credentials.typeId, qualification.id), heldOnDay.credential(day)))
    .get();
  return !!row;
}

/** The printed name of what a qualification names, or null when it does not exist. */
export async function qualificationName(db: Db, qualification: Qualification): Promise<string | null> {
  if (qualification.kind === 'course') {
    const row = await db.select({ name: courses.title }).from(courses).where(eq(courses.id, qualification.id)).get();
    return row?.name ?? null;
  }
  if (qualification.kind === 'evaluation') {
    // Named by the family's latest version.
    const family = await templateFamilyOf(db, qualification.id);
    if (!family) return null;
    const row = await db
      .select({ name: evaluationTemplates.grants })
      .from(evaluationTemplates)
      .where(eq(evaluationTemplates.familyId, family))
      .orderBy(sql`${evaluationTemplates.version} DESC`)
      .get();
    return row?.name ?? null;
  }
  const row = await db
    .select({ name: credentialTypes.name })
    .from(credentialTypes)
    .where(eq(credentialTypes.id, qualification.id))
    .get();
  return row?.name ?? null;
}
