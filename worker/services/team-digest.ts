/**
 * The weekly digest to supervisors (issue 30): each person with direct reports hears who in their
 * team (direct and indirect reports) stops being trained on a requirement within 30 days, soonest
 * first. The week's claim is a `reminders` row (course '*', kind TEAM_DIGEST, due_at = the week's
 * Monday) written before the mail is queued, so a cron that fires twice, or on every day of the week,
 * sends each supervisor one digest a week. A supervisor whose team lapses in nothing that week gets
 * no mail (and no claim: a lapse that appears later in the week still reaches them once).
 */
import { and, inArray, isNull, sql } from 'drizzle-orm';
import { DAY_MS, lapsesAt } from '../contract/rules/compliance';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { insertChunks, selectInChunks } from '../db/in-list';
import { reminders, users } from '../db/schema';
import { cellsByUser } from './compliance-status';
import { coverageFacts, requiredCourseTitles } from './compliance';
import { sendMail, type MailDeps } from './mail';
import { digestMail, weekOf } from './reminders';

const HORIZON_DAYS = 30;
/** People listed in one digest; the rest are counted and found under My team. */
const DIGEST_PEOPLE = 50;
const MAX_DEPTH = 50;

interface Lapse {
  key: string;
  at: string;
}

/** Every (supervisor, report) pair of the reporting lines, direct and indirect, active supervisors only. */
async function reportingPairs(db: Db) {
  return db.all<{ supervisorId: string; memberId: string }>(sql`WITH RECURSIVE lines(sup, id, depth) AS (
      SELECT manager_id, id, 1 FROM users WHERE manager_id IS NOT NULL
      UNION SELECT l.sup, r.id, l.depth + 1 FROM users r JOIN lines l ON r.manager_id = l.id WHERE l.depth < ${MAX_DEPTH}
    )
    SELECT DISTINCT l.sup AS supervisorId, l.id AS memberId FROM lines l
    JOIN users s ON s.id = l.sup WHERE s.deactivated_at IS NULL AND l.id <> l.sup`);
}

/** Queues this week's digest for every supervisor whose team lapses within 30 days; returns how many were queued. */
export async function sendTeamDigests(
  deps: MailDeps & { config: Pick<AppConfig, 'appName'> },
  db: Db,
  now = new Date(),
): Promise<number> {
  const horizon = now.getTime() + HORIZON_DAYS * DAY_MS;
  // Everyone covered, once (coverage leaves leavers out): who lapses, on what, when.
  const facts = await coverageFacts(db, {}, now);
  const names = new Map(facts.map((f) => [f.userId, f.userName]));
  const lapses = new Map<string, Lapse[]>();
  for (const [userId, cells] of cellsByUser(facts, now)) {
    const items = [...cells.values()]
      .map((cell) => ({ key: cell.key, at: lapsesAt(cell) }))
      .filter((item): item is Lapse => item.at !== null && Date.parse(item.at) <= horizon)
      .sort((a, b) => a.at.localeCompare(b.at));
    if (items.length > 0) lapses.set(userId, items);
  }
  if (lapses.size === 0) return 0;

  const teams = new Map<string, string[]>();
  for (const { supervisorId, memberId } of await reportingPairs(db)) {
    if (!lapses.has(memberId)) continue;
    teams.set(supervisorId, [...(teams.get(supervisorId) ?? []), memberId]);
  }
  if (teams.size === 0) return 0;

  const week = weekOf(now);
  // The week's claims, many per statement; only the rows this run inserted are sent.
  const claimed = new Set<string>();
  for (const part of insertChunks([...teams.keys()], 5)) {
    const rows = await db
      .insert(reminders)
      .values(
        part.map((userId) => ({ userId, courseId: '*', dueAt: week, kind: 'TEAM_DIGEST', sentAt: now.toISOString() })),
      )
      .onConflictDoNothing()
      .returning({ userId: reminders.userId });
    for (const row of rows) claimed.add(row.userId);
  }
  if (claimed.size === 0) return 0;
  const [supervisors, titles] = await Promise.all([
    selectInChunks([...claimed], (part) =>
      db
        .select({ id: users.id, email: users.email, language: users.language })
        .from(users)
        .where(and(inArray(users.id, part), isNull(users.deactivatedAt))),
    ),
    requiredCourseTitles(db),
  ]);

  for (const supervisor of supervisors) {
    const people = (teams.get(supervisor.id) ?? [])
      .map((id) => ({ name: names.get(id) ?? id, items: lapses.get(id)! }))
      .sort((a, b) => a.items[0]!.at.localeCompare(b.items[0]!.at) || a.name.localeCompare(b.name));
    const mail = { people, titles, week, limit: DIGEST_PEOPLE };
    await sendMail(deps, db, digestMail(supervisor, 'teamDigest', mail, deps.config.appName));
  }
  return supervisors.length;
}
