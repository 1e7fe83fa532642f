import { useActorRef } from '@xstate/react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { bulkImportMachine, type ImportRowInput } from '../../statecharts/bulk-import.machine';
import { userWrites } from '../api/user-queries';
import { runWrite } from '../api/writes';
import { readsOf, useMachineView } from './machine-view';
import { errorText } from '../i18n/error-text';

/** The bulk-import machine with the real chunk request. */
const browserBulkImportMachine = bulkImportMachine.provide({
  actors: {
    importChunk: fromPromise(async ({ input, signal }: { input: { rows: ImportRowInput[] }; signal: AbortSignal }) => {
      try {
        return await runWrite(userWrites.importChunk, { rows: input.rows, signal });
      } catch (error) {
        throw new Error(errorText(error, 'Failed to import users'));
      }
    }),
  },
});

const BULK_IMPORT_READS = readsOf<SnapshotFrom<typeof browserBulkImportMachine>>()({
  context: ['fileName', 'parsed', 'results', 'warning', 'error'],
  matches: ['done', 'failed', 'blocked'],
  tags: ['busy'],
});

export function useBulkImport() {
  const actor = useActorRef(browserBulkImportMachine);
  return { snapshot: useMachineView(actor, BULK_IMPORT_READS), send: actor.send };
}
