import { useQuery } from '@tanstack/react-query';
import { learnerQueries } from '../api/learner-queries';

/**
 * The signed-in learner's required courses, worst first, shared by the dashboard, My Courses and
 * the course page. Progress writes invalidate it (web/api/learner-queries.ts).
 */
export function useLearnerRequirements() {
  return useQuery({ ...learnerQueries.requirements(), select: (data) => data.requirements });
}
