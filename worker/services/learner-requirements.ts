import { eq } from 'drizzle-orm';
import type { LearnerRequirement, LearnerRequirementsResponse } from '../contract/compliance';
import { severity } from '../contract/rules/compliance';
import type { Db } from '../db/client';
import { preparedReads } from '../db/prepared';
import { certificates, courseProgress, courses, requirements } from '../db/schema';
import { cellsByUser, recertificationOpen } from './compliance-status';
import { columnKeyOf, coverageFactsQueries, termEvidence, toFacts } from './compliance';

/**
 * The signed-in learner's required training, as reads for one batch and the answer made from their
 * results: GET /api/v2/user/requirements and the Worker-rendered learner pages (services/learner-pages.ts)
 * put the same statements in their one round trip.
 */

/** The learner's coverage, the required courses and the courses the learner is enrolled in (titles and
 * course families), and their own enrollments and certificates (a handful of rows). */
export function learnerRequirementsReads(db: Db, userId: string, now: Date) {
  return preparedReads(db, 'learner requirements', {}, { userId, now: now.toISOString() }, buildLearnerRequirements);
}

/** learnerRequirementsReads' statements (a template: see db/prepared.ts; values are placeholders). */
function buildLearnerRequirements(db: Db, { userId, now }: { userId: string; now: string }) {
  return [
    ...coverageFactsQueries(db, { userId }, now),
    db
      .selectDistinct({ id: courses.id, title: courses.title, familyId: courses.familyId })
      .from(courses)
      .innerJoin(requirements, eq(requirements.courseId, courses.id)),
    db
      .select({ id: courses.id, title: courses.title, familyId: courses.familyId })
      .from(courseProgress)
      .innerJoin(courses, eq(courses.id, courseProgress.courseId))
      .where(eq(courseProgress.userId, userId)),
    db
      .select({ courseId: courseProgress.courseId, status: courseProgress.status, cycle: courseProgress.cycle })
      .from(courseProgress)
      .where(eq(courseProgress.userId, userId)),
    db
      .select({
        courseId: certificates.courseId,
        certificateNumber: certificates.certificateNumber,
        cycle: certificates.cycle,
        issuedAt: certificates.issuedAt,
        expiresAt: certificates.expiresAt,
        revokedAt: certificates.revokedAt,
      })
      .from(certificates)
      .where(eq(certificates.userId, userId)),
  ] as const;
}

/** What a batch answers for a tuple of reads, element by element. */
export type BatchResults<T extends readonly unknown[]> = { readonly [K in keyof T]: Awaited<T[K]> };
type RequirementsResults = BatchResults<ReturnType<typeof learnerRequirementsReads>>;

/** The answer from the results of `learnerRequirementsReads`, worst first. */
export function toLearnerRequirements(
  result: RequirementsResults,
  userId: string,
  now: Date,
): LearnerRequirementsResponse {
  const [terms, factRows, requiredRows, ownRows, progress, certs] = result;
  const facts = toFacts(terms, factRows);
  const cells = cellsByUser(facts, now).get(userId);
  if (!cells || cells.size === 0) return { requirements: [] };
  const courseRows = new Map([...requiredRows, ...ownRows].map((r) => [r.id, r]));
  // A requirement that needs more than its course is titled with every piece ("Forklift basics + Reach truck").
  const titles = new Map(terms.map((term) => [columnKeyOf(term, termEvidence(term)), term.courseTitle]));
  const list: LearnerRequirement[] = [...cells.values()].map((cell) => {
    if (!cell.courseId)
      return {
        requirementId: cell.requirementId,
        courseId: null,
        requiredCourseId: null,
        courseTitle: titles.get(cell.key) ?? '',
        evidence: cell.pieces,
        status: cell.status,
        dueAt: cell.dueAt,
        validUntil: cell.validUntil,
        certificateNumber: null,
        canRecertify: false,
        progressStatus: null,
      };
    const version = trainingVersion({ ...cell, courseId: cell.courseId }, courseRows, progress, certs);
    const enrollment = progress.find((p) => p.courseId === version);
    const current = enrollment
      ? certs.find((cert) => cert.courseId === version && cert.cycle === enrollment.cycle)
      : undefined;
    return {
      requirementId: cell.requirementId,
      courseId: version,
      requiredCourseId: cell.courseId,
      courseTitle:
        cell.key === cell.courseId ? (courseRows.get(version)?.title ?? 'Course') : (titles.get(cell.key) ?? 'Course'),
      evidence: cell.pieces,
      status: cell.status,
      dueAt: cell.dueAt,
      validUntil: cell.validUntil,
      certificateNumber: cell.certificateNumber,
      canRecertify:
        !!current &&
        recertificationOpen(
          current,
          facts.filter((f) => f.courseId === cell.courseId),
          now,
        ).open,
      progressStatus: enrollment?.status ?? null,
    };
  });
  // Overdue and due-soon first, then by due date.
  list.sort(
    (a, b) => severity(a.status) - severity(b.status) || (a.dueAt ?? '\uffff').localeCompare(b.dueAt ?? '\uffff'),
  );
  return { requirements: list };
}

/**
 * The language version of a required course the learner trains in: the one whose certificate meets
 * the requirement (any version of the course family counts), else the required course when the
 * learner is enrolled in it, else another version they are enrolled in, else the required course.
 * The panel links there and recertification renews that version.
 */
function trainingVersion(
  cell: { courseId: string; certificateNumber: string | null },
  courseRows: ReadonlyMap<string, { familyId: string | null }>,
  progress: readonly { courseId: string }[],
  certs: readonly { courseId: string; certificateNumber: string }[],
): string {
  const family = courseRows.get(cell.courseId)?.familyId ?? null;
  const inFamily = (courseId: string) =>
    courseId === cell.courseId || (family !== null && courseRows.get(courseId)?.familyId === family);
  const certified = cell.certificateNumber
    ? certs.find((cert) => cert.certificateNumber === cell.certificateNumber)?.courseId
    : undefined;
  if (certified && inFamily(certified)) return certified;
  if (progress.some((p) => p.courseId === cell.courseId)) return cell.courseId;
  return progress.find((p) => inFamily(p.courseId))?.courseId ?? cell.courseId;
}
