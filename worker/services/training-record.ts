/** The training record of one person (admin, supervisor and PDF routes read it through here). */
import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { EventDto, ExemptionDto } from '../contract/compliance';
import type { TrainingRecordCourse, TrainingRecordCycle, TrainingRecordResponse } from '../contract/training-record';
import { renewalChain } from '../contract/rules/renewal';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Db } from '../db/client';
import { selectInChunks } from '../db/in-list';
import {
  attempts,
  certificates,
  courseCycles,
  courseProgress,
  courses,
  requirementEvents,
  requirementExemptions,
  requirements,
  users,
} from '../db/schema';
import { ApiError } from '../errors';
import { certificateStatus } from './certificates';
import { offscreenRecord } from './training-record-offscreen';
import { cellsByUser, toCell, type CellResult } from './compliance-status';
import { coverageFacts, requirementTermsQuery, requirementTitleSql } from './compliance';
import { evidenceTermsSql } from './evidence';
import { fullName } from './users';
import { REFUSALS } from '../contract/errors';

// The compliance matrix and people's training records, for administrators with Report Generation.

/**
 * A person's rows of a table that names a requirement (exemptions, events), newest first, each with
 * the requirement's title: a requirement without a course is named by what it needs.
 */
function personRequirementRows<T extends typeof requirementExemptions | typeof requirementEvents>(
  db: Db,
  table: T,
  userId: string,
  newestBy: AnySQLiteColumn,
) {
  return db
    .select({
      row: table,
      courseTitle: requirementTitleSql(sql`${courses.title}`, evidenceTermsSql(sql`${requirements.id}`)),
    })
    .from(table)
    .innerJoin(requirements, eq(requirements.id, table.requirementId))
    .leftJoin(courses, eq(courses.id, requirements.courseId))
    .where(eq(table.userId, userId))
    .orderBy(desc(newestBy));
}

/** Everything the platform knows about one person's training, for an inspector. */
export async function trainingRecord(db: Db, userId: string, now = new Date()): Promise<TrainingRecordResponse> {
  const user = await db.select().from(users).where(eq(users.id, userId)).get();
  if (!user) throw new ApiError('NOT_FOUND', REFUSALS['user.notFound']);
  const [progressRows, cycleRows, attemptRows, certificateRows, exemptionRows, eventRows, facts, offscreen] =
    await Promise.all([
      db
        .select({ progress: courseProgress, title: courses.title, language: courses.language })
        .from(courseProgress)
        .innerJoin(courses, eq(courses.id, courseProgress.courseId))
        .where(eq(courseProgress.userId, userId)),
      db.select().from(courseCycles).where(eq(courseCycles.userId, userId)),
      db
        .select({
          id: attempts.id,
          courseId: attempts.courseId,
          cycle: attempts.cycle,
          attemptNumber: attempts.attemptNumber,
          score: attempts.score,
          passed: attempts.passed,
          startedAt: attempts.startedAt,
          submittedAt: attempts.submittedAt,
          language: attempts.language,
          componentTitle: sql<
            string | null
          >`(SELECT json_extract(cc.data, '$.title') FROM course_components cc WHERE cc.id = ${attempts.componentId})`,
        })
        .from(attempts)
        .where(eq(attempts.userId, userId))
        .orderBy(asc(attempts.startedAt)),
      db.select().from(certificates).where(eq(certificates.userId, userId)).orderBy(asc(certificates.issuedAt)),
      personRequirementRows(db, requirementExemptions, userId, requirementExemptions.createdAt),
      personRequirementRows(db, requirementEvents, userId, requirementEvents.occurredOn),
      coverageFacts(db, { userId }, now),
      offscreenRecord(db, userId, now),
    ]);
  // The record's course list holds the course columns' cells; requirements that need an evaluation or
  // a credential are read from the person's evaluations and credentials sections (issue 28, records).
  const allCells = [...(cellsByUser(facts, now).get(userId) ?? new Map<string, CellResult>())];
  const cells = new Map(allCells.filter(([key, cell]) => key === cell.courseId));
  const termTitles = new Map((await requirementTermsQuery(db, {})).map((term) => [term.id, term.courseTitle] as const));
  const evidenceRequirements = allCells
    .filter(([key, cell]) => key !== cell.courseId)
    .map(([, cell]) => ({
      requirementId: cell.requirementId,
      title: termTitles.get(cell.requirementId) ?? '',
      compliance: toCell(cell),
    }));
  const renewalLinks = renewalChain(certificateRows);

  const courseIds = new Set<string>([
    ...progressRows.map((r) => r.progress.courseId),
    ...certificateRows.map((r) => r.courseId),
    ...cells.keys(),
  ]);
  const missingTitles = [...courseIds].filter((id) => !progressRows.some((r) => r.progress.courseId === id));
  const titleRows = await selectInChunks(missingTitles, (part) =>
    db
      .select({ id: courses.id, title: courses.title, language: courses.language })
      .from(courses)
      .where(inArray(courses.id, part)),
  );
  const titles = new Map<string, string>([
    ...progressRows.map((r) => [r.progress.courseId, r.title] as const),
    ...titleRows.map((r) => [r.id, r.title] as const),
  ]);
  const languages = new Map<string, string>([
    ...progressRows.map((r) => [r.progress.courseId, r.language] as const),
    ...titleRows.map((r) => [r.id, r.language] as const),
  ]);

  const cycleOf = (
    courseId: string,
    cycle: number,
    base: Omit<TrainingRecordCycle, 'attempts' | 'certificate' | 'cycle' | 'language'>,
    enrolledIn?: string,
  ): TrainingRecordCycle => {
    const certificate = certificateRows.find((row) => row.courseId === courseId && row.cycle === cycle);
    const cycleAttempts = attemptRows.filter((a) => a.courseId === courseId && a.cycle === cycle);
    return {
      cycle,
      ...base,
      // What the rows of this cycle recorded when they were made (the course may have changed since).
      language: certificate?.language ?? enrolledIn ?? cycleAttempts[0]?.language ?? languages.get(courseId) ?? 'en',
      attempts: cycleAttempts.map((a) => ({
        attemptId: a.id,
        componentTitle: a.componentTitle ?? 'Assessment',
        attemptNumber: a.attemptNumber,
        score: a.score,
        passed: a.submittedAt ? a.passed === true : null,
        startedAt: a.startedAt,
        submittedAt: a.submittedAt,
      })),
      certificate: certificate
        ? {
            certificateId: certificate.id,
            certificateNumber: certificate.certificateNumber,
            issuedAt: certificate.issuedAt,
            expiresAt: certificate.expiresAt,
            revokedAt: certificate.revokedAt,
            revokedReason: certificate.revokedReason,
            status: certificateStatus(certificate, now),
            ...renewalLinks(certificate.id),
            language: certificate.language,
          }
        : null,
    };
  };

  const courseList: TrainingRecordCourse[] = [...courseIds].map((courseId) => {
    const current = progressRows.find((r) => r.progress.courseId === courseId)?.progress;
    const cycles = cycleRows
      .filter((row) => row.courseId === courseId)
      .map((row) =>
        cycleOf(courseId, row.cycle, {
          status: row.status,
          progress: row.overallProgress,
          enrolledAt: row.enrolledAt,
          startedAt: row.startedAt,
          completedAt: row.completedAt,
          current: false,
        }),
      );
    if (current) {
      cycles.push(
        cycleOf(
          courseId,
          current.cycle,
          {
            status: current.status,
            progress: current.overallProgress,
            enrolledAt: current.enrolledAt,
            startedAt: current.startedAt,
            completedAt: current.completedAt,
            current: true,
          },
          current.language,
        ),
      );
    }
    cycles.sort((a, b) => a.cycle - b.cycle);
    const cell = cells.get(courseId);
    return {
      courseId,
      courseTitle: titles.get(courseId) ?? 'Course',
      language: languages.get(courseId) ?? 'en',
      required: !!cell,
      compliance: cell ? toCell(cell) : null,
      cycles,
    };
  });
  courseList.sort((a, b) => Number(b.required) - Number(a.required) || a.courseTitle.localeCompare(b.courseTitle));

  return {
    user: {
      id: user.id,
      name: fullName(user),
      username: user.username,
      email: user.email,
      department: user.department,
      jobTitle: user.jobTitle,
      status: user.deactivatedAt ? 'DEACTIVATED' : 'ACTIVE',
    },
    generatedAt: now.toISOString(),
    courses: courseList,
    evidenceRequirements,
    exemptions: exemptionRows.map(
      ({ row: e, courseTitle }): ExemptionDto => ({
        id: e.id,
        requirementId: e.requirementId,
        courseTitle,
        reason: e.reason,
        until: e.until,
        createdAt: e.createdAt,
        createdBy: e.createdBy,
      }),
    ),
    events: eventRows.map(
      ({ row: e, courseTitle }): EventDto => ({
        id: e.id,
        requirementId: e.requirementId,
        courseTitle,
        kind: e.kind,
        note: e.note,
        occurredOn: e.occurredOn,
        createdAt: e.createdAt,
        createdBy: e.createdBy,
      }),
    ),
    ...offscreen,
  };
}
