/**
 * "Who can do this today?" (issue 30 item 5) at organisation scale: a site lead over 10,000 people
 * asks in one D1 round trip, and nobody's pieces are judged one by one in JS.
 *
 * SQL decides who is in which list, set-wise, from evidence_spans (migration 0056: per person and
 * piece, the records the rule reads as spans of days, kept by triggers on every evidence write): for
 * each piece of the task the span holding the day's end, counting when it has not expired at the
 * day's start; a person is qualified when every piece has one, and the earliest expiry is when they
 * lapse. The team is walked once (reporting_lines) for the counts and the not-qualified page. Only the
 * page's people (50 per list) get every piece read and judged with the one task rule
 * (contract/rules/task-qualification.ts) for what stops or ends them; test/api/task-search-rule.test.ts
 * and test/api/evidence-spans.test.ts prove the SQL lists and the rule agree over generated evidence of
 * every kind.
 * docs/decisions/2026-11-28-task-search.md, docs/decisions/2026-11-28-evidence-spans.md.
 */
import { sql, type SQL } from 'drizzle-orm';
import { REFUSALS } from '../contract/errors';
import {
  TEAM_QUALIFIED_PAGE,
  type TaskDto,
  type TeamQualifiedList,
  type TeamQualifiedPerson,
  type TeamQualifiedResponse,
} from '../contract/tasks';
import {
  dayRange,
  lapsesWithin,
  taskQualification,
  type TaskQualification,
} from '../contract/rules/task-qualification';
import type { Db } from '../db/client';
import { ApiError } from '../errors';
import { evidenceFacts, heldPiecesSql, TASK_PIECES } from './evidence';
import { TEAM_MAX_DEPTH } from './sites';
import { factsGate, keptAnswer, keptOrRead, type KeptAnswer } from './task-search-kept';
import { taskByIdQuery, toTask } from './tasks';

/** What one request asks: whose team, which task, which day, which site, which list's page. */
export interface TaskSearch {
  supervisorId: string;
  taskId: string;
  /** YYYY-MM-DD */
  day: string;
  siteId?: string;
  /** One list's page; absent: the first page of every list. */
  list?: TeamQualifiedList;
  /** 1-based, read with `list`. */
  page: number;
  /** Teams this large or larger are judged from the pieces' side (tests set it to prove both ways agree). */
  setWiseFrom?: number;
  /**
   * The one way to judge, when the team's size is known from an earlier answer: the statement holds
   * that way's arms only (a smaller statement to compile). Absent: both arms, the size picks one.
   */
  way?: 'crew' | 'big';
}

/**
 * From this many people a team is judged from the pieces' side (one pass over each piece's records);
 * below it person by person (a few index probes each), which is cheaper for a crew.
 */
const SET_WISE_FROM = 400;

const personName = (alias: string) =>
  sql.raw(
    `coalesce(nullif(trim(coalesce(${alias}.first_name, '') || ' ' || coalesce(${alias}.last_name, '')), ''), ${alias}.username)`,
  );

/**
 * Per piece of the task (`pieces`, with its key in evidence_spans and the instant its record must
 * outlast), the spans (migration 0056) of the records the rule reads on the day: the one whose span
 * holds the day's end, counting when it has not expired at the day's start (a talk: its start plus the
 * piece's period). `until` is when it stops counting. At most one row per person and piece.
 */
const heldSpans = (dayEnd: string, person: SQL | null) => sql`SELECT s.user_id AS user_id,
    CASE WHEN re.kind = 'talk' THEN strftime('%Y-%m-%dT%H:%M:%fZ', s.valid_until, '+' || coalesce(re.every_days, 0) || ' days')
      ELSE s.valid_until END AS until
  FROM pieces re JOIN evidence_spans s ON s.kind = re.kind AND s.ref_id = re.span_key${person ? sql` AND s.user_id = ${person}` : sql``}
  WHERE s.read_from <= ${dayEnd} AND (s.read_until IS NULL OR s.read_until > ${dayEnd}) AND s.valid_until > re.after`;

/** The task's pieces with their keys in evidence_spans and the instant their record must outlast. */
const piecesOf = (taskId: string, dayStart: string) => sql`SELECT kind, ref_id, every_days,
    CASE kind WHEN 'course' THEN (SELECT k.ref_id FROM course_evidence_keys k WHERE k.course_id = te.ref_id) ELSE ref_id END AS span_key,
    CASE kind WHEN 'talk' THEN strftime('%Y-%m-%dT%H:%M:%fZ', ${dayStart}, '-' || coalesce(every_days, 0) || ' days')
      ELSE ${dayStart} END AS after
  FROM task_evidence te WHERE task_id = ${taskId}`;

/**
 * The caller's reports (the reporting_lines facts: one index range, with each report's active flag
 * and site; never the caller), and the task asked about when active.
 */
const teamWalk = (sup: string, taskId: string) => sql`WITH
  team(id, active, site) AS (SELECT rl.user_id, rl.active, rl.site_id FROM reporting_lines rl
    WHERE rl.manager_id = ${sup} AND rl.depth <= ${TEAM_MAX_DEPTH} AND rl.user_id <> ${sup}),
  task AS MATERIALIZED (SELECT id, site_id FROM tasks WHERE id = ${taskId} AND retired_at IS NULL)`;

/** Is `id` one of the caller's reports? One key probe of reporting_lines. */
const reportOf = (sup: string, id: SQL) =>
  sql`EXISTS (SELECT 1 FROM reporting_lines bl WHERE bl.manager_id = ${sup} AND bl.user_id = ${id} AND bl.depth <= ${TEAM_MAX_DEPTH})`;

/** A person (`site`: their site column) is asked about at the task's site (if it has one) and the site asked. */
const atTaskSite = (ask: TaskSearch, site: SQL) =>
  sql`((SELECT site_id FROM task) IS NULL OR ${site} = (SELECT site_id FROM task))${ask.siteId ? sql` AND ${site} = ${ask.siteId}` : sql``}`;

type SearchRow = {
  list: TeamQualifiedList | 'counts';
  id: string | null;
  n1: number | null;
  n2: number | null;
  n3: number | null;
  n4: number | null;
  name: string | null;
  username: string | null;
  siteName: string | null;
  held: string | null;
};

/**
 * The whole answer as one statement starting with SELECT (so it rides in the session's first batch):
 * a `counts` row (n1..n4: qualified, lapsing within 7 and 30 days, not qualified), then the page's
 * people of each list asked, by name, each with what they hold of every piece on the day (held).
 */
export function taskSearchQuery(db: Db, ask: TaskSearch) {
  const { start, end } = dayRange(ask.day);
  const dayStart = new Date(start).toISOString();
  const dayEnd = new Date(end).toISOString();
  const within = (days: number) => new Date(start + days * 24 * 3600 * 1000).toISOString();
  const offset = ask.list ? (ask.page - 1) * TEAM_QUALIFIED_PAGE : 0;
  const sup = ask.supervisorId;
  // Constants of the statement: SQLite tests them once and skips the loops of the arm ruled out.
  const big = ask.way ? sql`1` : sql`(SELECT n FROM size) >= ${ask.setWiseFrom ?? SET_WISE_FROM}`;
  const small = ask.way ? sql`1` : sql`(SELECT n FROM size) < ${ask.setWiseFrom ?? SET_WISE_FROM}`;
  const arms = (crew: SQL, wide: SQL) =>
    ask.way === 'crew' ? crew : ask.way === 'big' ? wide : sql`${crew} UNION ALL ${wide}`;
  // A person (`site` their site column) counts when at the task's site (if it has one) and the site asked.
  const atSite = (site: SQL) => atTaskSite(ask, site);
  const below = (id: SQL) => reportOf(sup, id);
  const nameKey = sql`lower(${personName('pu')})`;
  const page = sql`ORDER BY ${nameKey}, pu.id LIMIT ${TEAM_QUALIFIED_PAGE} OFFSET ${offset}`;
  const wants = (list: TeamQualifiedList) => !ask.list || ask.list === list;
  // The page's ids only: names and pieces are read for them alone, in the outer query.
  // D1 allows few terms in one compound SELECT: the pages are nested compounds of their own.
  // CROSS JOIN keeps SQLite's order (the qualified first, then their names, sorted): workerd's SQLite
  // otherwise walks everyone by name for each list, probing an index it builds on the qualified.
  const qualifiedPage = (list: TeamQualifiedList, where: SQL) =>
    sql`SELECT * FROM (SELECT ${list}, m.id, ${nameKey}, NULL, NULL, NULL, NULL
      FROM qualified m CROSS JOIN users pu ON pu.id = m.id WHERE ${where} ${page})`;
  const asked = [
    wants('qualified') ? qualifiedPage('qualified', sql`1`) : null,
    wants('lapsingWithin7Days') ? qualifiedPage('lapsingWithin7Days', sql`m.until <= ${within(7)}`) : null,
    wants('lapsingWithin30Days') ? qualifiedPage('lapsingWithin30Days', sql`m.until <= ${within(30)}`) : null,
  ].filter((part): part is SQL => part !== null);
  const qualifiedPages = asked.length ? sql`UNION ALL SELECT * FROM (${sql.join(asked, sql` UNION ALL `)})` : sql``;
  // Not qualified, by name: a small team sorts its own people; a big one walks the name index and
  // stops at the page's end (nearly everyone it meets is on the team).
  const notQualifiedPage = wants('notQualified')
    ? sql`UNION ALL SELECT * FROM (${arms(
        sql`SELECT * FROM (SELECT 'notQualified', m.id, ${nameKey}, NULL, NULL, NULL, NULL
          FROM team m JOIN users pu ON pu.id = m.id
          WHERE ${small} AND m.active = 1 AND ${atSite(sql`m.site`)} AND m.id NOT IN (SELECT id FROM qualified) ${page})`,
        sql`SELECT * FROM (SELECT 'notQualified', pu.id, ${nameKey}, NULL, NULL, NULL, NULL
          FROM users pu INDEXED BY users_display_name_idx
          WHERE ${big} AND pu.deactivated_at IS NULL AND ${atSite(sql`pu.site_id`)} AND pu.id <> ${sup}
            AND pu.id NOT IN (SELECT id FROM qualified) AND ${below(sql`pu.id`)} ${page})`,
      )})`
    : sql``;
  // Built as a select over a raw FROM: drizzle batches builders (its raw queries have no statement to bind).
  return (
    db
      .select({
        facts: sql<number | null>`gate.fv`,
        list: sql<SearchRow['list']>`x.list`,
        id: sql<string | null>`x.id`,
        n1: sql<number | null>`x.n1`,
        n2: sql<number | null>`x.n2`,
        n3: sql<number | null>`x.n3`,
        n4: sql<number | null>`x.n4`,
        name: sql<string | null>`${personName('u')}`,
        username: sql<string | null>`u.username`,
        siteName: sql<string | null>`s.name`,
        held: sql<
          string | null
        >`CASE WHEN x.id IS NULL OR x.nth > 1 THEN NULL ELSE ${heldPiecesSql(TASK_PIECES, sql`${ask.taskId}`, { dayEnd })} END`,
      })
      // A person listed in several lists (the qualified and both lapse lists) has their records read once (nth 1).
      .from(sql`${factsGate()} CROSS JOIN (SELECT y.*, row_number() OVER (PARTITION BY y.id) AS nth FROM (${teamWalk(sup, ask.taskId)},
      size AS MATERIALIZED (SELECT count(*) AS n FROM team t
        WHERE t.active = 1 AND EXISTS (SELECT 1 FROM task) AND ${atSite(sql`t.site`)}),
      pieces AS MATERIALIZED (${piecesOf(ask.taskId, dayStart)}),
      qualified AS MATERIALIZED (${arms(
        sql`SELECT id, until FROM (SELECT m.id AS id, (SELECT CASE WHEN count(*) = (SELECT count(*) FROM pieces) THEN min(h.until) END
            FROM (${heldSpans(dayEnd, sql`m.id`)}) h) AS until
          FROM team m WHERE ${small} AND m.active = 1 AND ${atSite(sql`m.site`)})
        WHERE until IS NOT NULL`,
        sql`SELECT g.id, g.until FROM (SELECT h.user_id AS id, min(h.until) AS until FROM (${heldSpans(dayEnd, null)}) h
            WHERE ${big} GROUP BY h.user_id HAVING count(*) = (SELECT count(*) FROM pieces)) g
          -- Each qualified person's one line to the caller (not the caller's whole team, then them).
          CROSS JOIN reporting_lines gl ON gl.manager_id = ${sup} AND gl.user_id = g.id
          WHERE gl.depth <= ${TEAM_MAX_DEPTH} AND gl.active = 1 AND g.id <> ${sup} AND ${atSite(sql`gl.site_id`)}`,
      )})
      SELECT 'counts' AS list, NULL AS id, NULL AS sort_name,
        (SELECT count(*) FROM qualified) AS n1,
        (SELECT count(*) FROM qualified WHERE until <= ${within(7)}) AS n2,
        (SELECT count(*) FROM qualified WHERE until <= ${within(30)}) AS n3,
        (SELECT n FROM size) - (SELECT count(*) FROM qualified) AS n4
      ${qualifiedPages}
      ${notQualifiedPage}
    ) y) x LEFT JOIN users u ON u.id = x.id LEFT JOIN sites s ON s.id = u.site_id`)
      .orderBy(sql`x.list, x.sort_name, x.id`)
  );
}

type TaskRows = Awaited<ReturnType<typeof taskByIdQuery>>;
type PersonRow = Pick<SearchRow, 'id' | 'name' | 'username' | 'siteName' | 'held'>;

/** The task (404 when unknown or retired), and the rule judging a person's row (each once). */
function judgeFor(taskRows: TaskRows, day: string) {
  const row = taskRows[0];
  if (!row || row.retiredAt) throw new ApiError('NOT_FOUND', REFUSALS['task.notFound']);
  const task = toTask(row);
  const terms = termsOf(task);
  const judged = new Map<string, TeamQualifiedPerson>();
  const personOf = (r: PersonRow): TeamQualifiedPerson => {
    const known = judged.get(r.id as string);
    if (known) return known;
    const result = taskQualification(evidenceFacts(terms, null, null, r.held), day);
    const person: TeamQualifiedPerson = {
      id: r.id as string,
      name: r.name ?? '',
      username: r.username ?? '',
      siteName: r.siteName,
      status: result.status,
      validUntil: result.validUntil,
      missing: result.missing.map(({ kind, name, status }) => ({ kind, name, status })),
      expiring: result.expiring.map(({ kind, name, status, validUntil }) => ({ kind, name, status, validUntil })),
    };
    judged.set(person.id, person);
    return person;
  };
  return { task: { id: task.id, name: task.name, siteId: task.siteId, siteName: task.siteName }, personOf };
}

const termsOf = (task: TaskDto) =>
  task.evidence.map((piece) => ({
    kind: piece.kind,
    refId:
      piece.kind === 'course'
        ? piece.courseId
        : piece.kind === 'evaluation'
          ? piece.templateId
          : piece.kind === 'talk'
            ? piece.topicId
            : piece.credentialTypeId,
    name: piece.name,
    everyDays: piece.kind === 'talk' ? piece.everyDays : null,
  }));

/** The answer around its four lists (each one page) and their counts. */
function answerWith(
  judge: ReturnType<typeof judgeFor>,
  ask: TaskSearch,
  counts: Record<TeamQualifiedList, number>,
  lists: Record<TeamQualifiedList, TeamQualifiedPerson[]>,
): TeamQualifiedResponse {
  return {
    task: judge.task,
    date: ask.day,
    counts,
    list: ask.list ?? null,
    page: ask.list ? ask.page : 1,
    pageSize: TEAM_QUALIFIED_PAGE,
    ...lists,
  };
}

/** From the set-wise statement: SQL's counts and pages, each listed person judged by the rule. */
function answerOf(taskRows: TaskRows, rows: readonly SearchRow[], ask: TaskSearch): TeamQualifiedResponse {
  const judge = judgeFor(taskRows, ask.day);
  const counts = rows.find((r) => r.list === 'counts');
  // Each person's records come once (on one of their rows): judged from those wherever they are listed.
  const held = new Map(rows.filter((r) => r.id && r.held !== null).map((r) => [r.id, r.held]));
  const listed = (list: TeamQualifiedList) =>
    rows.filter((r) => r.list === list && r.id).map((r) => judge.personOf({ ...r, held: held.get(r.id) ?? null }));
  return answerWith(
    judge,
    ask,
    {
      qualified: counts?.n1 ?? 0,
      lapsingWithin7Days: counts?.n2 ?? 0,
      lapsingWithin30Days: counts?.n3 ?? 0,
      notQualified: counts?.n4 ?? 0,
    },
    {
      qualified: listed('qualified'),
      lapsingWithin7Days: listed('lapsingWithin7Days'),
      lapsingWithin30Days: listed('lapsingWithin30Days'),
      notQualified: listed('notQualified'),
    },
  );
}

/**
 * A crew (a few hundred at most): every member with what they hold, in name order, judged by the
 * rule itself (no SQL verdict to drift), and the pages cut here. One cheap statement to compile.
 */
export function crewQuery(db: Db, ask: TaskSearch) {
  const dayEnd = new Date(dayRange(ask.day).end).toISOString();
  const sup = ask.supervisorId;
  return (
    db
      .select({
        facts: sql<number | null>`gate.fv`,
        id: sql<string>`u.id`,
        name: sql<string>`${personName('u')}`,
        username: sql<string>`u.username`,
        siteName: sql<string | null>`s.name`,
        held: sql<string>`${heldPiecesSql(TASK_PIECES, sql`${ask.taskId}`, { dayEnd })}`,
      })
      // LEFT JOIN: a row (the counter's) even for an empty team, so the answer always carries its version.
      .from(sql`${factsGate()} LEFT JOIN ((${teamWalk(sup, ask.taskId)} SELECT t.id AS id FROM team t
        WHERE t.active = 1 AND ${atTaskSite(ask, sql`t.site`)}) m JOIN users u ON u.id = m.id
        LEFT JOIN sites s ON s.id = u.site_id) ON 1`)
      .orderBy(sql`lower(${personName('u')}), u.id`)
  );
}

function crewAnswer(taskRows: TaskRows, rows: readonly PersonRow[], ask: TaskSearch): TeamQualifiedResponse {
  const judge = judgeFor(taskRows, ask.day);
  const all: Record<TeamQualifiedList, TeamQualifiedPerson[]> = {
    qualified: [],
    lapsingWithin7Days: [],
    lapsingWithin30Days: [],
    notQualified: [],
  };
  for (const row of rows) {
    const person = judge.personOf(row);
    if (person.status === 'NOT_QUALIFIED') {
      all.notQualified.push(person);
      continue;
    }
    all.qualified.push(person);
    const result = { validUntil: person.validUntil } as TaskQualification;
    if (lapsesWithin(result, ask.day, 7)) all.lapsingWithin7Days.push(person);
    if (lapsesWithin(result, ask.day, 30)) all.lapsingWithin30Days.push(person);
  }
  const from = ask.list ? (ask.page - 1) * TEAM_QUALIFIED_PAGE : 0;
  const page = (list: TeamQualifiedList) =>
    !ask.list || ask.list === list ? all[list].slice(from, from + TEAM_QUALIFIED_PAGE) : [];
  return answerWith(
    judge,
    ask,
    {
      qualified: all.qualified.length,
      lapsingWithin7Days: all.lapsingWithin7Days.length,
      lapsingWithin30Days: all.lapsingWithin30Days.length,
      notQualified: all.notQualified.length,
    },
    {
      qualified: page('qualified'),
      lapsingWithin7Days: page('lapsingWithin7Days'),
      lapsingWithin30Days: page('lapsingWithin30Days'),
      notQualified: page('notQualified'),
    },
  );
}

/**
 * The caller's team (direct and indirect reports, active, never the caller) against one task on one
 * day. A question asked before in this isolate is checked by the trigger-bumped counter alone, in the
 * request's first batch with the session (task-search-kept.ts); otherwise one batch (the first one of
 * the request when nothing was kept: the session check rides in it) reads the task with its pieces and
 * the counts and pages. A task at a site asks only the team's people of that site; `siteId` (the
 * supervisor's choice) narrows the team to one site as well.
 */
export async function teamQualifiedKept(db: Db, ask: TaskSearch): Promise<KeptAnswer> {
  // A caller asks again and again (a list's pages, other tasks): their team's size last time picks
  // the way, so the statement is that way's only. Only a hint: every way gives the same answer.
  const size = ask.way || ask.setWiseFrom !== undefined ? undefined : sizeHints.get(ask.supervisorId);
  const way = size === undefined ? ask.way : size >= SET_WISE_FROM ? 'big' : 'crew';
  // Kept per question: the caller (their team: nobody is ever answered from another's), the task,
  // day, site, list and page, and a way or threshold the tests force (each statement answers for
  // itself); not the hinted way, which gives the same answer.
  const key = JSON.stringify([
    ask.supervisorId,
    ask.taskId,
    ask.day,
    ask.siteId,
    ask.list,
    ask.page,
    ask.way,
    ask.setWiseFrom,
  ]);
  const result = await keptOrRead(db, key, async () => {
    if (way === 'crew') {
      const [taskRows, rows] = await db.batch([taskByIdQuery(db, ask.taskId), crewQuery(db, ask)]);
      const people = rows.filter((r) => r.id !== null);
      return keptAnswer(rows[0]?.facts ?? null, crewAnswer(taskRows, people, ask));
    }
    const [taskRows, rows] = await db.batch([taskByIdQuery(db, ask.taskId), taskSearchQuery(db, { ...ask, way })]);
    return keptAnswer(rows[0]?.facts ?? null, answerOf(taskRows, rows, ask));
  });
  const { counts } = result.answer;
  if (sizeHints.size >= SIZE_HINTS) sizeHints.clear();
  if (!ask.siteId) sizeHints.set(ask.supervisorId, counts.qualified + counts.notQualified);
  return result;
}

/** The answer itself (the tests compare the ways by it). */
export const teamQualified = async (db: Db, ask: TaskSearch): Promise<TeamQualifiedResponse> =>
  (await teamQualifiedKept(db, ask)).answer;
/** Team sizes by caller, in this isolate (a hint for the next request; bounded). */
const sizeHints = new Map<string, number>();
const SIZE_HINTS = 1000;
