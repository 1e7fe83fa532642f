import { and, eq, isNull, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { type Context, Hono } from 'hono';
import {
  AUDIENCE_NAMES_SHOWN,
  audienceQuery,
  COMPLIANCE_MESSAGES,
  dayStart,
  eventBody,
  exemptionBody,
  requirementBody,
  requirementIdParam,
  requirementListQuery,
  type AudiencePreviewResponse,
  type EventDto,
  type ExemptionDto,
  type RequirementBody,
  type RequirementListResponse,
  type RequirementResponse,
} from '../contract/compliance';
import type { Db } from '../db/client';
import { courses, domains, requirementEvents, requirementExemptions, requirements, users } from '../db/schema';
import type { AppEnv } from '../env';
import { requireAdmin } from '../middleware/auth';
import { ApiError } from '../errors';
import { type AuditRecord, auditInsert } from '../services/audit';
import { clearComplianceCache } from '../services/compliance-snapshot';
import { coverageFacts, listRequirements, requirementTitleSql } from '../services/compliance';
import { evidenceOptions, evidenceTermsSql, replaceEvidence, resolveEvidence } from '../services/evidence';
import type { EvidenceKind } from '../contract/rules/compliance';
import type { EvidenceOptionsResponse } from '../contract/requirement-evidence';
import { bringRequiredTraining, previewAudience } from '../services/requirement-audience';
import { activeSite, assertAllInSite, assertInSite } from '../services/sites';
import { validate } from '../validate';

// Required training, for administrators with User Management (decisions about people).

const today = (now: Date) => now.toISOString().slice(0, 10);

async function findRequirement(db: Db, id: string, siteLimit?: string | null) {
  const [row] = await listRequirements(db, { includeRetired: true, id, siteLimit });
  if (!row) throw new ApiError('NOT_FOUND', COMPLIANCE_MESSAGES.requirementNotFound);
  return row;
}

/**
 * A requirement that may still change (edits, retiring, exemptions and events go to requirements in
 * force), as stored: without the covered-people count the answers carry, which reads its whole book.
 */
async function activeRequirement(db: Db, id: string, retiredMessage: string = COMPLIANCE_MESSAGES.retired) {
  const row = await db
    .select({
      requirement: requirements,
      courseTitle: requirementTitleSql(sql`${courses.title}`, evidenceTermsSql(sql`${requirements.id}`)),
      evidence: sql<string>`(SELECT json_group_array(json_array(re.kind, re.ref_id)) FROM requirement_evidence re WHERE re.requirement_id = ${requirements.id})`,
    })
    .from(requirements)
    .leftJoin(courses, eq(courses.id, requirements.courseId))
    .where(eq(requirements.id, id))
    .get();
  if (!row) throw new ApiError('NOT_FOUND', COMPLIANCE_MESSAGES.requirementNotFound);
  if (row.requirement.retiredAt) throw new ApiError('CONFLICT', retiredMessage);
  const evidence = (JSON.parse(row.evidence) as [EvidenceKind, string][]).map(([kind, refId]) => ({ kind, refId }));
  return { ...row.requirement, courseTitle: row.courseTitle, evidence };
}

/** The stored columns of a requirement form (its evidence rows are written beside them). */
const columnsOf = (body: RequirementBody, activeFrom: string) => ({
  courseId: body.courseId,
  domainId: body.bookId,
  department: body.department,
  jobTitle: body.jobTitle,
  siteId: body.siteId,
  dueWithinDays: body.dueWithinDays,
  dueSoonDays: body.dueSoonDays,
  activeFrom,
});

const evidenceKey = (rows: readonly { kind: string; refId: string }[]) =>
  rows
    .map((row) => `${row.kind} ${row.refId}`)
    .sort()
    .join('|');

const EVIDENCE_REFUSALS = {
  course: ['courseId', COMPLIANCE_MESSAGES.courseNotFound],
  template: ['evidence', COMPLIANCE_MESSAGES.templateNotFound],
  credentialType: ['evidence', COMPLIANCE_MESSAGES.credentialTypeNotFound],
  talkTopic: ['evidence', COMPLIANCE_MESSAGES.talkTopicNotFound],
} as const;

/**
 * The book exists; every piece of evidence names something usable (a course of the book, a
 * published template family, a credential type in use); no active requirement of the same book and
 * audience needs exactly the same. Returns the evidence rows to store.
 */
async function checkRequirement(db: Db, body: RequirementBody, exceptId?: string) {
  const [resolved, course, book] = await Promise.all([
    resolveEvidence(db, body.evidence),
    body.courseId
      ? db
          .select({ id: courses.id, domainId: courses.domainId })
          .from(courses)
          .where(eq(courses.id, body.courseId))
          .get()
      : Promise.resolve(null),
    db.select({ id: domains.id }).from(domains).where(eq(domains.id, body.bookId)).get(),
  ]);
  if ('problem' in resolved) {
    const [field, message] = EVIDENCE_REFUSALS[resolved.problem];
    throw new ApiError('VALIDATION_FAILED', message, { fields: { [field]: message } });
  }
  if (!book)
    throw new ApiError('VALIDATION_FAILED', COMPLIANCE_MESSAGES.bookNotFound, {
      fields: { bookId: COMPLIANCE_MESSAGES.bookNotFound },
    });
  if (body.siteId) await activeSite(db, body.siteId);
  if (course && course.domainId !== book.id)
    throw new ApiError('VALIDATION_FAILED', COMPLIANCE_MESSAGES.courseNotInBook, {
      fields: { courseId: COMPLIANCE_MESSAGES.courseNotInBook },
    });
  const same = await db
    .select({
      id: requirements.id,
      evidence: sql<string>`(SELECT json_group_array(json_array(re.kind, re.ref_id)) FROM requirement_evidence re WHERE re.requirement_id = ${requirements.id})`,
    })
    .from(requirements)
    .where(
      and(
        eq(requirements.domainId, body.bookId),
        isNull(requirements.retiredAt),
        sql`coalesce(lower(${requirements.department}), '') = ${(body.department ?? '').toLowerCase()}`,
        sql`coalesce(lower(${requirements.jobTitle}), '') = ${(body.jobTitle ?? '').toLowerCase()}`,
        body.siteId ? eq(requirements.siteId, body.siteId) : isNull(requirements.siteId),
      ),
    )
    .all();
  const wanted = evidenceKey(resolved.rows);
  const duplicate = same.some(
    (r) =>
      r.id !== exceptId &&
      evidenceKey((JSON.parse(r.evidence) as [string, string][]).map(([kind, refId]) => ({ kind, refId }))) === wanted,
  );
  if (duplicate) throw new ApiError('CONFLICT', COMPLIANCE_MESSAGES.duplicate);
  return resolved.rows;
}

/** The person exists, is active and is covered by the requirement now (or would be, if it had started). */
async function coveredUser(db: Db, requirementId: string, userId: string, now: Date) {
  const user = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deactivatedAt)))
    .get();
  if (!user)
    throw new ApiError('VALIDATION_FAILED', COMPLIANCE_MESSAGES.userNotFound, {
      fields: { userId: COMPLIANCE_MESSAGES.userNotFound },
    });
  const facts = await coverageFacts(db, { userId, includeNotStarted: true }, now);
  if (!facts.some((f) => f.requirementId === requirementId)) {
    throw new ApiError('VALIDATION_FAILED', COMPLIANCE_MESSAGES.notCovered, {
      fields: { userId: COMPLIANCE_MESSAGES.notCovered },
    });
  }
  return user;
}

/**
 * What an exemption or an event is recorded against, checked in this order: the active requirement,
 * the day the body gives (`badDay` answers the refusal when today does not allow it), the person
 * (in the administrator's site, covered). With the columns both records share, and `save`, which
 * writes one with its audit entry (the administrator's action on the requirement, for that person)
 * and clears the compliance cache, in one batch.
 */
async function recordFor(
  c: Context<AppEnv>,
  ids: { requirementId: string; userId: string },
  badDay: (today: string) => { field: string; message: string } | null,
) {
  const db = c.var.db;
  const admin = c.var.user;
  const now = new Date();
  const requirement = await activeRequirement(db, ids.requirementId);
  const refused = badDay(today(now));
  if (refused)
    throw new ApiError('VALIDATION_FAILED', refused.message, { fields: { [refused.field]: refused.message } });
  await assertAllInSite(db, admin, [ids.userId]);
  const user = await coveredUser(db, ids.requirementId, ids.userId, now);
  const record = {
    id: crypto.randomUUID(),
    requirementId: ids.requirementId,
    userId: user.id,
    createdBy: admin.username,
    createdAt: now.toISOString(),
  };
  const save = (insert: BatchItem<'sqlite'>, entry: Pick<AuditRecord, 'action' | 'reason' | 'after'>) =>
    db.batch([
      clearComplianceCache(db),
      insert,
      auditInsert(db, {
        actor: admin,
        target: user,
        entityType: 'REQUIREMENT',
        entityId: ids.requirementId,
        at: now,
        ...entry,
      }),
    ]);
  return { requirement, record, save };
}

const auditView = (
  r: ReturnType<typeof columnsOf> & { retiredAt?: string | null },
  evidence: readonly { kind: string; refId: string }[],
) => ({
  courseId: r.courseId,
  evidence: evidence.map(({ kind, refId }) => ({ kind, refId })),
  bookId: r.domainId,
  department: r.department,
  jobTitle: r.jobTitle,
  siteId: r.siteId,
  dueWithinDays: r.dueWithinDays,
  dueSoonDays: r.dueSoonDays,
  activeFrom: r.activeFrom,
  retiredAt: r.retiredAt ?? null,
});

export const requirementRoutes = new Hono<AppEnv>()
  // Requirements, exemptions and retraining events are decisions about people.
  .use('*', requireAdmin('userManagement'))
  .get('/', validate('query', requirementListQuery), async (c) => {
    const { includeRetired } = c.req.valid('query');
    return c.json<RequirementListResponse>({
      requirements: await listRequirements(c.var.db, { includeRetired, siteLimit: c.var.user.siteLimit }),
    });
  })

  .post('/', validate('json', requirementBody), async (c) => {
    const body = c.req.valid('json');
    const db = c.var.db;
    // A site-limited administrator's requirements are for their site's people only.
    assertInSite(c.var.user, body);
    const evidence = await checkRequirement(db, body);
    const now = new Date();
    const id = crypto.randomUUID();
    const columns = columnsOf(body, dayStart(body.activeFrom ?? today(now)));
    await db.batch([
      db.insert(requirements).values({ id, ...columns, createdBy: c.var.user.id }),
      ...replaceEvidence(db, id, evidence),
      clearComplianceCache(db),
      auditInsert(db, {
        actor: c.var.user,
        action: 'REQUIREMENT_CREATED',
        entityType: 'REQUIREMENT',
        entityId: id,
        after: auditView(columns, evidence),
        at: now,
      }),
    ]);
    // Its people get the book and the course now (a requirement that starts later included: the
    // training is there before it is due).
    await bringRequiredTraining(db, c.var.user, { requirementId: id }, now);
    return c.json<RequirementResponse>({ requirement: await findRequirement(db, id, c.var.user.siteLimit) }, 201);
  })

  // Who a requirement with these terms would cover, asked while the dialog is filled in.
  .get('/audience', validate('query', audienceQuery), async (c) => {
    const { bookId, department, jobTitle, siteId } = c.req.valid('query');
    // A site-limited administrator previews their own site's people (the site their requirement must name).
    const site = siteId || c.var.user.siteLimit || null;
    assertInSite(c.var.user, { siteId: site });
    const { count, people } = await previewAudience(
      c.var.db,
      { bookId, department: department || null, jobTitle: jobTitle || null, siteId: site },
      AUDIENCE_NAMES_SHOWN,
    );
    return c.json<AudiencePreviewResponse>({ count, people });
  })

  // What the dialog offers beside courses: published evaluation templates and credential types in use.
  .get('/evidence-options', async (c) => c.json<EvidenceOptionsResponse>(await evidenceOptions(c.var.db)))

  .get('/:id', validate('param', requirementIdParam), async (c) => {
    return c.json<RequirementResponse>({
      requirement: await findRequirement(c.var.db, c.req.valid('param').id, c.var.user.siteLimit),
    });
  })

  .put('/:id', validate('param', requirementIdParam), validate('json', requirementBody), async (c) => {
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    const db = c.var.db;
    const before = await activeRequirement(db, id);
    assertInSite(c.var.user, before);
    assertInSite(c.var.user, body);
    const evidence = await checkRequirement(db, body, id);
    const now = new Date();
    const columns = columnsOf(body, body.activeFrom ? dayStart(body.activeFrom) : before.activeFrom);
    await db.batch([
      db
        .update(requirements)
        .set({ ...columns, updatedAt: now.toISOString() })
        .where(and(eq(requirements.id, id), isNull(requirements.retiredAt))),
      ...replaceEvidence(db, id, evidence),
      clearComplianceCache(db),
      auditInsert(db, {
        actor: c.var.user,
        action: 'REQUIREMENT_UPDATED',
        entityType: 'REQUIREMENT',
        entityId: id,
        before: auditView(before, before.evidence),
        after: auditView(columns, evidence),
        at: now,
      }),
    ]);
    // A changed audience brings the training to whoever it now names; those it no longer names keep what they have.
    await bringRequiredTraining(db, c.var.user, { requirementId: id }, now);
    return c.json<RequirementResponse>({ requirement: await findRequirement(db, id, c.var.user.siteLimit) });
  })

  // Never deleted: a retired requirement keeps its exemptions, events and audit history.
  .post('/:id/retire', validate('param', requirementIdParam), async (c) => {
    const { id } = c.req.valid('param');
    const db = c.var.db;
    const before = await activeRequirement(db, id, COMPLIANCE_MESSAGES.alreadyRetired);
    assertInSite(c.var.user, before);
    const now = new Date();
    const iso = now.toISOString();
    const [updated] = await db.batch([
      db
        .update(requirements)
        .set({ retiredAt: iso, updatedAt: iso })
        .where(and(eq(requirements.id, id), isNull(requirements.retiredAt)))
        .returning({ id: requirements.id }),
      clearComplianceCache(db),
      auditInsert(db, {
        actor: c.var.user,
        action: 'REQUIREMENT_RETIRED',
        entityType: 'REQUIREMENT',
        entityId: id,
        before: auditView(before, before.evidence),
        after: { retiredAt: iso },
        at: now,
      }),
    ]);
    if (updated.length === 0) throw new ApiError('CONFLICT', COMPLIANCE_MESSAGES.alreadyRetired);
    return c.json<RequirementResponse>({ requirement: await findRequirement(db, id, c.var.user.siteLimit) });
  })

  .post('/:id/exemptions', validate('param', requirementIdParam), validate('json', exemptionBody), async (c) => {
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    const db = c.var.db;
    const { requirement, record, save } = await recordFor(c, { requirementId: id, userId: body.userId }, (day) =>
      body.until <= day ? { field: 'until', message: COMPLIANCE_MESSAGES.untilFuture } : null,
    );
    const until = dayStart(body.until);
    await save(db.insert(requirementExemptions).values({ ...record, reason: body.reason, until }), {
      action: 'REQUIREMENT_EXEMPTION_GRANTED',
      reason: body.reason,
      after: { exemptionId: record.id, courseId: requirement.courseId, until },
    });
    const exemption: ExemptionDto = {
      id: record.id,
      requirementId: id,
      courseTitle: requirement.courseTitle,
      reason: body.reason,
      until,
      createdAt: record.createdAt,
      createdBy: record.createdBy,
    };
    return c.json({ exemption }, 201);
  })

  .post('/:id/events', validate('param', requirementIdParam), validate('json', eventBody), async (c) => {
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    const db = c.var.db;
    const { requirement, record, save } = await recordFor(c, { requirementId: id, userId: body.userId }, (day) =>
      body.occurredOn > day ? { field: 'occurredOn', message: COMPLIANCE_MESSAGES.occurredFuture } : null,
    );
    await save(
      db.insert(requirementEvents).values({ ...record, kind: body.kind, note: body.note, occurredOn: body.occurredOn }),
      {
        action: 'REQUIREMENT_EVENT_RECORDED',
        reason: body.note,
        after: { eventId: record.id, courseId: requirement.courseId, kind: body.kind, occurredOn: body.occurredOn },
      },
    );
    const event: EventDto = {
      id: record.id,
      requirementId: id,
      courseTitle: requirement.courseTitle,
      kind: body.kind,
      note: body.note,
      occurredOn: body.occurredOn,
      createdAt: record.createdAt,
      createdBy: record.createdBy,
    };
    return c.json({ event }, 201);
  });
