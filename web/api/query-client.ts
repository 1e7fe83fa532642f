import { MutationCache, QueryClient } from '@tanstack/react-query';
import { hasErrorCode, isServerError } from './client';

/** Server-side failures worth one more try; a refusal (4xx code) will answer the same again. */
function isTransient(error: unknown): boolean {
  return hasErrorCode(error, 'NETWORK_ERROR') || isServerError(error);
}

/**
 * The one query cache of the client. Lists stay fresh for 15 s (moving between screens does not
 * refetch everything), nothing refetches on window focus (it would overwrite a half-edited admin
 * form's source data under the admin), and only transient failures are retried, once.
 */
export function createQueryClient(): QueryClient {
  // A change saved anywhere can show on other screens (a renamed book in the course list, a new
  // user in the dashboard counts): every successful mutation marks all cached answers stale, so
  // the next screen to show one asks again. Screens refetch what they show at once themselves.
  const mutationCache = new MutationCache({
    onSuccess: () => void client.invalidateQueries({ refetchType: 'none' }),
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
