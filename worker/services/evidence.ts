/**
 * What satisfies a requirement beyond its course (issue 28): the SQL that reads, per covered person
 * and requirement, the latest unrevoked authorisation of each evaluation template family and the
 * approved credential of each credential type the requirement names; the names shown for them; and
 * the checks that a requirement's evidence names things that exist.
 *
 * The course piece stays on `requirements.course_id` (read by the certificate lookup in
 * compliance.ts, every language version of the course counting); its `requirement_evidence` row is
 * written beside it so the table alone says everything a requirement needs.
 *
 * Caches: writes to authorisations or credentials change compliance, so they clear the compliance
 * snapshots and admin figures in their own batch with `forgetPeopleCaches(db)` (people-caches.ts).
 */
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { NEVER_EXPIRES } from '../contract/certificates';
import type { EvidenceOptionsResponse } from '../contract/requirement-evidence';
import type { TaskEvidenceOptionsResponse } from '../contract/tasks';
import { talkEvidence, type EvidenceFact, type EvidenceKind } from '../contract/rules/compliance';
import type { Db } from '../db/client';
import { selectInChunks } from '../db/in-list';
import { courses, credentialTypes, evaluationTemplates, requirementEvidence, talkTopics } from '../db/schema';

/** A piece a requirement names, with its name as people read it (course title, template name, credential type). */
export interface EvidenceTerm {
  kind: EvidenceKind;
  refId: string;
  name: string;
  /** A talk piece's period in days (null for the other kinds). */
  everyDays?: number | null;
}

/** Where a list of pieces is kept: a requirement's rows, or a task's (issue 30); both have kind, ref_id, every_days. */
export type PieceTable =
  | { table: 'requirement_evidence'; owner: 'requirement_id' }
  | { table: 'task_evidence'; owner: 'task_id' };

const REQUIREMENT_PIECES: PieceTable = { table: 'requirement_evidence', owner: 'requirement_id' };
export const TASK_PIECES: PieceTable = { table: 'task_evidence', owner: 'task_id' };

/**
 * The pieces of a requirement (or of a task) with their names, as a JSON array of
 * [kind, refId, name, everyDays], course first (for the terms query; `r` is the requirements
 * table). Templates are named by their latest published version (else the latest draft).
 */
export const piecesTermsSql = (pieces: PieceTable, ownerId: SQL) => sql<string>`(
  SELECT json_group_array(json_array(re.kind, re.ref_id, CASE re.kind
    WHEN 'course' THEN (SELECT ec.title FROM courses ec WHERE ec.id = re.ref_id)
    WHEN 'evaluation' THEN (SELECT et.name FROM evaluation_templates et WHERE et.family_id = re.ref_id
      ORDER BY et.status = 'PUBLISHED' DESC, et.version DESC LIMIT 1)
    WHEN 'talk' THEN (SELECT ett.title FROM talk_topics ett WHERE ett.id = re.ref_id)
    ELSE (SELECT ect.name FROM credential_types ect WHERE ect.id = re.ref_id) END, re.every_days))
  FROM (SELECT * FROM ${sql.raw(pieces.table)} ORDER BY kind <> 'course', kind, ref_id) re
  WHERE re.${sql.raw(pieces.owner)} = ${ownerId})`;

export const evidenceTermsSql = (requirementId: SQL) => piecesTermsSql(REQUIREMENT_PIECES, requirementId);

/**
 * The view of one day (the task rule's, issue 30): only records issued by `dayEnd` count as held
 * then, and a revoked record is read too (after unrevoked ones) so the rule can say "revoked"; its
 * revocation comes as a fourth element. Without it (the compliance matrix, judged now): the latest
 * unrevoked record.
 */
export type AsOfDay = { dayEnd: string } | null;

const revokedColumn = (asOf: AsOfDay, column: string) => (asOf ? sql`, ${sql.raw(column)}` : sql``);
const pickRecord = (asOf: AsOfDay, alias: string, issued: string) =>
  asOf
    ? sql`AND ${sql.raw(`${alias}.${issued}`)} <= ${asOf.dayEnd} ORDER BY ${sql.raw(`${alias}.revoked_at`)} IS NOT NULL, ${sql.raw(`${alias}.${issued}`)} DESC`
    : sql`AND ${sql.raw(`${alias}.revoked_at`)} IS NULL ORDER BY ${sql.raw(`${alias}.${issued}`)} DESC`;

/**
 * The person's (`u`) latest certificate of a course, any language version of its family counting:
 * JSON [number, issuedAt, expiresAt(, revokedAt)]. A course in no family is read by its own index
 * probe (as before families).
 */
export const latestCertificateSql = (courseId: SQL, asOf: AsOfDay = null) => sql`CASE
  WHEN (SELECT rc.family_id FROM courses rc WHERE rc.id = ${courseId}) IS NULL
  THEN (SELECT json_array(c.certificate_number, c.issued_at, c.expires_at${revokedColumn(asOf, 'c.revoked_at')}) FROM certificates c
    WHERE c.user_id = u.id AND c.course_id = ${courseId} ${pickRecord(asOf, 'c', 'issued_at')} LIMIT 1)
  ELSE (SELECT json_array(c.certificate_number, c.issued_at, c.expires_at${revokedColumn(asOf, 'c.revoked_at')}) FROM certificates c
    WHERE c.user_id = u.id
      AND c.course_id IN (SELECT fc.id FROM courses fc WHERE fc.family_id = (SELECT rc.family_id FROM courses rc WHERE rc.id = ${courseId}))
      ${pickRecord(asOf, 'c', 'issued_at')} LIMIT 1) END`;

/**
 * Per covered person (`u`) and requirement (`r`), or person and task: what they hold of each piece
 * (the course piece too for a task; a requirement's comes from its course column), a JSON array of
 * [kind, refId, [number, issuedAt, expiresAt(, revokedAt)] | null].
 * - evaluation: the latest unrevoked authorisation of the family (any version of the template);
 * - credential: the approved credential of the type that lasts longest (a card renewed early counts
 *   from its own issue date); issued and expiry days are calendar days, so it is issued at the start
 *   of its issue day and valid to the end of its expiry day; one without an expiry never expires.
 *   Without an issue day, the day it was approved stands for it;
 * - talk: the latest talk on the topic the person attended, [its number, its start, ''] (how long it
 *   counts is the rule's, talkEvidence, from the requirement's period).
 */
export const heldPiecesSql = (pieces: PieceTable, ownerId: SQL, asOf: AsOfDay = null) => sql<string>`(
  SELECT json_group_array(json_array(re.kind, re.ref_id, json(CASE re.kind
    WHEN 'evaluation' THEN (SELECT json_array(a.number, a.issued_at, a.expires_at${revokedColumn(asOf, 'a.revoked_at')}) FROM authorisations a
      WHERE a.user_id = u.id AND a.family_id = re.ref_id ${pickRecord(asOf, 'a', 'issued_at')} LIMIT 1)
    WHEN 'talk' THEN (SELECT json_array('TALK-' || upper(substr(t.id, 1, 8)), t.started_at, '')
      FROM talk_attendees ta JOIN talks t ON t.id = ta.talk_id
      WHERE ta.user_id = u.id AND t.topic_id = re.ref_id ${asOf ? sql`AND t.started_at <= ${asOf.dayEnd}` : sql``} ORDER BY t.started_at DESC LIMIT 1)
    ${asOf ? sql`WHEN 'course' THEN (${latestCertificateSql(sql`re.ref_id`, asOf)})` : sql``}
    ELSE (SELECT json_array(coalesce(cr.number, ''),
        coalesce(cr.issued_on || 'T00:00:00.000Z', cr.reviewed_at, cr.submitted_at),
        CASE WHEN cr.expires_on IS NULL THEN ${NEVER_EXPIRES} ELSE date(cr.expires_on, '+1 day') || 'T00:00:00.000Z' END)
      FROM credentials cr WHERE cr.user_id = u.id AND cr.type_id = re.ref_id AND cr.status = 'APPROVED'
        ${asOf ? sql`AND coalesce(cr.issued_on || 'T00:00:00.000Z', cr.reviewed_at, cr.submitted_at) <= ${asOf.dayEnd}` : sql``}
      ORDER BY coalesce(cr.expires_on, '9999-12-31') DESC, cr.issued_on DESC LIMIT 1) END)))
  FROM ${sql.raw(pieces.table)} re WHERE re.${sql.raw(pieces.owner)} = ${ownerId}${asOf ? sql`` : sql` AND re.kind <> 'course'`})`;

export const heldEvidenceSql = heldPiecesSql(REQUIREMENT_PIECES, sql`r.id`);

type HeldPiece = [number: string, issuedAt: string, expiresAt: string, revokedAt?: string | null];
type HeldRow = [kind: EvidenceKind, refId: string, held: HeldPiece | null];

/**
 * The pieces one requirement needs for one person: its course (the certificate found for it) and
 * what the person holds of the others, named as the terms name them.
 */
export function evidenceFacts(
  terms: readonly EvidenceTerm[],
  courseId: string | null,
  certificate: [string, string, string] | null,
  held: string | HeldRow[] | null,
): (EvidenceFact & { name: string })[] {
  const rows: HeldRow[] = typeof held === 'string' ? JSON.parse(held) : (held ?? []);
  const term = (kind: EvidenceKind, refId: string) => terms.find((t) => t.kind === kind && t.refId === refId);
  const name = (kind: EvidenceKind, refId: string) => term(kind, refId)?.name ?? refId;
  const pieces: (EvidenceFact & { name: string })[] = [];
  if (courseId)
    pieces.push({ kind: 'course', refId: courseId, name: name('course', courseId), held: heldOf(certificate) });
  for (const [kind, refId, piece] of rows) {
    // A talk counts for the requirement's period from the day it was attended (the rule's talkEvidence).
    const held =
      kind === 'talk' ? piece && talkEvidence(piece[1], term(kind, refId)?.everyDays ?? 0, piece[0]) : heldOf(piece);
    pieces.push({ kind, refId, name: name(kind, refId), held });
  }
  return pieces;
}

const heldOf = (piece: HeldPiece | null) =>
  piece
    ? { number: piece[0], issuedAt: piece[1], expiresAt: piece[2], ...(piece[3] ? { revokedAt: piece[3] } : {}) }
    : null;

/** One piece of a requirements request, as the contract parses it. */
export type EvidenceInput =
  | { kind: 'course'; courseId: string }
  | { kind: 'evaluation'; templateId: string }
  | { kind: 'credential'; credentialTypeId: string }
  | { kind: 'talk'; topicId: string; everyDays: number };

export type EvidenceProblem = 'course' | 'template' | 'credentialType' | 'talkTopic';

/** A stored evidence row: a talk piece carries its period. */
export type EvidenceRow = { kind: EvidenceKind; refId: string; everyDays?: number | null };

/**
 * The stored rows of a requirement's evidence: courses by id, templates by family (any version's id
 * given), credential types and talk topics by id. Returns the first piece that names nothing
 * usable: an unknown course, a template family without a published version, a retired or unknown
 * credential type or talk topic.
 */
export async function resolveEvidence(
  db: Db,
  pieces: readonly EvidenceInput[],
): Promise<{ rows: EvidenceRow[] } | { problem: EvidenceProblem }> {
  const courseIds = pieces.flatMap((p) => (p.kind === 'course' ? [p.courseId] : []));
  const templateIds = pieces.flatMap((p) => (p.kind === 'evaluation' ? [p.templateId] : []));
  const typeIds = pieces.flatMap((p) => (p.kind === 'credential' ? [p.credentialTypeId] : []));
  const topicIds = pieces.flatMap((p) => (p.kind === 'talk' ? [p.topicId] : []));
  const [courseRows, templateRows, typeRows, topicRows] = await Promise.all([
    selectInChunks(courseIds, (part) => db.select({ id: courses.id }).from(courses).where(inArray(courses.id, part))),
    selectInChunks(templateIds, (part) =>
      db
        .select({ id: evaluationTemplates.id, familyId: evaluationTemplates.familyId })
        .from(evaluationTemplates)
        .where(inArray(evaluationTemplates.id, part)),
    ),
    selectInChunks(typeIds, (part) =>
      db
        .select({ id: credentialTypes.id })
        .from(credentialTypes)
        .where(and(inArray(credentialTypes.id, part), isNull(credentialTypes.retiredAt))),
    ),
    selectInChunks(topicIds, (part) =>
      db
        .select({ id: talkTopics.id })
        .from(talkTopics)
        .where(and(inArray(talkTopics.id, part), isNull(talkTopics.retiredAt))),
    ),
  ]);
  const families = new Map(templateRows.map((t) => [t.id, t.familyId]));
  const published = new Set(
    (
      await selectInChunks([...new Set(families.values())], (part) =>
        db
          .selectDistinct({ familyId: evaluationTemplates.familyId })
          .from(evaluationTemplates)
          .where(and(inArray(evaluationTemplates.familyId, part), eq(evaluationTemplates.status, 'PUBLISHED'))),
      )
    ).map((r) => r.familyId),
  );
  const rows: EvidenceRow[] = [];
  for (const piece of pieces) {
    if (piece.kind === 'course') {
      if (!courseRows.some((c) => c.id === piece.courseId)) return { problem: 'course' };
      rows.push({ kind: 'course', refId: piece.courseId });
    } else if (piece.kind === 'evaluation') {
      const family = families.get(piece.templateId);
      if (!family || !published.has(family)) return { problem: 'template' };
      rows.push({ kind: 'evaluation', refId: family });
    } else if (piece.kind === 'talk') {
      if (!topicRows.some((t) => t.id === piece.topicId)) return { problem: 'talkTopic' };
      rows.push({ kind: 'talk', refId: piece.topicId, everyDays: piece.everyDays });
    } else {
      if (!typeRows.some((t) => t.id === piece.credentialTypeId)) return { problem: 'credentialType' };
      rows.push({ kind: 'credential', refId: piece.credentialTypeId });
    }
  }
  // The same piece named twice is one piece.
  const unique = new Map(rows.map((row) => [`${row.kind} ${row.refId}`, row]));
  return { rows: [...unique.values()] };
}

/** Published template families (named by their latest published version) and credential types in use, by name. */
export async function evidenceOptions(db: Db): Promise<EvidenceOptionsResponse> {
  const [templates, types] = await Promise.all([
    db.all<{ id: string; name: string }>(sql`
      SELECT t.family_id AS id, t.name AS name FROM evaluation_templates t
      WHERE t.status = 'PUBLISHED' AND t.version = (SELECT max(v.version) FROM evaluation_templates v
        WHERE v.family_id = t.family_id AND v.status = 'PUBLISHED')
      ORDER BY t.name COLLATE NOCASE`),
    db
      .select({ id: credentialTypes.id, name: credentialTypes.name })
      .from(credentialTypes)
      .where(isNull(credentialTypes.retiredAt))
      .orderBy(sql`${credentialTypes.name} COLLATE NOCASE`),
  ]);
  return { templates, credentialTypes: types };
}

/** What a task may need (issue 30): the requirement's options, every course and the active talk topics, by name. */
export async function taskEvidenceOptions(db: Db): Promise<TaskEvidenceOptionsResponse> {
  const [options, courseRows, topics] = await Promise.all([
    evidenceOptions(db),
    db
      .select({ id: courses.id, name: courses.title })
      .from(courses)
      .orderBy(sql`${courses.title} COLLATE NOCASE`, courses.id),
    db
      .select({ id: talkTopics.id, name: talkTopics.title })
      .from(talkTopics)
      .where(isNull(talkTopics.retiredAt))
      .orderBy(sql`${talkTopics.title} COLLATE NOCASE`),
  ]);
  return { ...options, courses: courseRows, talkTopics: topics };
}

/** The statements that replace a requirement's evidence rows (for the write's batch). */
export const replaceEvidence = (db: Db, requirementId: string, rows: readonly EvidenceRow[]) =>
  [
    db.delete(requirementEvidence).where(eq(requirementEvidence.requirementId, requirementId)),
    ...(rows.length
      ? [
          db.insert(requirementEvidence).values(
            rows.map((row) => ({
              requirementId,
              kind: row.kind,
              refId: row.refId,
              everyDays: row.everyDays ?? null,
            })),
          ),
        ]
      : []),
  ] as const;
