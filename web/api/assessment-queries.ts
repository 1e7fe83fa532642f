/** An admin's interventions on a learner's assessment, with what they change: the attempts table and its summary. */
import { assessmentsApi } from './admin-people';
import { queryKeys } from './query-keys';
import { defineWrite } from './writes';

export const assessmentWrites = {
  /** Resets a learner's attempts at an assessment, or marks it passed with a score. */
  intervene: defineWrite({
    run: ({
      kind,
      componentId,
      userId,
      reason,
      score,
    }: {
      kind: 'reset' | 'pass';
      componentId: string;
      userId: string;
      reason: string;
      score: number;
    }) =>
      kind === 'reset'
        ? assessmentsApi.reset(componentId, userId, reason)
        : assessmentsApi.markPassed(componentId, userId, score, reason),
    invalidates: () => [queryKeys.admin.assessments.all],
  }),
};
