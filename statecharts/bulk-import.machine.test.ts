import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  IMPORT_CHUNK_SIZE,
  parseImportCsv,
  type BulkImportResult,
  type ParsedImport,
} from '../worker/contract/user-import';
import { BULK_IMPORT_MESSAGES, bulkImportMachine, importProgress, type ImportRowInput } from './bulk-import.machine';
import { expectWholeGraph, walkGraph } from './testing/graph-coverage';
import { done, fail, inert } from './testing/fixtures';

const csv = (n: number) =>
  ['username,email', ...Array.from({ length: n }, (_, i) => `u${i},u${i}@example.test`)].join('\n');
const ok = (rows: ImportRowInput[]): BulkImportResult[] =>
  rows.map((r, i) => ({ ...r, status: 'success', id: `id-${r.username}`, password: `pw${i}` }));

function start(importChunk: (rows: ImportRowInput[]) => Promise<BulkImportResult[]>) {
  const calls: number[] = [];
  const actor = createActor(
    bulkImportMachine.provide({
      actors: {
        importChunk: fromPromise(async ({ input }: { input: { rows: ImportRowInput[] } }) => {
          calls.push(input.rows.length);
          return importChunk(input.rows);
        }),
      },
    }),
  ).start();
  return { actor, calls };
}

describe('bulk import machine', () => {
  it('asks for a file when Import is pressed without one', () => {
    const { actor, calls } = start(async (rows) => ok(rows));
    actor.send({ type: 'import.start' });
    expect(actor.getSnapshot().value).toBe('noFile');
    expect(actor.getSnapshot().context.warning).toBe(BULK_IMPORT_MESSAGES.selectFile);
    expect(calls).toEqual([]);
  });

  it('blocks a file with invalid rows and names how many', () => {
    const { actor } = start(async (rows) => ok(rows));
    actor.send({
      type: 'file.parsed',
      fileName: 'bad.csv',
      parsed: parseImportCsv('username,email\na,\n,b@example.test\nc,c@example.test'),
    });
    const snap = actor.getSnapshot();
    expect(snap.value).toBe('blocked');
    expect(snap.hasTag('canImport')).toBe(false);
    expect(snap.context.warning).toBe(
      '2 users have invalid data (missing username or email). Please fix the file before importing.',
    );
    actor.send({ type: 'import.start' });
    expect(actor.getSnapshot().value).toBe('blocked');
    // A corrected file unblocks it.
    actor.send({ type: 'file.parsed', fileName: 'good.csv', parsed: parseImportCsv(csv(2)) });
    expect(actor.getSnapshot().value).toBe('ready');
  });

  it('sends a big file in chunks and collects every per-row result', async () => {
    const { actor, calls } = start(async (rows) => ok(rows));
    actor.send({ type: 'file.parsed', fileName: 'big.csv', parsed: parseImportCsv(csv(450)) });
    actor.send({ type: 'import.start' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    const done = await waitFor(actor, (s) => s.matches('done'));
    expect(calls).toEqual([IMPORT_CHUNK_SIZE, IMPORT_CHUNK_SIZE, 50]);
    expect(done.context.results).toHaveLength(450);
    expect(importProgress(done.context)).toBe(1);
  });

  it('stops on a failed chunk, keeps earlier results and resumes with the failed chunk on retry', async () => {
    let fail = true;
    const { actor, calls } = start(async (rows) => {
      if (calls.length === 2 && fail) {
        fail = false;
        throw new Error('Network down');
      }
      return ok(rows);
    });
    actor.send({ type: 'file.parsed', fileName: 'big.csv', parsed: parseImportCsv(csv(450)) });
    actor.send({ type: 'import.start' });
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.context.results).toHaveLength(IMPORT_CHUNK_SIZE);
    expect(failed.context.error).toBe('Network down');
    actor.send({ type: 'import.retry' });
    const done = await waitFor(actor, (s) => s.matches('done'));
    expect(done.context.results).toHaveLength(450);
    expect(calls).toEqual([IMPORT_CHUNK_SIZE, IMPORT_CHUNK_SIZE, IMPORT_CHUNK_SIZE, 50]);
  });

  it('forgets everything on reset', async () => {
    const { actor } = start(async (rows) => ok(rows));
    actor.send({ type: 'file.parsed', fileName: 'a.csv', parsed: parseImportCsv(csv(1)) });
    actor.send({ type: 'import.start' });
    await waitFor(actor, (s) => s.matches('done'));
    actor.send({ type: 'dialog.reset' });
    expect(actor.getSnapshot().value).toBe('noFile');
    expect(actor.getSnapshot().context.results).toEqual([]);
  });
});

describe('bulk import machine: every state and transition (xstate/graph)', () => {
  const machine = inert(bulkImportMachine);
  // One row more than a chunk, so the import has a second chunk to go on to.
  const rows = Array.from({ length: IMPORT_CHUNK_SIZE + 1 }, (_, i) => ({
    username: `user${i}`,
    email: `user${i}@example.com`,
  }));
  const clean = { rows, invalidCount: 0, fileError: null } as unknown as ParsedImport;
  const invalid = { rows, invalidCount: 2, fileError: null } as unknown as ParsedImport;
  const chunkResults: BulkImportResult[] = [
    { username: 'user0', email: 'user0@example.com', status: 'success', id: 'u0', password: 'x' },
  ];
  const walk = walkGraph({
    machine,
    events: [
      { type: 'file.parsed', fileName: 'users.csv', parsed: clean },
      { type: 'file.parsed', fileName: 'bad.csv', parsed: invalid },
      { type: 'import.start' },
      { type: 'import.retry' },
      { type: 'dialog.reset' },
      done(machine, 'importChunk', chunkResults),
      fail(machine, 'importChunk', 'offline'),
    ] as never,
    // The rows themselves never change the graph: which file, how far, and what went wrong do.
    serializeState: (s) => {
      const c = s.context as {
        fileName: string | null;
        next: number;
        results: unknown[];
        warning: string | null;
        error: string | null;
      };
      return JSON.stringify([s.value, c.fileName, c.next, c.results.length, c.warning !== null, c.error]);
    },
    check: ({ after }) => {
      const c = after.context as { next: number; chunks: unknown[]; results: unknown[] };
      // Chunks go in order and none is sent twice: one result per chunk done so far.
      expect(c.results.length).toBe(c.next);
      if (after.matches('done')) expect(c.next).toBe(c.chunks.length);
    },
  });

  it('reaches every state node and takes every transition, never sending a chunk twice', () => {
    expectWholeGraph(walk);
    expect(walk.steps).toBeGreaterThan(30);
  });
});
