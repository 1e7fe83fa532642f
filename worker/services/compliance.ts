/**
 * Required training: who is covered by which requirement and the facts the rule needs for each
 * person and course. The statuses derived from them with the one rule function are in
 * compliance-status.ts; the cached matrix snapshot (and clearing it) in compliance-snapshot.ts.
 *
 * Statuses are never stored: they follow from dates, so a certificate that expires overnight is
 * overdue in the morning without a job having to notice it.
 */
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { RequirementDto } from '../contract/compliance';
import type { RequirementEvidenceDto } from '../contract/requirement-evidence';
import type { Db } from '../db/client';
import { inListChunks } from '../db/in-list';
import { containsText } from '../db/paginate';
import type { EvidenceFact } from '../contract/rules/compliance';
import { courses, requirements } from '../db/schema';
import { evidenceFacts, evidenceTermsSql, heldEvidenceSql, latestCertificateSql, type EvidenceTerm } from './evidence';
import { inAudience, inListedAudience } from './requirement-audience';
import { inTeamOf } from './sites';

/** One person covered by one requirement, with everything the rule needs. */
export interface CoverageFacts {
  userId: string;
  /** The person's display name (first and last name, or the username), for sorting and showing. */
  userName: string;
  username: string;
  department: string | null;
  jobTitle: string | null;
  requirementId: string;
  /** The requirement's course (null when it needs no course). */
  courseId: string | null;
  /**
   * The matrix column the requirement's cell falls in: its course when that is all it needs
   * (requirements of one course share a column), else the requirement itself (columnKeyOf).
   */
  columnKey: string;
  /** Every piece the requirement needs, with what the person holds of it (the course piece too). */
  evidence: (EvidenceFact & { name: string })[];
  dueWithinDays: number;
  dueSoonDays: number;
  coveredSince: string;
  certNumber: string | null;
  certIssuedAt: string | null;
  certExpiresAt: string | null;
  exemptUntil: string | null;
  lastEventOn: string | null;
}

export interface CoverageFilter {
  /** Only requirements of this book. */
  bookId?: string | null;
  /** Only people of this department / job title (case-insensitive, exact). */
  department?: string | null;
  jobTitle?: string | null;
  /** Name, username or e-mail contains. */
  q?: string | null;
  /** Only these people (a learner's own panel, a training record). */
  userId?: string | null;
  /** Only these people (at most IN_LIST_CHUNK ids: callers split longer lists). */
  userIds?: readonly string[] | null;
  /** Only people whose id lies in this range (the CSV export walks the people in chunks). */
  userIdRange?: readonly [string, string] | null;
  /** Requirements that start later count too (an exemption may be granted ahead of the start). */
  includeNotStarted?: boolean;
  /** Only this course's requirements. */
  courseId?: string | null;
  /** Only people of this site (a site-limited administrator's scope, issue 30). */
  siteId?: string | null;
  /** Only the direct and indirect reports of this person (the team routes, issue 30). */
  teamOf?: string | null;
}

const lowerEq = (column: SQL, value: string) => sql`lower(${column}) = lower(${value})`;

/** Who is covered by what: the conditions shared by the facts and the export's chunks. */
/** `now` as a Date, or as its ISO string (a template's placeholder: db/prepared.ts). */
function coverageWhere(filter: CoverageFilter, now: Date | string): SQL {
  const iso = now instanceof Date ? now.toISOString() : now;
  const conditions: SQL[] = [
    sql`r.retired_at IS NULL`,
    filter.includeNotStarted ? sql`1 = 1` : sql`r.active_from <= ${iso}`,
  ];
  if (filter.bookId) conditions.push(sql`r.domain_id = ${filter.bookId}`);
  if (filter.courseId) conditions.push(sql`r.course_id = ${filter.courseId}`);
  if (filter.userId) conditions.push(sql`u.id = ${filter.userId}`);
  if (filter.userIds)
    conditions.push(
      filter.userIds.length
        ? sql`u.id IN (${sql.join(
            filter.userIds.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql`0`,
    );
  if (filter.userIdRange) conditions.push(sql`u.id >= ${filter.userIdRange[0]} AND u.id <= ${filter.userIdRange[1]}`);
  if (filter.department) conditions.push(lowerEq(sql`u.department`, filter.department));
  if (filter.jobTitle) conditions.push(lowerEq(sql`u.job_title`, filter.jobTitle));
  if (filter.siteId) conditions.push(sql`u.site_id = ${filter.siteId}`);
  if (filter.teamOf) conditions.push(inTeamOf(filter.teamOf));
  // The one contains-search of every list (instr, not LIKE: D1 refuses LIKE patterns over 50 bytes).
  const search = containsText(filter.q, [
    sql`coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')`,
    sql`u.username`,
    sql`u.email`,
  ]);
  if (search) conditions.push(search);
  return sql.join(conditions, sql` AND `);
}

// The book is joined for the day the person got it (covered since), not to find the audience: the
// people of a department or job title are covered whether or not they hold it (inAudience).
const COVERAGE_TABLES = sql`requirements r JOIN users u ON ${inAudience} LEFT JOIN user_domains ud ON ud.domain_id = r.domain_id AND ud.user_id = u.id`;

/** Ids of covered people after `after`, in id order: the CSV export's chunks. */
export async function coveredUserIds(
  db: Db,
  filter: CoverageFilter,
  now: Date,
  after: string,
  limit: number,
): Promise<string[]> {
  const rows = await db.all<{ id: string }>(
    sql`SELECT DISTINCT u.id AS id FROM ${COVERAGE_TABLES} WHERE ${coverageWhere(filter, now)} AND u.id > ${after} ORDER BY u.id LIMIT ${limit}`,
  );
  return rows.map((r) => r.id);
}

/**
 * Every (person, requirement) pair in force at `now`: active learners of the requirement's
 * audience (its department and job title, or its book's holders when it names neither),
 * requirement not retired and started. The latest unrevoked certificate of the requirement's course family (a certificate of
 * any language version of the course counts; a course in no family is read by its own index probe,
 * as before families), the exemption in force and the latest retraining
 * event come along (correlated lookups on indexed columns).
 */
/**
 * The facts queries, for one batch: the terms of the requirements in play, and one row per person
 * with the person's fields and a JSON array of their requirements' facts. A person with twenty
 * requirements is one row, not twenty, which is what makes a page and a snapshot cheap to carry out
 * of the database. Each packed fact carries only what is the person's own (the requirement's id,
 * when they joined its book if that was after it started, the latest certificate, the exemption,
 * the latest event); the requirement's course, due days and start come once, with its terms. A
 * matrix page of 50 people x 20 courses carried 130 KB out of D1 with the terms repeated in every
 * fact, and about a third of it without.
 */
export function coverageFactsQueries(db: Db, filter: CoverageFilter, now: Date | string, extra?: SQL) {
  return [requirementTermsQuery(db, filter), coverageFactsQuery(db, filter, now, extra)] as const;
}

/**
 * The requirements in force or to come, in the matrix's column order (title, then age): the matrix
 * and its CSV take their columns from them too. `courseTitle` is the column's title: the course's,
 * or for a requirement without a course the names of what it needs ("Reach truck + First aid").
 */
export function requirementTermsQuery(db: Db, filter: CoverageFilter) {
  const evidence = evidenceTermsSql(sql`${requirements.id}`);
  const title = requirementTitleSql(sql`${courses.title}`, evidence);
  return db
    .select({
      id: requirements.id,
      courseId: requirements.courseId,
      courseTitle: title.as('course_title'),
      evidence: evidence.as('evidence'),
      dueWithinDays: requirements.dueWithinDays,
      dueSoonDays: requirements.dueSoonDays,
      activeFrom: requirements.activeFrom,
    })
    .from(requirements)
    .leftJoin(courses, eq(courses.id, requirements.courseId))
    .where(
      and(
        isNull(requirements.retiredAt),
        filter.bookId ? eq(requirements.domainId, filter.bookId) : undefined,
        filter.courseId ? eq(requirements.courseId, filter.courseId) : undefined,
      ),
    )
    .orderBy(sql`lower(course_title)`, requirements.createdAt);
}

/**
 * A requirement's title: its course's when the course is all it needs, else the names of everything
 * it needs joined ("Forklift basics + Reach truck").
 */
export const requirementTitleSql = (courseTitle: SQL, evidence: SQL) =>
  sql<string>`CASE WHEN EXISTS (SELECT 1 FROM json_each(${evidence}) o WHERE json_extract(o.value, '$[0]') <> 'course')
    THEN (SELECT group_concat(json_extract(n.value, '$[2]'), ' + ') FROM json_each(${evidence}) n)
    ELSE coalesce(${courseTitle}, '') END`;

/**
 * The matrix column (cell key) of a requirement: its course when the course is all it needs
 * (requirements of one course share that column, as before evidence), else the requirement itself.
 */
export const columnKeyOf = (term: { id: string; courseId: string | null }, pieces: readonly EvidenceTerm[]) =>
  term.courseId && !pieces.some((piece) => piece.kind !== 'course') ? term.courseId : term.id;

/** A term's pieces, parsed from the terms query's JSON. */
export const termEvidence = (term: { evidence: string | null }): EvidenceTerm[] =>
  (JSON.parse(term.evidence ?? '[]') as [EvidenceTerm['kind'], string, string | null, number | null | undefined][]).map(
    ([kind, refId, name, everyDays]) => ({ kind, refId, name: name ?? refId, everyDays: everyDays ?? null }),
  );

function coverageFactsQuery(db: Db, filter: CoverageFilter, now: Date | string, extra?: SQL) {
  const where = extra ? sql`${coverageWhere(filter, now)} AND ${extra}` : coverageWhere(filter, now);
  return db
    .select({
      userId: sql<string>`u.id`.as('userId'),
      username: sql<string>`u.username`.as('username'),
      department: sql<string | null>`u.department`.as('department'),
      jobTitle: sql<string | null>`u.job_title`.as('jobTitle'),
      userName:
        sql<string>`coalesce(nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.username)`.as(
          'userName',
        ),
      facts: sql<string>`json_group_array(json_array(
        r.id, nullif(max(r.active_from, coalesce(ud.created_at, ''), coalesce(u.audience_since, '')), r.active_from),
        json(${latestCertificateSql(sql`r.course_id`)}),
        (SELECT max(e.until) FROM requirement_exemptions e WHERE e.user_id = u.id AND e.requirement_id = r.id),
        (SELECT max(ev.occurred_on) FROM requirement_events ev WHERE ev.user_id = u.id AND ev.requirement_id = r.id),
        json(${heldEvidenceSql})))`.as('facts'),
    })
    .from(COVERAGE_TABLES)
    .where(where)
    .groupBy(sql`u.id`);
}

type TermsRow = Awaited<ReturnType<typeof requirementTermsQuery>>[number];
type FactsRow = Awaited<ReturnType<typeof coverageFactsQuery>>[number];
type PackedFact = [
  requirementId: string,
  joinedAfterStart: string | null,
  cert: [string, string, string] | null,
  exemptUntil: string | null,
  lastEventOn: string | null,
  held: [EvidenceTerm['kind'], string, [string, string, string] | null][],
];

/** The facts from the two results of coverageFactsQueries (read in one batch, so they agree). */
export function toFacts(terms: readonly TermsRow[], rows: readonly FactsRow[]): CoverageFacts[] {
  const byId = new Map(terms.map((t) => [t.id, { ...t, pieces: termEvidence(t) }]));
  return rows.flatMap(({ facts, ...person }) =>
    (JSON.parse(facts) as PackedFact[]).map(
      ([requirementId, joinedAfterStart, cert, exemptUntil, lastEventOn, held]) => {
        const term = byId.get(requirementId)!;
        return {
          ...person,
          requirementId,
          courseId: term.courseId,
          columnKey: columnKeyOf(term, term.pieces),
          evidence: evidenceFacts(term.pieces, term.courseId, cert, held),
          dueWithinDays: term.dueWithinDays,
          dueSoonDays: term.dueSoonDays,
          // Covered since the latest of the requirement's start, the day the person got its book and
          // the day their department or job title last changed (entering the audience).
          coveredSince: joinedAfterStart ?? term.activeFrom,
          certNumber: cert?.[0] ?? null,
          certIssuedAt: cert?.[1] ?? null,
          certExpiresAt: cert?.[2] ?? null,
          exemptUntil,
          lastEventOn,
        };
      },
    ),
  );
}

export async function coverageFacts(db: Db, filter: CoverageFilter, now: Date): Promise<CoverageFacts[]> {
  const [terms, rows] = await db.batch(coverageFactsQueries(db, filter, now));
  return toFacts(terms, rows);
}

/** Requirements with their course, book and how many active learners each covers now. */
export async function listRequirements(
  db: Db,
  options: { includeRetired?: boolean; id?: string; siteLimit?: string | null } = {},
  now = new Date(),
): Promise<RequirementDto[]> {
  // A site-limited administrator counts their site's people only.
  const inSite = options.siteLimit ? sql` AND u.site_id = ${options.siteLimit}` : sql``;
  const conditions: SQL[] = [];
  if (!options.includeRetired) conditions.push(sql`r.retired_at IS NULL`);
  if (options.id) conditions.push(sql`r.id = ${options.id}`);
  const where = conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
  // People are counted once per audience (book, department, job title), not once per requirement:
  // requirements mostly share their audience, and each count walks the people
  // (20 requirements of a 10,000-person book took 128 ms counted one by one).
  const rows = await db.all<
    Omit<RequirementDto, 'coveredCount' | 'evidence'> & { coveredCount: number; evidence: string }
  >(sql`
    WITH listed AS (
      SELECT r.* FROM requirements r ${where}
    ), audiences AS MATERIALIZED (
      SELECT a.domain_id, a.department, a.job_title, a.site_id, (
        SELECT count(*) FROM users u WHERE ${inListedAudience}${inSite}
      ) AS n
      FROM (SELECT DISTINCT domain_id, lower(department) AS department, lower(job_title) AS job_title, site_id FROM listed
            WHERE retired_at IS NULL AND active_from <= ${now.toISOString()}) a
    )
    SELECT r.id AS id, r.course_id AS courseId, ${requirementTitleSql(sql`c.title`, evidenceTermsSql(sql`r.id`))} AS courseTitle,
      ${evidenceTermsSql(sql`r.id`)} AS evidence, r.domain_id AS bookId, d.name AS bookName,
      r.department AS department, r.job_title AS jobTitle, r.site_id AS siteId,
      (SELECT s.name FROM sites s WHERE s.id = r.site_id) AS siteName, r.due_within_days AS dueWithinDays, r.due_soon_days AS dueSoonDays,
      r.active_from AS activeFrom, r.retired_at AS retiredAt, r.created_at AS createdAt,
      CASE WHEN r.retired_at IS NOT NULL OR r.active_from > ${now.toISOString()} THEN 0 ELSE (
        SELECT a.n FROM audiences a
        WHERE a.domain_id = r.domain_id AND a.department IS lower(r.department) AND a.job_title IS lower(r.job_title)
          AND a.site_id IS r.site_id
      ) END AS coveredCount
    FROM listed r LEFT JOIN courses c ON c.id = r.course_id JOIN domains d ON d.id = r.domain_id
    ORDER BY r.retired_at IS NOT NULL, courseTitle COLLATE NOCASE, r.created_at`);
  return rows.map((row) => ({
    ...row,
    evidence: termEvidence(row).map(evidenceDto),
    coveredCount: Number(row.coveredCount),
  }));
}

/** A piece as the API names it (the request's shape, with its name). */
export const evidenceDto = ({ kind, refId, name, everyDays }: EvidenceTerm): RequirementEvidenceDto =>
  kind === 'course'
    ? { kind, courseId: refId, name }
    : kind === 'evaluation'
      ? { kind, templateId: refId, name }
      : kind === 'talk'
        ? { kind, topicId: refId, everyDays: everyDays ?? 0, name }
        : { kind, credentialTypeId: refId, name };

/** Titles of what requirements name, by cell key (CellResult.key, columnKeyOf): reminders, the digest. */
export async function requiredCourseTitles(db: Db): Promise<Map<string, string>> {
  const rows = await db
    .select({
      key: sql<string>`coalesce(${requirements.courseId}, ${requirements.id})`,
      title: requirementTitleSql(sql`${courses.title}`, evidenceTermsSql(sql`${requirements.id}`)),
    })
    .from(requirements)
    .leftJoin(courses, eq(courses.id, requirements.courseId));
  return new Map(rows.map((r) => [r.key, r.title]));
}

/** Facts of the listed people only (any number: asked in chunks below the bound-parameter limit). */
export async function coverageFactsOf(
  db: Db,
  filter: CoverageFilter,
  userIds: readonly string[],
  now: Date,
): Promise<CoverageFacts[]> {
  const parts = await Promise.all(
    inListChunks(userIds).map((part) => coverageFacts(db, { ...filter, userIds: part }, now)),
  );
  return parts.flat();
}
