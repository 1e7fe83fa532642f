import { QueryClient } from '@tanstack/react-query';
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
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => failureCount < 1 && isTransient(error),
      },
      mutations: { retry: false },
    },
  });
}
