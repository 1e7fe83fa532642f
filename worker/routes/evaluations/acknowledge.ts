import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { idParam } from '../../contract/common';
import { REFUSALS } from '../../contract/errors';
import { acknowledgeBody, EVALUATION_LIMITS, type EvaluationResponse } from '../../contract/evaluations';
import { evaluations, users } from '../../db/schema';
import type { AppEnv } from '../../env';
import { ApiError } from '../../errors';
import { requireLearner } from '../../middleware/auth';
import { auditInsertWhen } from '../../services/audit';
import { evaluationRecord, readableEvaluation } from '../../services/evaluation-records';
import { notAcknowledged } from '../../services/evaluation-submit';
import { getDummyHash, verifyPassword } from '../../services/password';
import { clearRate, judgeGuess, RATE_RULES } from '../../services/rate-limit';
import { signaturePng } from '../../services/signature-image';
import { fullName } from '../../services/users';
import { validate } from '../../validate';

/** The drawn signature's bytes, or a refusal: a real PNG, at most 300 KB. */
function signatureBytes(dataUrl: string): Uint8Array {
  const bytes = signaturePng(dataUrl, EVALUATION_LIMITS.signatureBytes);
  if (bytes === 'tooLarge') throw new ApiError('PAYLOAD_TOO_LARGE', REFUSALS['evaluation.signatureTooLarge']);
  if (bytes === 'invalid') throw new ApiError('VALIDATION_FAILED', REFUSALS['evaluation.signatureInvalid']);
  return bytes;
}

/**
 * The trainee acknowledges the evaluation, once: on the evaluator's device with their own password
 * (the strong way) or a drawn signature and typed name (weaker, shown as such), or later from their
 * own account. A password typed here counts against the trainee's sign-in failures.
 */
export const acknowledgeRoutes = new Hono<AppEnv>().post(
  '/:id/acknowledge',
  requireLearner,
  validate('param', idParam),
  validate('json', acknowledgeBody),
  async (c) => {
    const db = c.var.db;
    const row = await readableEvaluation(c, c.req.valid('param').id);
    const body = c.req.valid('json');
    const user = c.var.user;
    if (row.acknowledgedAt) throw new ApiError('CONFLICT', REFUSALS['evaluation.alreadyAcknowledged']);
    const trainee = await db.select().from(users).where(eq(users.id, row.traineeId)).get();
    if (!trainee) throw new ApiError('NOT_FOUND', REFUSALS['evaluation.notFound']);
    let name: string;
    let signatureKey: string | null = null;
    if (body.method === 'account') {
      if (user.id !== row.traineeId) throw new ApiError('FORBIDDEN', REFUSALS['evaluation.ackWrongPerson']);
      name = fullName(trainee);
    } else {
      // On the evaluator's device: the evaluator's session (or the trainee's own) carries it.
      if (user.id !== row.evaluatorId && user.id !== row.traineeId)
        throw new ApiError('FORBIDDEN', REFUSALS['evaluation.ackWrongPerson']);
      if (body.method === 'password') {
        const login = body.username.toLowerCase();
        const matchesTrainee = login === trainee.username.toLowerCase() || login === trainee.email.toLowerCase();
        // Counted on the trainee's own sign-in counter: a wrong name is judged like a wrong password.
        const key = `login:acct:${trainee.id}`;
        const valid = await judgeGuess(db, key, RATE_RULES.loginAccount, async () => {
          const matches = await verifyPassword(
            body.password,
            matchesTrainee ? trainee.passwordHash : await getDummyHash(),
          );
          return matches && matchesTrainee;
        });
        if (!valid) throw new ApiError('INVALID_CREDENTIALS', REFUSALS['evaluation.ackPasswordWrong']);
        await clearRate(db, key);
        name = fullName(trainee);
      } else {
        const bytes = signatureBytes(body.signature);
        signatureKey = `evaluations/${row.id}/signature.png`;
        await c.var.storage.put(signatureKey, bytes, { contentType: 'image/png', size: bytes.byteLength });
        name = body.name;
      }
    }
    const at = new Date().toISOString();
    const [updated] = await db.batch([
      db
        .update(evaluations)
        .set({ acknowledgedAt: at, acknowledgementMethod: body.method, acknowledgedName: name, signatureKey })
        .where(notAcknowledged(row.id))
        .returning({ id: evaluations.id }),
      // Written only if this acknowledgement is the one that landed (two devices racing).
      auditInsertWhen(
        db,
        {
          actor: user,
          action: 'EVALUATION_ACKNOWLEDGED',
          target: { id: trainee.id, username: trainee.username },
          entityType: 'EVALUATION',
          entityId: row.id,
          after: { method: body.method, name, at },
        },
        evaluations,
        and(
          eq(evaluations.id, row.id),
          eq(evaluations.acknowledgedAt, at),
          eq(evaluations.acknowledgementMethod, body.method),
        )!,
      ),
    ]);
    if (updated.length === 0) throw new ApiError('CONFLICT', REFUSALS['evaluation.alreadyAcknowledged']);
    const fresh = await readableEvaluation(c, row.id);
    return c.json<EvaluationResponse>({ evaluation: await evaluationRecord(c, fresh) });
  },
);
