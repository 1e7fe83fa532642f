/**
 * "Who can do this today?" answered again from the isolate's memory while nothing it reads has
 * changed (issue 30 item 5, docs/decisions/2026-11-28-task-search.md). Triggers bump the
 * `team-tasks` counter in fact_versions on every write to what the answer reads (people and their
 * reporting lines, sites, tasks, course families, certificates, authorisations, credentials, talks;
 * migration 0053), so no writer can forget to; the counter is read in the request's one batch, and
 * the answer statement sits behind a gate that yields no row (and computes nothing) while the counter
 * is still at the kept answer's. One D1 round trip either way; a kept answer is never older than the
 * batch that checked it.
 */
import { eq, sql } from 'drizzle-orm';
import type { TeamQualifiedResponse } from '../contract/tasks';
import type { Db } from '../db/client';
import { factVersions } from '../db/schema';

const TEAM_TASKS_FACTS = 'team-tasks';

/** The counter, for the request's batch. */
export const teamTaskFactsQuery = (db: Db) =>
  db.select({ version: factVersions.version }).from(factVersions).where(eq(factVersions.name, TEAM_TASKS_FACTS));

/**
 * Ahead of an answer statement's FROM: no rows when the facts are still at `known` (the version a
 * kept answer was read at; null: none kept). One text whatever `known` is (a bound value), so D1
 * prepares it once.
 */
export const factsGate = (known: number | null) =>
  sql`(SELECT 1 AS go WHERE (SELECT version FROM fact_versions WHERE name = ${TEAM_TASKS_FACTS}) IS NOT ${known}) gate CROSS JOIN`;

interface Kept {
  version: number;
  /** The task's rows as read (names of its pieces are not counted facts: a renamed course is judged again). */
  task: string;
  rows: readonly unknown[];
  answer: TeamQualifiedResponse;
}

/** Answers by question, in this isolate (bounded: a few hundred people's pages each). */
const kept = new Map<string, Kept>();
const KEPT_MAX = 64;

/** The version a kept answer to `key` was read at, to gate the statement with. */
export const keptVersion = (key: string) => kept.get(key)?.version ?? null;

/**
 * The answer to `key` from this batch: the kept one when the counter has not moved (its rows, and
 * the answer itself when the task reads the same), else built from the rows just read, and kept.
 */
export function settleAnswer(
  key: string,
  facts: readonly { version: number }[],
  taskRows: unknown,
  rows: readonly unknown[],
  build: (rows: readonly unknown[]) => TeamQualifiedResponse,
): TeamQualifiedResponse {
  const version = facts[0]?.version;
  const before = kept.get(key);
  const task = JSON.stringify(taskRows);
  const hit = before !== undefined && before.version === version;
  if (hit && before.task === task) return before.answer;
  const read = hit ? before.rows : rows;
  const answer = build(read);
  if (version !== undefined) {
    if (kept.size >= KEPT_MAX && !kept.has(key)) kept.clear();
    kept.set(key, { version, task, rows: read, answer });
  }
  return answer;
}
