import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { IMPORT_CHUNK_SIZE, parseImportCsv, type BulkImportResult } from '../worker/contract/admin-people';
import { BULK_IMPORT_MESSAGES, bulkImportMachine, importProgress, type ImportRowInput } from './bulk-import.machine';

const csv = (n: number) => ['username,email', ...Array.from({ length: n }, (_, i) => `u${i},u${i}@example.test`)].join('\n');
const ok = (rows: ImportRowInput[]): BulkImportResult[] => rows.map((r, i) => ({ ...r, status: 'success', id: `id-${r.username}`, password: `pw${i}` }));

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
    actor.send({ type: 'file.parsed', fileName: 'bad.csv', parsed: parseImportCsv('username,email\na,\n,b@example.test\nc,c@example.test') });
    const snap = actor.getSnapshot();
    expect(snap.value).toBe('blocked');
    expect(snap.hasTag('canImport')).toBe(false);
    expect(snap.context.warning).toBe('2 users have invalid data (missing username or email). Please fix the file before importing.');
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
