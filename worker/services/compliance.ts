/**
 * Required training: who is covered by which requirement, the facts the rule needs for each
 * person and course, and the statuses derived from them with the one rule function.
 *
 * Statuses are never stored: they follow from dates, so a certificate that expires overnight is
 * overdue in the morning without a job having to notice it.
 */
import { and, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import { dayStart, type ComplianceCell, type ComplianceSummary, type MatrixCell, type RequirementDto } from '../contract/compliance';
import { canRecertify, complianceStatus, DAY_MS, DEFAULT_RECERTIFY_WINDOW_DAYS, lapsesAt, mergeResults, type ComplianceResult, type ComplianceStatus } from '../contract/rules/compliance';
import type { Db } from '../db/client';
import { inListChunks } from '../db/in-list';
import { containsText } from '../db/paginate';
import { complianceCache, compliancePeople, courses, requirements } from '../db/schema';

/** One person covered by one requirement, with everything the rule needs. */
export interface CoverageFacts {
  userId: string;
  /** The person's display name (first and last name, or the username), for sorting and showing. */
  userName: string;
  username: string;
  department: string | null;
  jobTitle: string | null;
  requirementId: string;
  courseId: string;
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
}

const lowerEq = (column: SQL, value: string) => sql`lower(${column}) = lower(${value})`;

/** Who is covered by what: the conditions shared by the facts and the export's chunks. */
function coverageWhere(filter: CoverageFilter, now: Date): SQL {
  const iso = now.toISOString();
  const conditions: SQL[] = [
    sql`r.retired_at IS NULL`,
    filter.includeNotStarted ? sql`1 = 1` : sql`r.active_from <= ${iso}`,
    sql`u.deactivated_at IS NULL`,
    sql`u.role = 'USER'`,
    sql`(r.department IS NULL OR lower(u.department) = lower(r.department))`,
    sql`(r.job_title IS NULL OR lower(u.job_title) = lower(r.job_title))`,
  ];
  if (filter.bookId) conditions.push(sql`r.domain_id = ${filter.bookId}`);
  if (filter.courseId) conditions.push(sql`r.course_id = ${filter.courseId}`);
  if (filter.userId) conditions.push(sql`u.id = ${filter.userId}`);
  if (filter.userIds) conditions.push(filter.userIds.length ? sql`u.id IN (${sql.join(filter.userIds.map((id) => sql`${id}`), sql`, `)})` : sql`0`);
  if (filter.userIdRange) conditions.push(sql`u.id >= ${filter.userIdRange[0]} AND u.id <= ${filter.userIdRange[1]}`);
  if (filter.department) conditions.push(lowerEq(sql`u.department`, filter.department));
  if (filter.jobTitle) conditions.push(lowerEq(sql`u.job_title`, filter.jobTitle));
  // The one contains-search of every list (instr, not LIKE: D1 refuses LIKE patterns over 50 bytes).
  const search = containsText(filter.q, [sql`coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')`, sql`u.username`, sql`u.email`]);
  if (search) conditions.push(search);
  return sql.join(conditions, sql` AND `);
}

const COVERAGE_TABLES = sql`requirements r JOIN user_domains ud ON ud.domain_id = r.domain_id JOIN users u ON u.id = ud.user_id`;

/** Ids of covered people after `after`, in id order: the CSV export's chunks. */
export async function coveredUserIds(db: Db, filter: CoverageFilter, now: Date, after: string, limit: number): Promise<string[]> {
  const rows = await db.all<{ id: string }>(sql`SELECT DISTINCT u.id AS id FROM ${COVERAGE_TABLES} WHERE ${coverageWhere(filter, now)} AND u.id > ${after} ORDER BY u.id LIMIT ${limit}`);
  return rows.map((r) => r.id);
}

/**
 * Every (person, requirement) pair in force at `now`: active accounts of learners in the
 * requirement's book, narrowed by its department and job title, requirement not retired and
 * started. The latest unrevoked certificate of the requirement's course family (a certificate of
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
export function coverageFactsQueries(db: Db, filter: CoverageFilter, now: Date, extra?: SQL) {
  return [requirementTermsQuery(db, filter), coverageFactsQuery(db, filter, now, extra)] as const;
}

/** The requirements in force or to come, in the matrix's column order (course title, then age): the matrix and its CSV take their columns from them too. */
export function requirementTermsQuery(db: Db, filter: CoverageFilter) {
  return db
    .select({
      id: requirements.id,
      courseId: requirements.courseId,
      courseTitle: courses.title,
      dueWithinDays: requirements.dueWithinDays,
      dueSoonDays: requirements.dueSoonDays,
      activeFrom: requirements.activeFrom,
    })
    .from(requirements)
    .innerJoin(courses, eq(courses.id, requirements.courseId))
    .where(and(isNull(requirements.retiredAt), filter.bookId ? eq(requirements.domainId, filter.bookId) : undefined, filter.courseId ? eq(requirements.courseId, filter.courseId) : undefined))
    .orderBy(sql`lower(${courses.title})`, requirements.createdAt);
}

function coverageFactsQuery(db: Db, filter: CoverageFilter, now: Date, extra?: SQL) {
  const where = extra ? sql`${coverageWhere(filter, now)} AND ${extra}` : coverageWhere(filter, now);
  return db
    .select({
      userId: sql<string>`u.id`.as('userId'),
      username: sql<string>`u.username`.as('username'),
      department: sql<string | null>`u.department`.as('department'),
      jobTitle: sql<string | null>`u.job_title`.as('jobTitle'),
      userName: sql<string>`coalesce(nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.username)`.as('userName'),
      facts: sql<string>`json_group_array(json_array(
        r.id, CASE WHEN ud.created_at > r.active_from THEN ud.created_at END,
        json(CASE WHEN (SELECT rc.family_id FROM courses rc WHERE rc.id = r.course_id) IS NULL
          THEN (SELECT json_array(c.certificate_number, c.issued_at, c.expires_at) FROM certificates c
            WHERE c.user_id = u.id AND c.course_id = r.course_id AND c.revoked_at IS NULL
            ORDER BY c.issued_at DESC LIMIT 1)
          ELSE (SELECT json_array(c.certificate_number, c.issued_at, c.expires_at) FROM certificates c
            WHERE c.user_id = u.id AND c.revoked_at IS NULL
              AND c.course_id IN (SELECT fc.id FROM courses fc WHERE fc.family_id = (SELECT rc.family_id FROM courses rc WHERE rc.id = r.course_id))
            ORDER BY c.issued_at DESC LIMIT 1) END),
        (SELECT max(e.until) FROM requirement_exemptions e WHERE e.user_id = u.id AND e.requirement_id = r.id),
        (SELECT max(ev.occurred_on) FROM requirement_events ev WHERE ev.user_id = u.id AND ev.requirement_id = r.id)))`.as('facts'),
    })
    .from(COVERAGE_TABLES)
    .where(where)
    .groupBy(sql`u.id`);
}

type TermsRow = Awaited<ReturnType<typeof requirementTermsQuery>>[number];
type FactsRow = Awaited<ReturnType<typeof coverageFactsQuery>>[number];
type PackedFact = [requirementId: string, joinedAfterStart: string | null, cert: [string, string, string] | null, exemptUntil: string | null, lastEventOn: string | null];

/** The facts from the two results of coverageFactsQueries (read in one batch, so they agree). */
export function toFacts(terms: readonly TermsRow[], rows: readonly FactsRow[]): CoverageFacts[] {
  const byId = new Map(terms.map((t) => [t.id, t]));
  return rows.flatMap(({ facts, ...person }) =>
    (JSON.parse(facts) as PackedFact[]).map(([requirementId, joinedAfterStart, cert, exemptUntil, lastEventOn]) => {
      const term = byId.get(requirementId)!;
      return {
        ...person,
        requirementId,
        courseId: term.courseId,
        dueWithinDays: term.dueWithinDays,
        dueSoonDays: term.dueSoonDays,
        // Covered since the later of the requirement's start and the day the person joined its book.
        coveredSince: joinedAfterStart ?? term.activeFrom,
        certNumber: cert?.[0] ?? null,
        certIssuedAt: cert?.[1] ?? null,
        certExpiresAt: cert?.[2] ?? null,
        exemptUntil,
        lastEventOn,
      };
    }),
  );
}

export async function coverageFacts(db: Db, filter: CoverageFilter, now: Date): Promise<CoverageFacts[]> {
  const [terms, rows] = await db.batch(coverageFactsQueries(db, filter, now));
  return toFacts(terms, rows);
}

export type CellResult = ComplianceResult & { requirementId: string; courseId: string };

export function evaluate(facts: CoverageFacts, now: Date): CellResult {
  const result = complianceStatus(
    {
      coveredSince: facts.coveredSince,
      dueWithinDays: facts.dueWithinDays,
      dueSoonDays: facts.dueSoonDays,
      certificate: facts.certNumber && facts.certIssuedAt && facts.certExpiresAt ? { number: facts.certNumber, issuedAt: facts.certIssuedAt, expiresAt: facts.certExpiresAt } : null,
      exemptUntil: facts.exemptUntil,
      lastEventOn: facts.lastEventOn ? dayStart(facts.lastEventOn) : null,
    },
    now,
  );
  return { ...result, requirementId: facts.requirementId, courseId: facts.courseId };
}

/** Per person, per course: one merged cell (several requirements of one course give one status). */
export function cellsByUser(facts: readonly CoverageFacts[], now: Date): Map<string, Map<string, CellResult>> {
  const grouped = new Map<string, Map<string, CellResult[]>>();
  for (const fact of facts) {
    let courses = grouped.get(fact.userId);
    if (!courses) grouped.set(fact.userId, (courses = new Map()));
    const list = courses.get(fact.courseId) ?? [];
    list.push(evaluate(fact, now));
    courses.set(fact.courseId, list);
  }
  const merged = new Map<string, Map<string, CellResult>>();
  for (const [userId, courses] of grouped) {
    const cells = new Map<string, CellResult>();
    for (const [courseId, results] of courses) cells.set(courseId, mergeResults(results)!);
    merged.set(userId, cells);
  }
  return merged;
}

export function toCell(result: CellResult): ComplianceCell {
  return {
    requirementId: result.requirementId,
    courseId: result.courseId,
    status: result.status,
    dueAt: result.dueAt,
    validUntil: result.validUntil,
    certificateNumber: result.certificateNumber,
  };
}

/** A matrix page's cell: the fields that have a value. */
export function toMatrixCell(result: CellResult): MatrixCell {
  const cell: MatrixCell = { status: result.status };
  if (result.dueAt) cell.dueAt = result.dueAt;
  if (result.validUntil) cell.validUntil = result.validUntil;
  if (result.certificateNumber) cell.certificateNumber = result.certificateNumber;
  return cell;
}

const FORECAST_DAYS = [30, 60, 90] as const;

/** Counts per status, the share holding a valid certificate, and who lapses within 30/60/90 days. */
export function summarize(cells: Map<string, Map<string, CellResult>>, now: Date): ComplianceSummary {
  const counts: Record<ComplianceStatus, number> = { pending: 0, compliant: 0, 'due-soon': 0, overdue: 0, exempt: 0 };
  const lapses = [0, 0, 0];
  for (const userCells of cells.values()) {
    let first: number | null = null;
    for (const cell of userCells.values()) {
      counts[cell.status] += 1;
      const lapse = lapsesAt(cell);
      if (lapse) {
        const time = Date.parse(lapse);
        if (first == null || time < first) first = time;
      }
    }
    if (first != null) FORECAST_DAYS.forEach((days, index) => {
      if (first! <= now.getTime() + days * DAY_MS) lapses[index] += 1;
    });
  }
  const counted = counts.pending + counts.compliant + counts['due-soon'] + counts.overdue;
  const valid = counts.compliant + counts['due-soon'];
  return {
    pending: counts.pending,
    compliant: counts.compliant,
    dueSoon: counts['due-soon'],
    overdue: counts.overdue,
    exempt: counts.exempt,
    percentCompliant: counted === 0 ? 100 : Math.round((valid / counted) * 1000) / 10,
    forecast: { d30: lapses[0], d60: lapses[1], d90: lapses[2] },
  };
}

/** Requirements with their course, book and how many active learners each covers now. */
export async function listRequirements(db: Db, options: { includeRetired?: boolean; id?: string } = {}, now = new Date()): Promise<RequirementDto[]> {
  const conditions: SQL[] = [];
  if (!options.includeRetired) conditions.push(sql`r.retired_at IS NULL`);
  if (options.id) conditions.push(sql`r.id = ${options.id}`);
  const where = conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
  // People are counted once per audience (book, department, job title), not once per requirement:
  // requirements of one book mostly share their audience, and each count walks the book's members
  // (20 requirements of a 10,000-person book took 128 ms counted one by one).
  const rows = await db.all<Omit<RequirementDto, 'coveredCount'> & { coveredCount: number }>(sql`
    WITH listed AS (
      SELECT r.* FROM requirements r ${where}
    ), audiences AS MATERIALIZED (
      SELECT a.domain_id, a.department, a.job_title, (
        SELECT count(*) FROM user_domains ud JOIN users u ON u.id = ud.user_id
        WHERE ud.domain_id = a.domain_id AND u.deactivated_at IS NULL AND u.role = 'USER'
          AND (a.department IS NULL OR lower(u.department) = lower(a.department))
          AND (a.job_title IS NULL OR lower(u.job_title) = lower(a.job_title))
      ) AS n
      FROM (SELECT DISTINCT domain_id, lower(department) AS department, lower(job_title) AS job_title FROM listed
            WHERE retired_at IS NULL AND active_from <= ${now.toISOString()}) a
    )
    SELECT r.id AS id, r.course_id AS courseId, c.title AS courseTitle, r.domain_id AS bookId, d.name AS bookName,
      r.department AS department, r.job_title AS jobTitle, r.due_within_days AS dueWithinDays, r.due_soon_days AS dueSoonDays,
      r.active_from AS activeFrom, r.retired_at AS retiredAt, r.created_at AS createdAt,
      CASE WHEN r.retired_at IS NOT NULL OR r.active_from > ${now.toISOString()} THEN 0 ELSE (
        SELECT a.n FROM audiences a
        WHERE a.domain_id = r.domain_id AND a.department IS lower(r.department) AND a.job_title IS lower(r.job_title)
      ) END AS coveredCount
    FROM listed r JOIN courses c ON c.id = r.course_id JOIN domains d ON d.id = r.domain_id
    ORDER BY r.retired_at IS NOT NULL, c.title COLLATE NOCASE, r.created_at`);
  return rows.map((row) => ({ ...row, coveredCount: Number(row.coveredCount) }));
}

/**
 * Whether a learner may renew a certificate of a course now, by the requirements of that course
 * covering them: their widest due-soon window (the default without one) and their latest event.
 */
export function recertificationOpen(
  certificate: { issuedAt: string; expiresAt: string; revokedAt?: string | null },
  courseFacts: readonly CoverageFacts[],
  now: Date,
): { open: boolean; windowDays: number } {
  const windowDays = courseFacts.length ? Math.max(...courseFacts.map((f) => f.dueSoonDays)) : DEFAULT_RECERTIFY_WINDOW_DAYS;
  const lastEvent = courseFacts.reduce<string | null>((latest, f) => (f.lastEventOn && (!latest || f.lastEventOn > latest) ? f.lastEventOn : latest), null);
  return { open: canRecertify(certificate, windowDays, now, lastEvent ? dayStart(lastEvent) : null), windowDays };
}

/** Titles of the courses any requirement names (the learner panel, reminders, the digest). */
export const requiredCourseTitlesQuery = (db: Db) => db.selectDistinct({ id: courses.id, title: courses.title }).from(courses).innerJoin(requirements, eq(requirements.courseId, courses.id));

export async function requiredCourseTitles(db: Db): Promise<Map<string, string>> {
  return new Map((await requiredCourseTitlesQuery(db)).map((r) => [r.id, r.title]));
}

/** Facts of the listed people only (any number: asked in chunks below the bound-parameter limit). */
export async function coverageFactsOf(db: Db, filter: CoverageFilter, userIds: readonly string[], now: Date): Promise<CoverageFacts[]> {
  const parts = await Promise.all(inListChunks(userIds).map((part) => coverageFacts(db, { ...filter, userIds: part }, now)));
  return parts.flat();
}

// ---------------------------------------------------------------------------------------------
// The cached snapshot of one matrix filter: the summary and the people in name order
// ---------------------------------------------------------------------------------------------

const STATUS_BITS: Record<ComplianceStatus, number> = { pending: 1, compliant: 2, 'due-soon': 4, overdue: 8, exempt: 16 };
export const statusBit = (status: ComplianceStatus) => STATUS_BITS[status];
const STATUSES = Object.keys(STATUS_BITS) as ComplianceStatus[];

/** How many covered people have a cell of each status, and how many there are in all: the matrix's page counts. */
export type PeopleTotals = Record<ComplianceStatus | 'all', number>;

export interface ComplianceSnapshot {
  summary: ComplianceSummary;
  /** Covered people in name order, each with the bits of the statuses among their cells. */
  people: [userId: string, statuses: number][];
  totals: PeopleTotals;
}

/** What the cache row's body holds: read with a page, so a page needs no count over the people. */
export interface SnapshotHead {
  summary: ComplianceSummary;
  totals: PeopleTotals;
}

/** At most this long a snapshot is trusted, whatever else happens. */
const SNAPSHOT_SECONDS = 60;
/** People per insert statement (one JSON array parameter each, well below D1's largest value). */
const PEOPLE_PER_INSERT = 10_000;

/** The first moment after `now` at which some fact changes a status by the clock alone. */
function nextChange(facts: readonly CoverageFacts[], now: Date): number {
  let next = now.getTime() + SNAPSHOT_SECONDS * 1000;
  const consider = (time: number) => {
    if (time > now.getTime() && time < next) next = time;
  };
  for (const f of facts) {
    if (f.exemptUntil) consider(Date.parse(f.exemptUntil));
    consider(Date.parse(f.coveredSince) + f.dueWithinDays * DAY_MS);
    if (f.certExpiresAt) {
      consider(Date.parse(f.certExpiresAt));
      consider(Date.parse(f.certExpiresAt) - f.dueSoonDays * DAY_MS);
    }
    if (f.lastEventOn) consider(Date.parse(dayStart(f.lastEventOn)) + f.dueWithinDays * DAY_MS);
  }
  return next;
}

/** Name order of the matrix (case-insensitive, then id): the snapshot and every page agree on it. */
export const byName = (a: { name: string; id: string }, b: { name: string; id: string }) => {
  const x = a.name.toLowerCase();
  const y = b.name.toLowerCase();
  return x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
};

export function buildSnapshot(facts: readonly CoverageFacts[], now: Date): ComplianceSnapshot {
  const cells = cellsByUser(facts, now);
  const names = new Map<string, string>();
  for (const f of facts) if (!names.has(f.userId)) names.set(f.userId, f.userName);
  const people = [...cells.entries()].map(([userId, userCells]): [string, number] => [userId, [...userCells.values()].reduce((bits, cell) => bits | STATUS_BITS[cell.status], 0)]);
  people.sort(([a], [b]) => byName({ name: names.get(a)!, id: a }, { name: names.get(b)!, id: b }));
  const totals: PeopleTotals = { all: people.length, pending: 0, compliant: 0, 'due-soon': 0, overdue: 0, exempt: 0 };
  for (const [, bits] of people) for (const status of STATUSES) if (bits & STATUS_BITS[status]) totals[status] += 1;
  return { summary: summarize(cells, now), people, totals };
}

export const snapshotKey = (filter: CoverageFilter) =>
  JSON.stringify([filter.bookId ?? '', (filter.department ?? '').toLowerCase(), (filter.jobTitle ?? '').toLowerCase(), (filter.q ?? '').toLowerCase()]);

/**
 * Computes the snapshot of a filter from every covered person and stores it (the summary, and the
 * people in name order with their statuses) until the next status change by the clock, a minute
 * at most. Computing reads every covered person once; reading a page afterwards is one query.
 */
export async function refreshSnapshot(db: Db, filter: CoverageFilter, now: Date): Promise<ComplianceSnapshot> {
  const key = snapshotKey(filter);
  const facts = await coverageFacts(db, filter, now);
  const snapshot = buildSnapshot(facts, now);
  const iso = now.toISOString();
  const expiresAt = new Date(nextChange(facts, now)).toISOString();
  const inserts = [];
  for (let from = 0; from < snapshot.people.length; from += PEOPLE_PER_INSERT) {
    const part = JSON.stringify(snapshot.people.slice(from, from + PEOPLE_PER_INSERT));
    inserts.push(
      db.insert(compliancePeople).select(
        db
          .select({
            key: sql<string>`${key}`.as('key'),
            position: sql<number>`${from} + j.key`.as('position'),
            userId: sql<string>`json_extract(j.value, '$[0]')`.as('user_id'),
            statuses: sql<number>`json_extract(j.value, '$[1]')`.as('statuses'),
          })
          .from(sql`json_each(${part}) j`),
      ),
    );
  }
  try {
    await db.batch([
      db.delete(complianceCache).where(eq(complianceCache.key, key)),
      db.delete(compliancePeople).where(eq(compliancePeople.key, key)),
      // People of filters whose summary expired or was cleared are of no use any more.
      db.delete(compliancePeople).where(sql`${compliancePeople.key} NOT IN (SELECT c.key FROM compliance_cache c WHERE c.expires_at > ${iso})`),
      ...inserts,
      db.insert(complianceCache).values({ key, computedAt: iso, expiresAt, body: { summary: snapshot.summary, totals: snapshot.totals } satisfies SnapshotHead }),
    ]);
  } catch (error) {
    // Answering matters more than caching: the next request computes again.
    console.error(JSON.stringify({ level: 'error', event: 'compliance.cache_failed', error: String(error) }));
  }
  return snapshot;
}

/** The statements that read one matrix page from a stored snapshot, for one batch. */
export function snapshotPageQueries(db: Db, filter: CoverageFilter, status: ComplianceStatus | null, page: number, size: number, now: Date) {
  const key = snapshotKey(filter);
  const bits = status ? STATUS_BITS[status] : 31;
  return [
    db.select({ body: complianceCache.body }).from(complianceCache).where(and(eq(complianceCache.key, key), gt(complianceCache.expiresAt, now.toISOString()))),
    ...coverageFactsQueries(
      db,
      filter,
      now,
      sql`u.id IN (SELECT p.user_id FROM compliance_people p WHERE p.key = ${key} AND (p.statuses & ${bits}) <> 0 ORDER BY p.position LIMIT ${size} OFFSET ${(page - 1) * size})`,
    ),
  ] as const;
}

/** The statement that forgets every snapshot: in the batch of any write that changes compliance. */
export const clearComplianceCache = (db: Db) => db.delete(complianceCache);
