/** Think (feedback) writes, with what they change: the admin's table and the learner's own list. */
import { thinkSubmissionsApi, type FeedbackStatus } from './think';
import { queryKeys } from './query-keys';
import { defineWrite } from './writes';

const submissionReads = [queryKeys.admin.submissions, queryKeys.learner.submissions];

export const thinkWrites = {
  respond: defineWrite({
    run: ({ id, text, next }: { id: string; text: string; next?: FeedbackStatus }) =>
      thinkSubmissionsApi.respond(id, text, next),
    invalidates: () => submissionReads,
  }),
  setStatus: defineWrite({
    run: ({ id, status }: { id: string; status: FeedbackStatus }) => thinkSubmissionsApi.setStatus(id, status),
    invalidates: () => submissionReads,
  }),
};
