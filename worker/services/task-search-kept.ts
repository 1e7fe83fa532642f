/**
 * "Who can do this today?" answered again from the isolate's memory while nothing it reads has
 * changed (issue 30 item 5, docs/decisions/2026-11-28-task-search.md). Triggers bump the
 * `team-tasks` counter in fact_versions on every write to what the answer reads (people and their
 * reporting lines, sites, tasks, the names and families of their pieces, certificates,
 * authorisations, credentials, talks; migration 0053), so no writer can forget to.
 *
 * A kept answer is checked by the counter alone: the request's one batch holds the session row and
 * the counter's one row, and the answer goes out as the JSON written when it was kept (no statement
 * built, nothing judged, nothing serialised). When the counter has moved, the answer is read again
 * in a second batch, which carries the counter it was read at; so a kept answer is never older than
 * the batch that checked it.
 */
import { eq, sql } from 'drizzle-orm';
import type { TeamQualifiedResponse } from '../contract/tasks';
import type { Db } from '../db/client';
import { factVersions } from '../db/schema';

const TEAM_TASKS_FACTS = 'team-tasks';

/** The counter's one row: all a kept answer is checked by (rides in the session's batch). */
export const factsVersionQuery = (db: Db) =>
  db.select({ version: factVersions.version }).from(factVersions).where(eq(factVersions.name, TEAM_TASKS_FACTS));

/**
 * The first thing in an answer statement's FROM: the counter as `gate.fv`, so every row of the answer
 * carries the version it was read at (the one it is kept at). With `known`, the gate is shut (no row,
 * and SQLite computes nothing after it) while the counter still stands at `known`: a statement that
 * rides in a batch with other reads (the badge status) answers "still kept" by answering nothing.
 */
export const factsGate = (known: number | null = null) =>
  sql`(SELECT fv FROM (SELECT (SELECT version FROM fact_versions WHERE name = ${TEAM_TASKS_FACTS}) AS fv)
    WHERE ${known} IS NULL OR fv IS NOT ${known}) gate`;

/** An answer as read at `version`, with its JSON written once (a site lead's four pages are tens of KB). */
export interface KeptAnswer {
  version: number | null;
  answer: TeamQualifiedResponse;
  body(): string;
}

export function keptAnswer(version: number | null, answer: TeamQualifiedResponse): KeptAnswer {
  let written: string | undefined;
  return { version, answer, body: () => (written ??= JSON.stringify(answer)) };
}

/** Answers by question, in this isolate (bounded: a few hundred people's pages each). */
const kept = new Map<string, KeptAnswer>();
const KEPT_MAX = 64;

/**
 * The kept answer to `key` when the counter (read now, in this request's first batch) still stands
 * at the one it was read at; else `read()` (a fresh answer with the counter it carries), kept.
 */
export async function keptOrRead(db: Db, key: string, read: () => Promise<KeptAnswer>): Promise<KeptAnswer> {
  const before = kept.get(key);
  if (before) {
    const [[row]] = await db.batch([factsVersionQuery(db)]);
    if (row !== undefined && row.version === before.version) return before;
  }
  const fresh = await read();
  if (fresh.version === null) kept.delete(key);
  else {
    if (kept.size >= KEPT_MAX && !kept.has(key)) kept.clear();
    kept.set(key, fresh);
  }
  return fresh;
}
