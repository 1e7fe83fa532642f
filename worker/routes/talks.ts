import { asc, eq, isNull, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { originFor } from '../config';
import { idParam } from '../contract/common';
import {
  crewQuery,
  selfSignaturesQuery,
  selfSignBody,
  TALK_LIMITS,
  talkBody,
  talksQuery,
  type ForemanTopicsResponse,
  type OwnPhoneSignaturesResponse,
  type SelfSignatureResponse,
  type TalkResponse,
  type TalksResponse,
} from '../contract/talks';
import type { TraineesResponse } from '../contract/evaluations';
import { REFUSALS } from '../contract/errors';
import { talkTopics } from '../db/schema';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { publicRoute, requireLearner } from '../middleware/auth';
import {
  assertMayLead,
  assertTalkInSite,
  findTalk,
  mayReadTalk,
  submitTalk,
  talkNumber,
  talkRecord,
} from '../services/talks';
import { assertAllInSite } from '../services/sites';
import { validate } from '../validate';
import { contentDisposition } from '../services/file-types';
import { searchOthers } from '../services/people-search';
import { talksAttendedBy, talksLedBy } from '../services/talk-lists';
import { ownPhoneSignatures, readSelfSignature, signOwnPhone } from '../services/talk-self-sign';

/*
 * Toolbox talks (issue 29): what the foreman's device caches (topics, the crew it may name), the
 * signed talk it sends (idempotent by the device's id), the record, its sheet and its public check.
 */

/** The talk's own limit (the API's 1 MB skips this route): every attendee's drawn signature rides in the body. */
const talkBodyLimit = bodyLimit({
  maxSize: TALK_LIMITS.bodyBytes,
  onError: () => {
    throw new ApiError('PAYLOAD_TOO_LARGE', REFUSALS['talk.tooLarge']);
  },
});

export const talkRoutes = new Hono<AppEnv>()
  // The topics a foreman may read out, cached on the device for offline use.
  .get('/topics', requireLearner, async (c) => {
    await assertMayLead(c.var.db, c.var.user);
    const rows = await c.var.db
      .select({
        id: talkTopics.id,
        title: talkTopics.title,
        body: talkTopics.body,
        languages: talkTopics.languages,
        pdfBytes: talkTopics.pdfBytes,
      })
      .from(talkTopics)
      .where(isNull(talkTopics.retiredAt))
      .orderBy(asc(sql`lower(${talkTopics.title})`));
    return c.json<ForemanTopicsResponse>({ topics: rows });
  })

  // The topic as a PDF, for foremen and administrators: its handout when it has one, else its text printed.
  .get('/topics/:id/pdf', requireLearner, validate('param', idParam), async (c) => {
    await assertMayLead(c.var.db, c.var.user);
    const topic = await c.var.db
      .select()
      .from(talkTopics)
      .where(eq(talkTopics.id, c.req.valid('param').id))
      .get();
    if (!topic) throw new ApiError('NOT_FOUND', REFUSALS['talkTopic.notFound']);
    const headers = {
      'Content-Type': 'application/pdf',
      'Content-Disposition': contentDisposition(`${topic.title}.pdf`),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, max-age=300',
    };
    if (topic.pdfKey) {
      const object = await c.var.storage.get(topic.pdfKey);
      if (!object) throw new ApiError('NOT_FOUND', REFUSALS['talkTopic.noPdf']);
      return new Response(object.body, { headers: { ...headers, 'Content-Length': String(topic.pdfBytes ?? 0) } });
    }
    // The PDF code (pdf-lib, fontkit) loads with the first page an isolate renders.
    const { renderTalkTopicPdf } = await import('../services/talk-topic-pdf');
    const bytes = await renderTalkTopicPdf(topic, { appName: c.var.config.appName, fonts: c.var.fonts });
    return new Response(bytes, { headers: { ...headers, 'Content-Length': String(bytes.byteLength) } });
  })

  // People a foreman may put on the sheet (never themselves): a line linked to an account counts in the matrix.
  .get('/crew', requireLearner, validate('query', crewQuery), async (c) => {
    await assertMayLead(c.var.db, c.var.user);
    const { query } = c.req.valid('query');
    return c.json<TraineesResponse>({ people: await searchOthers(c.var.db, c.var.user, query) });
  })

  // The caller's talks: led (the foreman's list) or attended (their own record).
  .get('/', requireLearner, validate('query', talksQuery), async (c) => {
    const { as } = c.req.valid('query');
    const db = c.var.db;
    const list = as === 'attendee' ? await talksAttendedBy(db, c.var.user.id) : await talksLedBy(db, c.var.user.id);
    return c.json<TalksResponse>({ talks: list });
  })

  .post('/', requireLearner, talkBodyLimit, validate('json', talkBody), async (c) => {
    const body = c.req.valid('json');
    // A site-limited administrator leading a talk signs their site's people onto it only.
    await assertAllInSite(
      c.var.db,
      c.var.user,
      body.attendees.flatMap((a) => (a.userId ? [a.userId] : [])),
    );
    const kind = await submitTalk(c.var.db, c.var.storage, c.var.user, body);
    const { talk, attendees } = await findTalk(c.var.db, body.id);
    return c.json<TalkResponse>({ talk: talkRecord(talk, attendees) }, kind === 'stored' ? 201 : 200);
  })

  // The crew member's phone after scanning the foreman's QR: the talk it names and where their signature stands.
  .get(
    '/:id/self-signature',
    requireLearner,
    validate('param', idParam),
    validate('query', selfSignBody),
    async (c) => {
      const body = await readSelfSignature(c.var.db, c.var.user, c.req.valid('param').id, c.req.valid('query'));
      return c.json<SelfSignatureResponse>(body);
    },
  )

  // "I attended this talk", signed by the caller's own session; kept pending until the foreman's talk arrives.
  .post(
    '/:id/self-signature',
    requireLearner,
    validate('param', idParam),
    validate('json', selfSignBody),
    async (c) => {
      const { created, body } = await signOwnPhone(c.var.db, c.var.user, c.req.valid('param').id, c.req.valid('json'));
      return c.json<SelfSignatureResponse>(body, created ? 201 : 200);
    },
  )

  // The foreman's device, when online: who has signed this talk on their own phone so far.
  .get(
    '/:id/self-signatures',
    requireLearner,
    validate('param', idParam),
    validate('query', selfSignaturesQuery),
    async (c) => {
      await assertMayLead(c.var.db, c.var.user);
      const { id } = c.req.valid('param');
      const people = await ownPhoneSignatures(c.var.db, c.var.user, id, c.req.valid('query').topicId);
      return c.json<OwnPhoneSignaturesResponse>(people);
    },
  )

  .get('/:id', requireLearner, validate('param', idParam), async (c) => {
    const { talk, attendees } = await findTalk(c.var.db, c.req.valid('param').id);
    if (!mayReadTalk(c.var.user, talk, attendees)) throw new ApiError('NOT_FOUND', REFUSALS['talk.notFound']);
    await assertTalkInSite(c.var.db, c.var.user, talk, attendees);
    return c.json<TalkResponse>({ talk: talkRecord(talk, attendees) });
  })

  // The sign-in sheet for a site file: the frozen topic text, each line with its signature or method.
  .get('/:id/sheet.pdf', requireLearner, validate('param', idParam), async (c) => {
    const { talk, attendees } = await findTalk(c.var.db, c.req.valid('param').id);
    if (!mayReadTalk(c.var.user, talk, attendees)) throw new ApiError('NOT_FOUND', REFUSALS['talk.notFound']);
    await assertTalkInSite(c.var.db, c.var.user, talk, attendees);
    const storage = c.var.storage;
    const image = async (key: string | null) => {
      if (!key) return null;
      const object = await storage.get(key);
      return object ? new Uint8Array(await new Response(object.body).arrayBuffer()) : null;
    };
    const [foremanSignature, ...signatures] = await Promise.all([
      image(talk.foremanSignatureKey),
      ...attendees.map((a) => image(a.signatureKey)),
    ]);
    const origin = originFor(c.var.config, c.req.url) ?? new URL(c.req.url).origin;
    // The PDF code (pdf-lib, fontkit) loads with the first sheet an isolate renders.
    const { renderTalkSheetPdf } = await import('../services/talk-sheet-pdf');
    const bytes = await renderTalkSheetPdf(talkRecord(talk, attendees), {
      appName: c.var.config.appName,
      verifyUrl: `${origin.replace(/\/+$/, '')}/api/v2/talks/${talk.id}/verify`,
      number: talkNumber(talk.id),
      foremanJobTitle: talk.foremanJobTitle,
      foremanSignature,
      signatures,
      fonts: c.var.fonts,
    });
    return new Response(bytes, {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Length': String(bytes.byteLength),
        'Content-Disposition': `attachment; filename="toolbox-talk-${talkNumber(talk.id)}.pdf"`,
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'no-store',
      },
    });
  })

  // What the sheet's QR opens: the talk as recorded (the id is the device's random UUID, not guessable).
  .get('/:id/verify', publicRoute, validate('param', idParam), async (c) => {
    const { talk, attendees } = await findTalk(c.var.db, c.req.valid('param').id);
    return c.json({
      talk: {
        number: talkNumber(talk.id),
        topicTitle: talk.topicTitle,
        startedAt: talk.startedAt,
        signedOffAt: talk.signedOffAt,
        foremanName: talk.foremanName,
        attendees: attendees.map((a) => ({ name: a.name, method: a.method, signedByName: a.signedByName })),
      },
    });
  });
