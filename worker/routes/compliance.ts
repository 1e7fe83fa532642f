import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  complianceQuery,
  userIdParam,
  type ComplianceResponse,
  type EventDto,
  type ExemptionDto,
  type TrainingRecordCourse,
  type TrainingRecordCycle,
  type TrainingRecordResponse,
} from '../contract/compliance';
import { lapseQuery, type LapseListResponse } from '../contract/compliance-lapses';
import { renewalChain } from '../contract/rules/renewal';
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
import type { AppEnv } from '../env';
import { inFirstBatch, requireAdmin, sessionInFirstBatch } from '../middleware/auth';
import { ApiError } from '../errors';
import { readerLanguage } from '../i18n';
import { certificateStatus } from '../services/certificates';
import { offscreenRecord } from '../services/training-record-offscreen';
import { snapshotPageQueries } from '../services/compliance-snapshot';
import { cellsByUser, toCell, type CellResult } from '../services/compliance-status';
import { coverageFacts, requirementTermsQuery, requirementTitleSql } from '../services/compliance';
import { evidenceTermsSql } from '../services/evidence';
import { complianceCsvStream, coverageFilterOf, lapseList } from '../services/compliance-export';
import { fullName } from '../services/users';
import { originFor } from '../config';
import { validate } from '../validate';
import { REFUSALS } from '../contract/errors';
import type { MailLogResponse } from '../contract/outbox';
import { mailLogOf } from '../services/mail-log';
import { matrixAnswer } from '../services/compliance-matrix';
import { assertPersonInSite } from '../services/sites';

// The compliance matrix and people's training records, for administrators with Report Generation.

export const complianceRoutes = new Hono<AppEnv>()
  // The summary and the people order come from the filter's stored snapshot, read with the page's
  // people in one batch; the page's cells are computed fresh, so a change shows on the person at once.
  .get('/', inFirstBatch(requireAdmin('reportGeneration')), validate('query', complianceQuery), async (c) => {
    const query = c.req.valid('query');
    const db = c.var.db;
    const now = new Date();
    const filter = coverageFilterOf(query);
    const { result: first } = await sessionInFirstBatch(c, (db) =>
      db.batch(snapshotPageQueries(db, filter, query.status, query.page, query.size, now)),
    );
    // A site-limited administrator's matrix is their site's: read again with that scope once the
    // session is judged (the unscoped first read is never shown to them).
    const scoped = c.var.user.siteLimit ? { ...filter, siteId: c.var.user.siteLimit } : filter;
    const read =
      scoped === filter
        ? first
        : await db.batch(snapshotPageQueries(db, scoped, query.status, query.page, query.size, now));
    return c.json<ComplianceResponse>(await matrixAnswer(db, scoped, query, now, read));
  })

  // Who lapses within a forecast bucket (30, 60 or 90 days), soonest first, one page.
  .get('/lapses', requireAdmin('reportGeneration'), validate('query', lapseQuery), async (c) =>
    c.json<LapseListResponse>(
      await lapseList(c.var.db, c.req.valid('query'), new Date(), { siteId: c.var.user.siteLimit }),
    ),
  )

  // Every person and required course, one line per cell (services/compliance-export.ts).
  .get('/export.csv', requireAdmin('reportGeneration'), validate('query', complianceQuery), async (c) => {
    const now = new Date();
    const scope = { siteId: c.var.user.siteLimit };
    return new Response(await complianceCsvStream(c.var.db, c.req.valid('query'), now, scope), {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="compliance-${now.toISOString().slice(0, 10)}.csv"`,
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'no-store',
      },
    });
  });

/** Everything the platform knows about one person's training, for an inspector. */
export async function trainingRecord(db: Db, userId: string, now = new Date()): Promise<TrainingRecordResponse> {
  const user = await db.select().from(users).where(eq(users.id, userId)).get();
  if (!user) throw new ApiError('NOT_FOUND', REFUSALS['user.notFound']);
  // Exemptions and events of a requirement without a course are named by what it needs.
  const requirementTitle = requirementTitleSql(sql`${courses.title}`, evidenceTermsSql(sql`${requirements.id}`));
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
      db
        .select({ exemption: requirementExemptions, courseTitle: requirementTitle })
        .from(requirementExemptions)
        .innerJoin(requirements, eq(requirements.id, requirementExemptions.requirementId))
        .leftJoin(courses, eq(courses.id, requirements.courseId))
        .where(eq(requirementExemptions.userId, userId))
        .orderBy(desc(requirementExemptions.createdAt)),
      db
        .select({ event: requirementEvents, courseTitle: requirementTitle })
        .from(requirementEvents)
        .innerJoin(requirements, eq(requirements.id, requirementEvents.requirementId))
        .leftJoin(courses, eq(courses.id, requirements.courseId))
        .where(eq(requirementEvents.userId, userId))
        .orderBy(desc(requirementEvents.occurredOn)),
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
      ({ exemption: e, courseTitle }): ExemptionDto => ({
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
      ({ event: e, courseTitle }): EventDto => ({
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

// A site-limited administrator reads the records of their site's people only (an unknown id stays a 404).
export const adminUserRecordRoutes = new Hono<AppEnv>()
  .use('*', requireAdmin('reportGeneration'))
  .get('/:id/training-record', validate('param', userIdParam), async (c) => {
    await assertPersonInSite(c.var.db, c.var.user, c.req.valid('param').id);
    return c.json<TrainingRecordResponse>(await trainingRecord(c.var.db, c.req.valid('param').id));
  })
  // The person's reminders and other mail, newest first (what was sent, when, its status).
  .get('/:id/mail-log', validate('param', userIdParam), async (c) => {
    await assertPersonInSite(c.var.db, c.var.user, c.req.valid('param').id);
    return c.json<MailLogResponse>(await mailLogOf(c.var.db, c.req.valid('param').id));
  })
  .get('/:id/training-record.pdf', validate('param', userIdParam), async (c) => {
    await assertPersonInSite(c.var.db, c.var.user, c.req.valid('param').id);
    const [record, reader] = await Promise.all([
      trainingRecord(c.var.db, c.req.valid('param').id),
      c.var.db.select({ language: users.language }).from(users).where(eq(users.id, c.var.user.id)).get(),
    ]);
    // In the language of the administrator who downloads it (an inspector reads it with them).
    const language = readerLanguage(reader?.language, c.req.header('accept-language'));
    // The PDF code (pdf-lib, fontkit) loads with the first record an isolate renders.
    const { renderTrainingRecordPdf } = await import('../services/training-record-pdf');
    const bytes = await renderTrainingRecordPdf(record, {
      appName: c.var.config.appName,
      origin: originFor(c.var.config, c.req.url) ?? null,
      fonts: c.var.fonts,
      language,
    });
    const name = record.user.username.replace(/[^A-Za-z0-9._-]/g, '_');
    return new Response(bytes, {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Length': String(bytes.byteLength),
        'Content-Disposition': `attachment; filename="training-record-${name}-${record.generatedAt.slice(0, 10)}.pdf"`,
        'Content-Language': language,
        Vary: 'Accept-Language',
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'no-store',
      },
    });
  });
