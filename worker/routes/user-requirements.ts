import { Hono } from 'hono';
import type { LearnerRequirementsResponse } from '../contract/compliance';
import type { AppEnv } from '../env';
import { inFirstBatch, requireLearner, sessionInFirstBatch } from '../middleware/auth';
import { learnerRequirementsReads, toLearnerRequirements } from '../services/learner-requirements';

// The signed-in learner's required training.

export const userRequirementRoutes = new Hono<AppEnv>().get('/', inFirstBatch(requireLearner), async (c) => {
  const now = new Date();
  // One batch (it also carries the session check): services/learner-requirements.ts.
  const { user, result } = await sessionInFirstBatch(c, (db, userId) =>
    db.batch(learnerRequirementsReads(db, userId, now)),
  );
  return c.json<LearnerRequirementsResponse>(toLearnerRequirements(result, user.id, now));
});
