import { useQuery, type QueryClient } from '@tanstack/react-query';
import { learnerRequirementsApi } from '../api/compliance';
import { queryKeys } from '../api/query-keys';

/**
 * The signed-in learner's required courses, worst first, shared by the dashboard, My Courses and
 * the course page.
 */
const requirementsQuery = {
  queryKey: queryKeys.learner.requirements,
  queryFn: ({ signal }: { signal: AbortSignal }) => learnerRequirementsApi.list(signal),
};

/** Starts the read before a page that shows it renders (see web/preload.ts). */
export function prefetchLearnerRequirements(queryClient: QueryClient): Promise<void> {
  return queryClient.prefetchQuery(requirementsQuery);
}

export function useLearnerRequirements() {
  return useQuery({
    ...requirementsQuery,
    select: (data) => data.requirements,
    // Finishing a course changes the status through the course machines, outside this cache: read it again on every visit.
    staleTime: 0,
  });
}
