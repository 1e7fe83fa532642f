import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { bulkImportMachine, type ImportRowInput } from '../../statecharts/bulk-import.machine';
import { usersApi } from '../api/admin-people';
import { errorMessage } from '../api/client';

/** The bulk-import machine with the real chunk request. */
const browserBulkImportMachine = bulkImportMachine.provide({
  actors: {
    importChunk: fromPromise(async ({ input, signal }: { input: { rows: ImportRowInput[] }; signal: AbortSignal }) => {
      try {
        return await usersApi.importChunk(input.rows, signal);
      } catch (error) {
        throw new Error(errorMessage(error, 'Failed to import users'));
      }
    }),
  },
});

export function useBulkImport() {
  const actor = useActorRef(browserBulkImportMachine);
  const snapshot = useSelector(actor, (s) => s);
  return { snapshot, send: actor.send };
}
