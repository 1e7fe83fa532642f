import { useQuery } from '@tanstack/react-query';
import { learnerRequirementsApi } from '../api/compliance';
import { queryKeys } from '../api/query-keys';

/**
 * The signed-in learner's required courses, worst first, shared by the dashboard, My Courses and
 * the course page.
 */
export function useLearnerRequirements() {
  return useQuery({
    queryKey: queryKeys.learner.requirements,
    queryFn: ({ signal }) => learnerRequirementsApi.list(signal),
    select: (data) => data.requirements,
    // Finishing a course changes the status through the course machines, outside this cache: read it again on every visit.
    staleTime: 0,
  });
}
