/** Think (feedback) writes, with what they change: the admin's table and the learner's own list. */
import { thinkApi, type FeedbackBody } from './public';
import { thinkSubmissionsApi, type FeedbackStatus } from './think';
import { queryKeys } from './query-keys';
import { defineWrite } from './writes';

const submissionReads = [queryKeys.admin.submissions, queryKeys.learner.submissions];

export const thinkWrites = {
  /** A signed-in learner's submission (the public form's changes no list of theirs). */
  submit: defineWrite({ run: (body: FeedbackBody) => thinkApi.submit(body), invalidates: () => submissionReads }),
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
