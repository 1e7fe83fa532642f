import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { idParam } from '../contract/common';
import { REFUSALS } from '../contract/errors';
import {
  TALK_LIMITS,
  talkLeaderBody,
  talkTopicBody,
  type TalkTopicDto,
  type TalkTopicResponse,
  type TalkTopicsResponse,
} from '../contract/talks';
import { talkTopics, users } from '../db/schema';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { requireAdmin } from '../middleware/auth';
import { auditInsert } from '../services/audit';
import { isPdf } from '../services/file-types';
import { assertInSite } from '../services/sites';
import { validate } from '../validate';

/*
 * The library of toolbox talk topics (issue 29), kept by administrators who manage content
 * (moduleManagement); and the foreman capability, given by administrators who manage people.
 */

type TopicRow = typeof talkTopics.$inferSelect;

const toTopic = (row: TopicRow): TalkTopicDto => ({
  id: row.id,
  title: row.title,
  body: row.body,
  languages: row.languages,
  pdfBytes: row.pdfKey ? row.pdfBytes : null,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
  retiredAt: row.retiredAt,
});

async function topicOr404(db: AppEnv['Variables']['db'], id: string): Promise<TopicRow> {
  const row = await db.select().from(talkTopics).where(eq(talkTopics.id, id)).get();
  if (!row) throw new ApiError('NOT_FOUND', REFUSALS['talkTopic.notFound']);
  return row;
}

const view = (row: Pick<TopicRow, 'title' | 'body' | 'languages'>) => ({
  title: row.title,
  bodyLength: row.body.length,
  languages: row.languages,
});

export const adminTalkTopicRoutes = new Hono<AppEnv>()
  .use(requireAdmin('moduleManagement'))
  // Active topics first, then retired ones, each by title.
  .get('/', async (c) => {
    const rows = await c.var.db
      .select()
      .from(talkTopics)
      .orderBy(sql`${talkTopics.retiredAt} IS NOT NULL`, asc(sql`lower(${talkTopics.title})`));
    return c.json<TalkTopicsResponse>({ topics: rows.map(toTopic) });
  })
  .post('/', validate('json', talkTopicBody), async (c) => {
    const db = c.var.db;
    const body = c.req.valid('json');
    const id = crypto.randomUUID();
    const [inserted] = await db.batch([
      db
        .insert(talkTopics)
        .values({ id, ...body })
        .returning(),
      auditInsert(db, {
        actor: c.var.user,
        action: 'TALK_TOPIC_CREATED',
        entityType: 'TALK_TOPIC',
        entityId: id,
        after: view(body),
      }),
    ]);
    return c.json<TalkTopicResponse>({ topic: toTopic(inserted[0]!) }, 201);
  })
  .get('/:id', validate('param', idParam), async (c) =>
    c.json<TalkTopicResponse>({ topic: toTopic(await topicOr404(c.var.db, c.req.valid('param').id)) }),
  )
  // Talks already signed keep the text they were read from (frozen on the talk).
  .put('/:id', validate('param', idParam), validate('json', talkTopicBody), async (c) => {
    const db = c.var.db;
    const before = await topicOr404(db, c.req.valid('param').id);
    if (before.retiredAt) throw new ApiError('CONFLICT', REFUSALS['talkTopic.alreadyRetired']);
    const body = c.req.valid('json');
    const [updated] = await db.batch([
      db
        .update(talkTopics)
        .set({ ...body, updatedAt: new Date().toISOString() })
        .where(eq(talkTopics.id, before.id))
        .returning(),
      auditInsert(db, {
        actor: c.var.user,
        action: 'TALK_TOPIC_UPDATED',
        entityType: 'TALK_TOPIC',
        entityId: before.id,
        before: view(before),
        after: view(body),
      }),
    ]);
    return c.json<TalkTopicResponse>({ topic: toTopic(updated[0]!) });
  })
  // A short PDF handout (raw body, application/pdf, <= 1 MB) beside the text; a new one replaces it.
  .put('/:id/pdf', validate('param', idParam), async (c) => {
    const db = c.var.db;
    const before = await topicOr404(db, c.req.valid('param').id);
    if (before.retiredAt) throw new ApiError('CONFLICT', REFUSALS['talkTopic.alreadyRetired']);
    const contentType = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (contentType !== 'application/pdf') throw new ApiError('UNSUPPORTED_MEDIA_TYPE', REFUSALS['talkTopic.pdfType']);
    if (Number(c.req.header('content-length') ?? '0') > TALK_LIMITS.topicPdfBytes)
      throw new ApiError('PAYLOAD_TOO_LARGE', REFUSALS['talkTopic.pdfTooLarge']);
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    if (bytes.byteLength > TALK_LIMITS.topicPdfBytes)
      throw new ApiError('PAYLOAD_TOO_LARGE', REFUSALS['talkTopic.pdfTooLarge']);
    if (!isPdf(bytes)) throw new ApiError('UNSUPPORTED_MEDIA_TYPE', REFUSALS['talkTopic.pdfType']);
    // A new key per upload: a foreman's device reading the old one while it is replaced gets a whole file.
    const key = `talk-topics/${before.id}/${crypto.randomUUID()}.pdf`;
    await c.var.storage.put(key, bytes, { contentType, size: bytes.byteLength });
    const [updated] = await db.batch([
      db
        .update(talkTopics)
        .set({ pdfKey: key, pdfBytes: bytes.byteLength, updatedAt: new Date().toISOString() })
        .where(eq(talkTopics.id, before.id))
        .returning(),
      auditInsert(db, {
        actor: c.var.user,
        action: 'TALK_TOPIC_UPDATED',
        entityType: 'TALK_TOPIC',
        entityId: before.id,
        before: { ...view(before), pdfBytes: before.pdfBytes },
        after: { ...view(before), pdfBytes: bytes.byteLength },
      }),
    ]);
    if (before.pdfKey) await c.var.storage.delete(before.pdfKey);
    return c.json<TalkTopicResponse>({ topic: toTopic(updated[0]!) });
  })
  // Retired: no new talk on it; talks and requirements already naming it keep it.
  .post('/:id/retire', validate('param', idParam), async (c) => {
    const db = c.var.db;
    const before = await topicOr404(db, c.req.valid('param').id);
    if (before.retiredAt) throw new ApiError('CONFLICT', REFUSALS['talkTopic.alreadyRetired']);
    const at = new Date().toISOString();
    const [updated] = await db.batch([
      db
        .update(talkTopics)
        .set({ retiredAt: at, updatedAt: at })
        .where(and(eq(talkTopics.id, before.id), isNull(talkTopics.retiredAt)))
        .returning(),
      auditInsert(db, {
        actor: c.var.user,
        action: 'TALK_TOPIC_RETIRED',
        entityType: 'TALK_TOPIC',
        entityId: before.id,
        before: view(before),
      }),
    ]);
    return c.json<TalkTopicResponse>({ topic: toTopic(updated[0]!) });
  });

/** The foreman capability of one person (docs/decisions/2026-11-28-toolbox-talks.md). */
export const adminTalkLeaderRoutes = new Hono<AppEnv>().put(
  '/:id',
  requireAdmin('userManagement'),
  validate('param', idParam),
  validate('json', talkLeaderBody),
  async (c) => {
    const db = c.var.db;
    const { id } = c.req.valid('param');
    const { leadsTalks } = c.req.valid('json');
    const row = await db.select().from(users).where(eq(users.id, id)).get();
    if (!row) throw new ApiError('NOT_FOUND', REFUSALS['user.notFound']);
    assertInSite(c.var.user, row);
    await db.batch([
      db.update(users).set({ leadsTalks }).where(eq(users.id, id)),
      auditInsert(db, {
        actor: c.var.user,
        action: 'TALK_LEADER_CHANGED',
        target: { id: row.id, username: row.username },
        entityType: 'USER',
        entityId: row.id,
        before: { leadsTalks: row.leadsTalks },
        after: { leadsTalks },
      }),
    ]);
    return c.json({ userId: id, leadsTalks });
  },
);
