import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { idParam } from '../contract/common';
import {
  respondBody,
  statusAfterResponse,
  statusBody,
  submissionListQuery,
  submitBody,
  THINK_MESSAGES,
  type SubmissionDto,
  type SubmissionListPage,
} from '../contract/think';
import { containsText, offsetOf, paginate } from '../db/paginate';
import type { Db } from '../db/client';
import { feedback } from '../db/schema';
import type { AppEnv } from '../env';
import { publicRoute, requireAdmin, requireLearner } from '../middleware/auth';
import { ApiError } from '../errors';
import { clientIp, enforceRate, type RateRule } from '../services/rate-limit';
import { fullName } from '../services/users';
import { validate } from '../validate';

type Row = typeof feedback.$inferSelect;

const PUBLIC_SUBMIT_RULE: RateRule = { limit: 10, windowSeconds: 60 * 60, message: THINK_MESSAGES.rateLimited };

/** No user id in any response: an anonymous submission cannot be traced, and a named one needs none. */
function toDto(row: Row): SubmissionDto {
  return {
    id: row.id,
    type: row.type,
    subject: row.subject,
    description: row.description,
    isAnonymous: row.isAnonymous,
    anonymous: row.isAnonymous,
    userName: row.isAnonymous ? 'Anonymous' : row.userName,
    status: row.status,
    adminResponse: row.adminResponse,
    respondedBy: row.respondedBy,
    respondedAt: row.respondedAt,
    createdAt: row.createdAt,
  };
}

async function insertSubmission(
  db: Db,
  body: { type: Row['type']; subject: string; description: string },
  author: { id: string; name: string } | null,
) {
  const now = new Date().toISOString();
  const id = crypto.randomUUID();
  // Anonymous: neither the user id nor the name is stored, so nothing links the row back.
  await db.insert(feedback).values({
    id,
    ...body,
    isAnonymous: author === null,
    userId: author?.id ?? null,
    userName: author?.name ?? null,
    createdAt: now,
    updatedAt: now,
  });
  return id;
}

async function loadSubmission(db: Db, id: string): Promise<Row> {
  const row = await db.select().from(feedback).where(eq(feedback.id, id)).get();
  if (!row) throw new ApiError('NOT_FOUND', THINK_MESSAGES.notFound);
  return row;
}

/** A Think list under `scope`: the plain array without `page`, the paged envelope with it; searched and filtered on the server. */
async function listSubmissions(
  c: Context<AppEnv>,
  scope: SQL | undefined,
  query: { page?: number; limit: number; search: string; status: string; type: string },
) {
  const db = c.var.db;
  const where = and(
    scope,
    // The author as the list shows it: a submission without a name is "Anonymous".
    containsText(query.search, [
      feedback.subject,
      feedback.description,
      sql`CASE WHEN ${feedback.isAnonymous} THEN 'Anonymous' ELSE coalesce(${feedback.userName}, 'Anonymous') END`,
    ]),
    query.status ? eq(feedback.status, query.status as Row['status']) : undefined,
    query.type ? eq(feedback.type, query.type as Row['type']) : undefined,
  );
  const order = [desc(feedback.createdAt), desc(feedback.id)] as const;
  if (query.page === undefined)
    return c.json(
      (
        await db
          .select()
          .from(feedback)
          .where(where)
          .orderBy(...order)
      ).map(toDto),
    );
  const request = { page: query.page, limit: query.limit };
  const { items, pagination } = await paginate(
    db,
    request,
    db
      .select()
      .from(feedback)
      .where(where)
      .orderBy(...order)
      .limit(request.limit)
      .offset(offsetOf(request)),
    db.select({ n: count() }).from(feedback).where(where),
  );
  return c.json({ submissions: items.map(toDto), pagination } satisfies SubmissionListPage);
}

// /public/submit is open, /submit and /user/* are for signed-in users, /admin/* for System Configuration.
export const think = new Hono<AppEnv>()
  .post('/public/submit', publicRoute, validate('json', submitBody), async (c) => {
    const body = c.req.valid('json');
    await enforceRate(c.var.db, `think:ip:${clientIp(c.req.raw.headers)}`, PUBLIC_SUBMIT_RULE);
    const id = await insertSubmission(
      c.var.db,
      { type: body.type, subject: body.subject, description: body.description },
      null,
    );
    return c.json({ message: THINK_MESSAGES.submitted, id }, 201);
  })

  .post('/submit', requireLearner, validate('json', submitBody), async (c) => {
    const body = c.req.valid('json');
    const user = c.var.user;
    const author = body.isAnonymous ? null : { id: user.id, name: fullName(user) };
    const id = await insertSubmission(
      c.var.db,
      { type: body.type, subject: body.subject, description: body.description },
      author,
    );
    return c.json({ message: THINK_MESSAGES.submitted, id }, 201);
  })

  // Only named submissions can be listed: anonymous ones keep no link to their author.
  .get('/user/submissions', requireLearner, validate('query', submissionListQuery), (c) =>
    listSubmissions(c, eq(feedback.userId, c.var.user.id), c.req.valid('query')),
  )

  .get('/admin/all', requireAdmin('systemConfiguration'), validate('query', submissionListQuery), (c) =>
    listSubmissions(c, undefined, c.req.valid('query')),
  )

  .post(
    '/admin/:id/respond',
    requireAdmin('systemConfiguration'),
    validate('param', idParam),
    validate('json', respondBody),
    async (c) => {
      const { id } = c.req.valid('param');
      const { response, status } = c.req.valid('json');
      const db = c.var.db;
      const current = await loadSubmission(db, id);
      const now = new Date().toISOString();
      const row = await db
        .update(feedback)
        .set({
          adminResponse: response,
          status: statusAfterResponse(current.status, status),
          respondedBy: fullName(c.var.user),
          respondedAt: now,
          updatedAt: now,
        })
        .where(eq(feedback.id, id))
        .returning()
        .get();
      return c.json({ message: THINK_MESSAGES.responded, submission: toDto(row!) });
    },
  )

  .put(
    '/admin/:id/status',
    requireAdmin('systemConfiguration'),
    validate('param', idParam),
    validate('json', statusBody),
    async (c) => {
      const { id } = c.req.valid('param');
      const { status } = c.req.valid('json');
      const db = c.var.db;
      await loadSubmission(db, id);
      const row = await db
        .update(feedback)
        .set({ status, updatedAt: new Date().toISOString() })
        .where(eq(feedback.id, id))
        .returning()
        .get();
      return c.json({ message: THINK_MESSAGES.statusUpdated, submission: toDto(row!) });
    },
  );
