import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { LearnerRequirement, LearnerRequirementsResponse } from '../contract/compliance';
import { severity } from '../contract/rules/compliance';
import { certificates, courseProgress } from '../db/schema';
import type { AppEnv } from '../env';
import { cellsByUser, coverageFactsQueries, recertificationOpen, requiredCourseTitlesQuery, toFacts } from '../services/compliance';

// The signed-in learner's required training: guarded by the /api/v2/user prefix in app.ts.

export const userRequirementRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const db = c.var.db;
  const userId = c.var.user.id;
  const now = new Date();
  // One batch (it also carries the session check): the learner's coverage, the required course
  // titles, and their own enrollments and certificates (a handful of rows).
  const [terms, factRows, titleRows, progress, certs] = await db.batch([
    ...coverageFactsQueries(db, { userId }, now),
    requiredCourseTitlesQuery(db),
    db.select({ courseId: courseProgress.courseId, status: courseProgress.status, cycle: courseProgress.cycle }).from(courseProgress).where(eq(courseProgress.userId, userId)),
    db
      .select({ courseId: certificates.courseId, cycle: certificates.cycle, issuedAt: certificates.issuedAt, expiresAt: certificates.expiresAt, revokedAt: certificates.revokedAt })
      .from(certificates)
      .where(eq(certificates.userId, userId)),
  ]);
  const facts = toFacts(terms, factRows);
  const cells = cellsByUser(facts, now).get(userId);
  if (!cells || cells.size === 0) return c.json<LearnerRequirementsResponse>({ requirements: [] });
  const titles = new Map(titleRows.map((r) => [r.id, r.title]));
  const list: LearnerRequirement[] = [...cells.values()].map((cell) => {
    const enrollment = progress.find((p) => p.courseId === cell.courseId);
    const current = enrollment ? certs.find((cert) => cert.courseId === cell.courseId && cert.cycle === enrollment.cycle) : undefined;
    return {
      requirementId: cell.requirementId,
      courseId: cell.courseId,
      courseTitle: titles.get(cell.courseId) ?? 'Course',
      status: cell.status,
      dueAt: cell.dueAt,
      validUntil: cell.validUntil,
      certificateNumber: cell.certificateNumber,
      canRecertify: !!current && recertificationOpen(current, facts.filter((f) => f.courseId === cell.courseId), now).open,
      progressStatus: enrollment?.status ?? null,
    };
  });
  // Overdue and due-soon first, then by due date.
  list.sort((a, b) => severity(a.status) - severity(b.status) || (a.dueAt ?? '\uffff').localeCompare(b.dueAt ?? '\uffff'));
  return c.json<LearnerRequirementsResponse>({ requirements: list });
});
