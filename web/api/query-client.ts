import { MutationCache, QueryClient, type QueryKey } from '@tanstack/react-query';
import { hasErrorCode, isServerError } from './client';

/** Server-side failures worth one more try; a refusal (4xx code) will answer the same again. */
function isTransient(error: unknown): boolean {
  return hasErrorCode(error, 'NETWORK_ERROR') || isServerError(error);
}

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /**
       * The cached reads a write changes (set by `defineWrite`, web/api/writes.ts): they are
       * invalidated when it succeeds, the ones on screen refetched.
       */
      invalidates?: (variables: unknown, data: unknown) => readonly QueryKey[];
    };
  }
}

/**
 * The one query cache of the client. Lists stay fresh for 15 s (moving between screens does not
 * refetch everything), nothing refetches on window focus (it would overwrite a half-edited admin
 * form's source data under the admin), and only transient failures are retried, once.
 */
export function createQueryClient(): QueryClient {
  // A write that names what it changes (`meta.invalidates`) invalidates exactly that. One that
  // does not (an admin screen's own useMutation) marks all cached answers stale, so the next
  // screen to show one asks again (a renamed book in the course list, a new user in the counts).
  const mutationCache = new MutationCache({
    onSuccess: (data, variables, _context, mutation) => {
      const invalidates = mutation.meta?.invalidates;
      if (!invalidates) return void client.invalidateQueries({ refetchType: 'none' });
      // Awaited by the mutation: a screen's own onSuccess (closing a dialog, a toast) runs once the
      // lists on screen show the change.
      return Promise.all(invalidates(variables, data).map((queryKey) => client.invalidateQueries({ queryKey })));
    },
  });
  const client: QueryClient = new QueryClient({
    mutationCache,
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => failureCount < 1 && isTransient(error),
      },
      mutations: { retry: false },
    },
  });
  return client;
}

/**
 * The client's one cache. Screens reach it through React (`useQueryClient`); the effects of the
 * statecharts (web/state) read and write through it directly, so a machine's read and a screen's
 * list stay one copy of the server's answer.
 */
export const queryClient = createQueryClient();
