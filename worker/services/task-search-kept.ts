/**
 * "Who can do this today?" answered again from the isolate's memory while nothing it reads has
 * changed (issue 30 item 5, docs/decisions/2026-11-28-task-search.md). Triggers bump the
 * `team-tasks` counter in fact_versions on every write to what the answer reads (people and their
 * reporting lines, sites, tasks, the names and families of their pieces, certificates,
 * authorisations, credentials, talks; migration 0053), so no writer can forget to. The task's and the
 * answer's statements read the counter themselves, behind a gate that yields no row (and computes
 * nothing) while the counter is still at the kept answer's: one D1 round trip either way, and a kept
 * answer is never older than the batch that checked it.
 */
import { sql } from 'drizzle-orm';
import type { TeamQualifiedResponse } from '../contract/tasks';

const TEAM_TASKS_FACTS = 'team-tasks';

/**
 * The first thing in an answer statement's FROM, `gate` with the counter as `gate.fv`: one row when
 * no answer is kept (`known` null) or the counter has moved from `known`, else none, and then nothing
 * after it is computed. So the statement itself says which: rows (each with the counter) or "still
 * kept". One text whatever `known` is (a bound value), so D1 prepares it once.
 */
export const factsGate = (known: number | null) =>
  sql`(SELECT fv FROM (SELECT (SELECT version FROM fact_versions WHERE name = ${TEAM_TASKS_FACTS}) AS fv)
    WHERE ${known} IS NULL OR fv IS NOT ${known}) gate`;

/** The same as a condition, for a statement read from its own table (the task's). */
export const factsOpen = (known: number | null) => sql`EXISTS (SELECT 1 FROM ${factsGate(known)})`;

interface Kept {
  version: number;
  answer: TeamQualifiedResponse;
}

/** Answers by question, in this isolate (bounded: a few hundred people's pages each). */
const kept = new Map<string, Kept>();
const KEPT_MAX = 64;

/** The version a kept answer to `key` was read at, to gate the statement with. */
export const keptVersion = (key: string) => kept.get(key)?.version ?? null;

/**
 * The answer to `key` from this batch: the kept one when the statements answered "still kept" (no
 * rows: the gate was shut), else built from the rows just read and kept at the counter they carry.
 */
export function settleAnswer<Row extends { facts: number | null }>(
  key: string,
  rows: readonly Row[],
  build: (rows: readonly Row[]) => TeamQualifiedResponse,
): TeamQualifiedResponse {
  const before = kept.get(key);
  if (before !== undefined && rows.length === 0) return before.answer;
  const answer = build(rows);
  const version = rows[0]?.facts;
  if (version !== null && version !== undefined) {
    if (kept.size >= KEPT_MAX && !kept.has(key)) kept.clear();
    kept.set(key, { version, answer });
  }
  return answer;
}

/** An answer as JSON, written once per kept answer (a site lead's four pages are tens of KB). */
const written = new WeakMap<TeamQualifiedResponse, string>();
export function answerJson(answer: TeamQualifiedResponse): string {
  let body = written.get(answer);
  if (body === undefined) written.set(answer, (body = JSON.stringify(answer)));
  return body;
}
