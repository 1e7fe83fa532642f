import { SELF } from 'cloudflare:test';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, createAdmin, createDomain, createUser, db, env, login, schema } from './helpers';

let admin: string;
let learner: string;
let outsider: string;
let book: string;

const MP4_HEAD = new Uint8Array([0, 0, 0, 0x18, ...new TextEncoder().encode('ftypmp42'), 1, 2, 3, 4]);
const VTT =
  'WEBVTT\n\n00:00.000 --> 00:03.000\nPull the pin.\n\n00:03.000 --> 00:06.000\nAim at the base of the fire.\n';

function captionForm(
  file: { name: string; bytes: Uint8Array | string } | null,
  fields: Record<string, string> = {},
): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  if (file) data.append('file', new File([file.bytes], file.name, { type: 'text/vtt' }));
  return data;
}

const addCaption = (materialId: string, body: FormData, token = admin) =>
  api('POST', `/api/v2/materials/${materialId}/captions`, { token, raw: body });

async function uploadVideo(title = 'PASS video'): Promise<string> {
  const data = new FormData();
  data.append('title', title);
  data.append('file', new File([MP4_HEAD], 'pass.mp4', { type: 'video/mp4' }));
  const res = await api('POST', '/api/v2/materials/upload', { token: admin, raw: data });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

/** A published course whose only component uses the material; `enrolUserIds` are enrolled in it. */
async function useInCourse(materialId: string, enrolUserIds: string[] = []) {
  const courseId = crypto.randomUUID();
  await db
    .insert(schema.courses)
    .values({ id: courseId, title: 'Course', domainId: book, status: 'PUBLISHED', hasBeenPublished: true });
  await db.insert(schema.components).values({
    id: crypto.randomUUID(),
    courseId,
    type: 'MATERIAL',
    orderIndex: 1,
    materialId,
    data: { materialId, title: 'Video', type: 'VIDEO' },
  });
  for (const userId of enrolUserIds)
    await db.insert(schema.courseProgress).values({ id: crypto.randomUUID(), userId, courseId });
  return courseId;
}

const captionKeys = async (materialId: string) =>
  (await env.FILES.list({ prefix: `materials/${materialId}/captions/` })).objects.map((o) => o.key);

async function fetchPlain(path: string, token?: string) {
  const res = await SELF.fetch(`http://localhost${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const type = res.headers.get('content-type') ?? '';
  const body = type.includes('json') ? ((await res.json()) as { code?: string }) : await res.text();
  return { status: res.status, type, body };
}

let learnerId: string;

beforeAll(async () => {
  book = await createDomain('Captions Book');
  admin = await login(await createAdmin());
  const enrolled = await createUser({ domainIds: [book] });
  learnerId = enrolled.id;
  learner = await login(enrolled);
  outsider = await login(await createUser({ domainIds: [book] }));
});

describe('who may manage captions', () => {
  it.each([
    ['GET', '/api/v2/materials/m1/captions'],
    ['POST', '/api/v2/materials/m1/captions'],
    ['DELETE', '/api/v2/materials/m1/captions/c1'],
  ])('%s %s answers 401 to a visitor and 403 to a learner', async (method, path) => {
    expect((await api(method, path)).status).toBe(401);
    const res = await api(method, path, { token: learner });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
  });

  it("refuses a learner's caption upload and stores nothing", async () => {
    const video = await uploadVideo();
    const res = await addCaption(video, captionForm({ name: 'en.vtt', bytes: VTT }, { language: 'en' }), learner);
    expect(res.status).toBe(403);
    expect(await captionKeys(video)).toEqual([]);
  });
});

describe('adding a caption track', () => {
  it('stores a valid WebVTT file under the material, canonicalises the language, labels it and audits it', async () => {
    const video = await uploadVideo();
    const res = await addCaption(video, captionForm({ name: 'pass-en.vtt', bytes: VTT }, { language: ' EN-gb ' }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      language: 'en-GB',
      label: 'British English',
      fileName: 'pass-en.vtt',
      fileSize: VTT.length,
    });
    expect(res.body.url).toMatch(new RegExp(`^/api/v2/materials/${video}/captions/${res.body.id}/file\\?u=`));

    const [key] = await captionKeys(video);
    expect(key).toMatch(new RegExp(`^materials/${video}/captions/[0-9a-f-]{36}\\.vtt$`));
    const object = await env.FILES.get(key);
    expect(await object!.text()).toBe(VTT);
    expect(object!.httpMetadata?.contentType).toBe('text/vtt; charset=utf-8');

    const audit = await db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entityId, video), eq(schema.auditLog.action, 'CAPTION_ADDED')))
      .all();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      entityType: 'MATERIAL',
      after: { captionId: res.body.id, language: 'en-GB', label: 'British English' },
    });
  });

  it('keeps a given label, accepts a byte-order mark and names languages in their own words by default', async () => {
    const video = await uploadVideo();
    const bom = new Uint8Array([
      0xef,
      0xbb,
      0xbf,
      ...new TextEncoder().encode('WEBVTT - Spanish\n\n00:00.000 --> 00:02.000\nTire del pasador.\n'),
    ]);
    const es = await addCaption(
      video,
      captionForm({ name: 'es.vtt', bytes: bom }, { language: 'es', label: 'Español (España)' }),
    );
    expect(es.status, JSON.stringify(es.body)).toBe(201);
    expect(es.body).toMatchObject({ language: 'es', label: 'Español (España)' });
    const hi = await addCaption(video, captionForm({ name: 'hi.vtt', bytes: 'WEBVTT\n' }, { language: 'hi' }));
    expect(hi.body).toMatchObject({ language: 'hi', label: 'हिन्दी' });
  });

  it.each([
    [
      'text that does not start with WEBVTT',
      { name: 'en.vtt', bytes: '1\n00:00:00,000 --> 00:00:02,000\nAn SRT file\n' },
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'The caption file must be a WebVTT file: plain text whose first line starts with "WEBVTT".',
    ],
    [
      'a signature without a separator after it',
      { name: 'en.vtt', bytes: 'WEBVTTX\n' },
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'The caption file must be a WebVTT file: plain text whose first line starts with "WEBVTT".',
    ],
    [
      'bytes that are not UTF-8',
      {
        name: 'en.vtt',
        bytes: new Uint8Array([...new TextEncoder().encode('WEBVTT\n\n00:00.000 --> 00:01.000\n'), 0xff, 0xfe, 0x41]),
      },
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'The caption file must be UTF-8 text.',
    ],
    [
      'another extension',
      { name: 'en.srt', bytes: VTT },
      400,
      'VALIDATION_FAILED',
      'Only WebVTT (.vtt) files can be added as captions',
    ],
    [
      'a file over 512 KB',
      { name: 'en.vtt', bytes: `WEBVTT\n\n${'x'.repeat(512 * 1024)}` },
      413,
      'PAYLOAD_TOO_LARGE',
      'The caption file is larger than the limit of 512 KB.',
    ],
    ['no file', null, 400, 'VALIDATION_FAILED', 'Please select a WebVTT (.vtt) caption file'],
  ] as const)('refuses %s and stores nothing', async (_label, file, status, code, message) => {
    const video = await uploadVideo();
    const res = await addCaption(video, captionForm(file, { language: 'en' }));
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body).toMatchObject({ code, message });
    expect(await captionKeys(video)).toEqual([]);
    expect(
      await db.select().from(schema.materialCaptions).where(eq(schema.materialCaptions.materialId, video)).all(),
    ).toEqual([]);
  });

  it.each([
    ['', 'Please enter the language of the captions (for example en, es, hi or ar)'],
    ['english', 'Enter a language tag such as en, en-GB, es, hi or ar'],
    ['e', 'Enter a language tag such as en, en-GB, es, hi or ar'],
    ['en_US', 'Enter a language tag such as en, en-GB, es, hi or ar'],
    ['en-<script>', 'Enter a language tag such as en, en-GB, es, hi or ar'],
  ])('refuses the language %j with a message on the language field', async (language, message) => {
    const video = await uploadVideo();
    const res = await addCaption(video, captionForm({ name: 'en.vtt', bytes: VTT }, { language }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', fields: { language: message } });
    expect(await captionKeys(video)).toEqual([]);
  });

  it('refuses captions on a material that is not a video (409 NOT_A_VIDEO) and on an unknown material (404)', async () => {
    const data = new FormData();
    data.append('file', new File([new TextEncoder().encode('%PDF-1.7\n%%EOF\n')], 'guide.pdf'));
    const pdf = await api('POST', '/api/v2/materials/upload', { token: admin, raw: data });
    const res = await addCaption(pdf.body.id, captionForm({ name: 'en.vtt', bytes: VTT }, { language: 'en' }));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'NOT_A_VIDEO', message: 'Captions can only be added to a video material' });
    expect(await captionKeys(pdf.body.id)).toEqual([]);
    const unknown = await addCaption(
      crypto.randomUUID(),
      captionForm({ name: 'en.vtt', bytes: VTT }, { language: 'en' }),
    );
    expect(unknown.status).toBe(404);
  });

  it('keeps one track per language: a second one answers 409 CAPTION_EXISTS and leaves the first as it was', async () => {
    const video = await uploadVideo();
    expect((await addCaption(video, captionForm({ name: 'en.vtt', bytes: VTT }, { language: 'en' }))).status).toBe(201);
    const again = await addCaption(video, captionForm({ name: 'en2.vtt', bytes: 'WEBVTT\n' }, { language: 'EN' }));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'CAPTION_EXISTS', fields: { language: expect.any(String) } });
    const keys = await captionKeys(video);
    expect(keys).toHaveLength(1);
    expect(await (await env.FILES.get(keys[0]))!.text()).toBe(VTT);
  });
});

describe('listing and removing caption tracks', () => {
  it('lists tracks by label on the captions route and on the material; removing one drops its row and file and audits it', async () => {
    const video = await uploadVideo();
    const ar = await addCaption(
      video,
      captionForm({ name: 'ar.vtt', bytes: VTT }, { language: 'ar', label: 'Arabic' }),
    );
    const en = await addCaption(video, captionForm({ name: 'en.vtt', bytes: VTT }, { language: 'en' }));
    const list = await api('GET', `/api/v2/materials/${video}/captions`, { token: admin });
    expect(list.status).toBe(200);
    expect(list.body.map((t: { language: string }) => t.language)).toEqual(['ar', 'en']);
    const material = await api('GET', `/api/v2/materials/${video}`, { token: admin });
    expect(material.body.captions.map((t: { id: string }) => t.id)).toEqual([ar.body.id, en.body.id]);
    const page = await api('GET', '/api/v2/materials?page=1&limit=5&type=VIDEO', { token: admin });
    expect(page.body.materials.find((m: { id: string }) => m.id === video).captions).toHaveLength(2);

    const removed = await api('DELETE', `/api/v2/materials/${video}/captions/${ar.body.id}`, { token: admin });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ id: ar.body.id });
    expect(
      (await api('GET', `/api/v2/materials/${video}/captions`, { token: admin })).body.map((t: { id: string }) => t.id),
    ).toEqual([en.body.id]);
    expect(await captionKeys(video)).toHaveLength(1);
    const audit = await db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entityId, video), eq(schema.auditLog.action, 'CAPTION_REMOVED')))
      .all();
    expect(audit).toHaveLength(1);
    expect(audit[0].before).toMatchObject({ captionId: ar.body.id, language: 'ar' });
    expect((await api('DELETE', `/api/v2/materials/${video}/captions/${ar.body.id}`, { token: admin })).status).toBe(
      404,
    );

    // A removed language can be added again.
    expect((await addCaption(video, captionForm({ name: 'ar.vtt', bytes: VTT }, { language: 'ar' }))).status).toBe(201);
  });

  it('deletes the caption rows and files with their material', async () => {
    const video = await uploadVideo();
    await addCaption(video, captionForm({ name: 'en.vtt', bytes: VTT }, { language: 'en' }));
    expect(await captionKeys(video)).toHaveLength(1);
    expect((await api('DELETE', `/api/v2/materials/${video}`, { token: admin })).status).toBe(200);
    expect(await captionKeys(video)).toEqual([]);
    expect(
      await db.select().from(schema.materialCaptions).where(eq(schema.materialCaptions.materialId, video)).all(),
    ).toEqual([]);
  });
});

describe("learners read captions under the video's own access rule", () => {
  it('gives an enrolled learner the tracks on the material, served as text/vtt through the signed link and with a session', async () => {
    const video = await uploadVideo();
    const added = await addCaption(video, captionForm({ name: 'en.vtt', bytes: VTT }, { language: 'en' }));
    await useInCourse(video, [learnerId]);

    const material = await api('GET', `/api/v2/materials/${video}`, { token: learner });
    expect(material.status).toBe(200);
    expect(material.body.captions).toEqual([
      expect.objectContaining({ id: added.body.id, language: 'en', label: 'English' }),
    ]);
    const url = material.body.captions[0].url as string;

    const signed = await fetchPlain(url);
    expect(signed).toMatchObject({ status: 200, type: 'text/vtt; charset=utf-8', body: VTT });
    const bearer = await fetchPlain(`/api/v2/materials/${video}/captions/${added.body.id}/file`, learner);
    expect(bearer.status).toBe(200);
  });

  it('refuses a learner without access to the course, and a link signed for another file', async () => {
    const video = await uploadVideo();
    const added = await addCaption(video, captionForm({ name: 'en.vtt', bytes: VTT }, { language: 'en' }));
    const other = await addCaption(video, captionForm({ name: 'es.vtt', bytes: VTT }, { language: 'es' }));
    await useInCourse(video, [learnerId]);
    const path = `/api/v2/materials/${video}/captions/${added.body.id}/file`;

    // Not enrolled in any course using the video: the same 404 as the video itself.
    expect((await api('GET', `/api/v2/materials/${video}`, { token: outsider })).status).toBe(404);
    expect(await fetchPlain(path, outsider)).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    expect((await fetchPlain(path)).status).toBe(401);

    // A link signs one file: the video's link does not open a caption, nor one track's link another.
    const material = await api('GET', `/api/v2/materials/${video}`, { token: learner });
    const videoQuery = (material.body.fileUrl as string).split('?')[1];
    expect((await fetchPlain(`${path}?${videoQuery}`)).status).toBe(401);
    const enQuery = (material.body.captions.find((t: { id: string }) => t.id === added.body.id).url as string).split(
      '?',
    )[1];
    expect((await fetchPlain(`/api/v2/materials/${video}/captions/${other.body.id}/file?${enQuery}`)).status).toBe(401);
    expect((await fetchPlain(`${path}?${enQuery}`)).status).toBe(200);
  });
});
