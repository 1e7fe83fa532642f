import { assign, fromPromise, setup } from 'xstate';
import { chunk } from '../worker/contract/common';
import {
  IMPORT_CHUNK_SIZE,
  invalidRowsWarning,
  type BulkImportResult,
  type ImportRowInput,
  type ParsedImport,
} from '../worker/contract/user-import';

/**
 * Bulk user import by an administrator: choose a CSV file, preview it, block on invalid
 * rows, then send it to the server in chunks (each chunk all-or-nothing on the server, about 3 s
 * of password hashing) while showing progress, and end with per-row results. A failed chunk can
 * be retried from where it stopped. Effects are placeholder actors; web/state/bulk-import.tsx
 * provides the real request.
 */

export const BULK_IMPORT_MESSAGES = {
  selectFile: 'Please select a CSV file to import.',
  failed: 'The import stopped before it finished. Rows already imported are listed below; retry to continue.',
} as const;

export type { ImportRowInput };

export interface BulkImportContext {
  fileName: string | null;
  parsed: ParsedImport | null;
  chunks: ImportRowInput[][];
  /** Index of the next chunk to send. */
  next: number;
  results: BulkImportResult[];
  warning: string | null;
  error: string | null;
}

export type BulkImportEvent =
  | { type: 'file.parsed'; fileName: string; parsed: ParsedImport }
  | { type: 'import.start' }
  | { type: 'import.retry' }
  | { type: 'dialog.reset' };

const initial = (): BulkImportContext => ({
  fileName: null,
  parsed: null,
  chunks: [],
  next: 0,
  results: [],
  warning: null,
  error: null,
});

export const bulkImportMachine = setup({
  types: {
    context: {} as BulkImportContext,
    events: {} as BulkImportEvent,
    tags: {} as 'busy' | 'canImport',
  },
  actors: {
    importChunk: fromPromise<BulkImportResult[], { rows: ImportRowInput[] }>(async () => {
      throw new Error('importChunk not provided');
    }),
  },
  guards: {
    fileUnusable: (_, params: { parsed: ParsedImport }) =>
      params.parsed.fileError !== null || params.parsed.invalidCount > 0,
    moreChunks: ({ context }) => context.next < context.chunks.length,
    /** Asked as the current chunk finishes, before `next` moves past it. */
    hasChunkAfterThis: ({ context }) => context.next + 1 < context.chunks.length,
  },
  actions: {
    storeFile: assign((_, params: { fileName: string; parsed: ParsedImport }) => ({
      ...initial(),
      fileName: params.fileName,
      parsed: params.parsed,
      chunks: chunk(
        params.parsed.rows.map(
          ({ username, email, firstName, lastName, department, jobTitle, site, manager }): ImportRowInput => ({
            username,
            email,
            firstName,
            lastName,
            department,
            jobTitle,
            site,
            manager,
          }),
        ),
        IMPORT_CHUNK_SIZE,
      ),
      warning:
        params.parsed.fileError ??
        (params.parsed.invalidCount > 0 ? invalidRowsWarning(params.parsed.invalidCount) : null),
    })),
    warnSelectFile: assign({ warning: BULK_IMPORT_MESSAGES.selectFile }),
    storeChunkResults: assign(({ context }, params: { results: BulkImportResult[] }) => ({
      results: [...context.results, ...params.results],
      next: context.next + 1,
    })),
    storeError: assign((_, params: { message: string }) => ({ error: params.message })),
    clearError: assign({ error: null }),
    reset: assign(() => initial()),
  },
}).createMachine({
  id: 'bulkImport',
  context: initial,
  initial: 'noFile',
  on: {
    'dialog.reset': { target: '.noFile', actions: 'reset' },
  },
  states: {
    noFile: {
      on: {
        'import.start': { actions: 'warnSelectFile' },
        'file.parsed': [
          {
            guard: { type: 'fileUnusable', params: ({ event }) => ({ parsed: event.parsed }) },
            target: 'blocked',
            actions: { type: 'storeFile', params: ({ event }) => event },
          },
          { target: 'ready', actions: { type: 'storeFile', params: ({ event }) => event } },
        ],
      },
    },
    blocked: {
      on: {
        'file.parsed': [
          {
            guard: { type: 'fileUnusable', params: ({ event }) => ({ parsed: event.parsed }) },
            target: 'blocked',
            reenter: true,
            actions: { type: 'storeFile', params: ({ event }) => event },
          },
          { target: 'ready', actions: { type: 'storeFile', params: ({ event }) => event } },
        ],
      },
    },
    ready: {
      tags: ['canImport'],
      on: {
        'import.start': 'importing',
        'file.parsed': [
          {
            guard: { type: 'fileUnusable', params: ({ event }) => ({ parsed: event.parsed }) },
            target: 'blocked',
            actions: { type: 'storeFile', params: ({ event }) => event },
          },
          { target: 'ready', reenter: true, actions: { type: 'storeFile', params: ({ event }) => event } },
        ],
      },
    },
    importing: {
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        src: 'importChunk',
        input: ({ context }) => ({ rows: context.chunks[context.next] ?? [] }),
        onDone: [
          {
            guard: 'hasChunkAfterThis',
            target: 'importing',
            reenter: true,
            actions: { type: 'storeChunkResults', params: ({ event }) => ({ results: event.output }) },
          },
          {
            target: 'done',
            actions: { type: 'storeChunkResults', params: ({ event }) => ({ results: event.output }) },
          },
        ],
        onError: {
          target: 'failed',
          actions: {
            type: 'storeError',
            params: ({ event }) => ({
              message:
                event.error instanceof Error && event.error.message ? event.error.message : BULK_IMPORT_MESSAGES.failed,
            }),
          },
        },
      },
    },
    failed: {
      on: { 'import.retry': { guard: 'moreChunks', target: 'importing' } },
    },
    done: {},
  },
});

/** Fraction of rows sent so far (0..1), for the progress bar. */
export function importProgress(context: Pick<BulkImportContext, 'parsed' | 'results'>): number {
  const total = context.parsed?.rows.length ?? 0;
  return total === 0 ? 0 : Math.min(1, context.results.length / total);
}
