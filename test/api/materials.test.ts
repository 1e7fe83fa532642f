import { createExecutionContext, SELF, waitOnExecutionContext } from 'cloudflare:test';
import worker from '../../worker/index';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getStorage, PART_SIZE } from '../../worker/services/storage';
import { and } from 'drizzle-orm';
import { createCourse, enroll, takeAssessment } from './fixtures';
import { api, createAdmin, createDomain, createUser, db, env, login, schema } from './helpers';

let admin: string;
let learner: string;
let learnerId: string;
let outsider: string;
let book: string;

const PDF_BYTES = new TextEncoder().encode('%PDF-1.7\n0123456789abcdefghijklmnopqrstuvwxyz\n%%EOF\n');

function form(file: { name: string; bytes: Uint8Array; type?: string } | null, fields: Record<string, string> = {}): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  if (file) data.append('file', new File([file.bytes], file.name, { type: file.type ?? 'application/octet-stream' }));
  return data;
}

async function upload(body: FormData, token = admin) {
  return api('POST', '/api/v2/materials/upload', { token, raw: body });
}

async function uploadPdf(fields: Record<string, string> = {}, name = 'Fire Guide.pdf') {
  const res = await upload(form({ name, bytes: PDF_BYTES, type: 'application/pdf' }, fields));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; title: string; fileUrl: string; [key: string]: unknown };
}

/** Enrols `userId` in a published course whose component uses the material. */
async function useInCourse(materialId: string, enrolUserId?: string) {
  const courseId = crypto.randomUUID();
  await db.insert(schema.courses).values({ id: courseId, title: 'Course', domainId: book, status: 'PUBLISHED', hasBeenPublished: true });
  await db.insert(schema.components).values({ id: crypto.randomUUID(), courseId, type: 'MATERIAL', orderIndex: 1, materialId, data: { materialId, title: 'M', type: 'PDF' } });
  if (enrolUserId) await db.insert(schema.courseProgress).values({ id: crypto.randomUUID(), userId: enrolUserId, courseId });
  return courseId;
}

async function sha256(stream: ReadableStream<Uint8Array>): Promise<string> {
  const digest = new crypto.DigestStream('SHA-256');
  await stream.pipeTo(digest);
  return [...new Uint8Array(await digest.digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Deterministic pseudo-random bytes, produced on demand in 64 KiB chunks; the first chunk starts with `head`. */
function generatedFile(size: number, head: Uint8Array) {
  let produced = 0;
  const digest = new crypto.DigestStream('SHA-256');
  const writer = digest.getWriter();
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (produced >= size) {
          await writer.close();
          return controller.close();
        }
        const n = Math.min(64 * 1024, size - produced);
        const chunk = new Uint8Array(n);
        for (let i = 0; i < n; i++) chunk[i] = ((produced + i) * 2654435761) >>> 24;
        if (produced === 0) chunk.set(head);
        produced += n;
        await writer.write(chunk);
        controller.enqueue(chunk);
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, produced: () => produced, digest: async () => [...new Uint8Array(await digest.digest)].map((b) => b.toString(16).padStart(2, '0')).join('') };
}

beforeAll(async () => {
  book = await createDomain('Materials Book');
  admin = await login(await createAdmin());
  const enrolled = await createUser({ domainIds: [book] });
  learnerId = enrolled.id;
  learner = await login(enrolled);
  outsider = await login(await createUser({ domainIds: [book] }));
});

describe('who may call the materials routes', () => {
  it.each([
    ['GET', '/api/v2/materials'],
    ['POST', '/api/v2/materials/upload'],
    ['POST', '/api/v2/materials/presign'],
    ['POST', '/api/v2/materials/complete'],
    ['PUT', '/api/v2/materials/m1'],
    ['DELETE', '/api/v2/materials/m1'],
  ])('admin route %s %s answers 401 to a visitor and 403 to a learner', async (method, path) => {
    const body = method === 'GET' || method === 'DELETE' ? undefined : {};
    expect((await api(method, path, { body })).status).toBe(401);
    expect((await api(method, path, { token: learner, body })).status).toBe(403);
  });

  it.each([['/api/v2/materials/m1'], ['/api/v2/materials/m1/file']])('learner route GET %s answers 401 to a visitor', async (path) => {
    expect((await api('GET', path)).status).toBe(401);
  });
});

describe('upload', () => {
  it('stores a PDF under a generated key, typed from its extension, titled after the file name by default', async () => {
    const material = await uploadPdf({ description: 'Pocket guide', type: 'PDF' });
    expect(material).toMatchObject({
      title: 'Fire Guide',
      description: 'Pocket guide',
      type: 'PDF',
      fileName: 'Fire Guide.pdf',
      fileSize: PDF_BYTES.length,
      contentType: 'application/pdf',
      driveFileId: null,
    });
    expect(material.fileUrl).toMatch(new RegExp(`^/api/v2/materials/${material.id}/file\\?`));
    const row = await db.select().from(schema.materials).where(eq(schema.materials.id, material.id)).get();
    expect(row?.storageKey).toMatch(/^materials\/[0-9a-f-]{36}\.pdf$/);
    const object = await env.FILES.get(row!.storageKey);
    expect(new Uint8Array(await object!.arrayBuffer())).toEqual(PDF_BYTES);
    expect(object!.httpMetadata?.contentType).toBe('application/pdf');
  });

  it('keeps a given title and accepts the other allowed types by their content', async () => {
    const mp4 = new Uint8Array([0, 0, 0, 0x18, ...new TextEncoder().encode('ftypmp42'), 1, 2, 3, 4]);
    const pptx = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 20, 0, 6, 0, 8, 0, 0, 0, 0, 0, 0, 0, 9]);
    const res1 = await upload(form({ name: 'clip.MP4', bytes: mp4 }, { title: 'PASS video' }));
    expect(res1.status).toBe(201);
    expect(res1.body).toMatchObject({ title: 'PASS video', type: 'VIDEO', contentType: 'video/mp4' });
    const res2 = await upload(form({ name: 'slides.pptx', bytes: pptx }));
    expect(res2.status).toBe(201);
    expect(res2.body).toMatchObject({ type: 'PPT', title: 'slides' });
  });

  it('refuses a .pdf whose content is not a PDF with 415 and leaves nothing behind', async () => {
    const before = (await env.FILES.list({ prefix: 'materials/' })).objects.length;
    const res = await upload(form({ name: 'invoice.pdf', bytes: new TextEncoder().encode('<html><script>alert(1)</script></html>') }));
    expect(res.status).toBe(415);
    expect(res.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(res.body.message).toBe('The file content is not a valid PDF file. Please upload the original PDF file.');
    expect((await env.FILES.list({ prefix: 'materials/' })).objects.length).toBe(before);
    expect(await db.select().from(schema.materials).where(eq(schema.materials.fileName, 'invoice.pdf')).get()).toBeUndefined();
  });

  it('refuses other extensions and a missing file with their messages', async () => {
    const exe = await upload(form({ name: 'tool.exe', bytes: new Uint8Array([0x4d, 0x5a, 1, 2]) }));
    expect(exe.status).toBe(400);
    expect(exe.body.message).toBe('Invalid file type. Only PDF, videos (MP4, WebM, OGG), and PowerPoint files are allowed.');
    const none = await upload(form(null, { title: 'No file' }));
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Please select a file and provide a title');
    const notMultipart = await api('POST', '/api/v2/materials/upload', { token: admin, body: { title: 'x' } });
    expect(notMultipart.status).toBe(400);
  });

  it('refuses a file above MAX_UPLOAD_BYTES with 413 and keeps nothing', async () => {
    const previous = env.MAX_UPLOAD_BYTES;
    env.MAX_UPLOAD_BYTES = String(PDF_BYTES.length - 1);
    try {
      const before = (await env.FILES.list({ prefix: 'materials/' })).objects.length;
      const res = await upload(form({ name: 'big.pdf', bytes: PDF_BYTES }));
      expect(res.status).toBe(413);
      expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
      expect((await env.FILES.list({ prefix: 'materials/' })).objects.length).toBe(before);
    } finally {
      env.MAX_UPLOAD_BYTES = previous;
    }
  });

  it('streams a 50 MB upload into storage intact (size and SHA-256 match)', { timeout: 120_000 }, async () => {
    const size = 50 * 1024 * 1024;
    const boundary = '----ehs-test-boundary-7MA4YWxkTrZu0gW';
    const file = generatedFile(size, new TextEncoder().encode('%PDF-1.7\n'));
    const enc = new TextEncoder();
    const prefix = enc.encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nBig manual\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="manual.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    );
    const suffix = enc.encode(`\r\n--${boundary}--\r\n`);
    const fileReader = file.stream.getReader();
    let stage = 0;
    const body = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          if (stage === 0) {
            stage = 1;
            return controller.enqueue(prefix);
          }
          if (stage === 1) {
            const { done, value } = await fileReader.read();
            if (!done) return controller.enqueue(value);
            stage = 2;
            return controller.enqueue(suffix);
          }
          controller.close();
        },
      },
      { highWaterMark: 0 },
    );
    const length = prefix.length + size + suffix.length;
    const response = await SELF.fetch('http://localhost/api/v2/materials/upload', {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(length) },
      body,
    });
    const created = (await response.json()) as { id: string; fileSize: number; title: string };
    // A finished multipart upload is no longer tracked as in flight.
    expect(await db.select().from(schema.multipartUploads).all()).toEqual([]);
    expect(response.status, JSON.stringify(created)).toBe(201);
    expect(created).toMatchObject({ fileSize: size, title: 'Big manual' });
    const row = await db.select().from(schema.materials).where(eq(schema.materials.id, created.id)).get();
    const object = await env.FILES.get(row!.storageKey);
    expect(object!.size).toBe(size);
    expect(await sha256(object!.body)).toBe(await file.digest());
    await env.FILES.delete(row!.storageKey);
    await db.delete(schema.materials).where(eq(schema.materials.id, created.id));
  });

  it('holds at most two parts of a stream in memory while storing it (multipart upload to R2)', { timeout: 120_000 }, async () => {
    const size = PART_SIZE * 4 + 1000;
    const file = generatedFile(size, new Uint8Array([1]));
    let maxAhead = 0;
    let uploaded = 0;
    // The real bucket, watched: how far the producer is ahead of what has reached storage.
    const watched = new Proxy(env.FILES, {
      get(target, prop) {
        if (prop !== 'createMultipartUpload') return Reflect.get(target, prop).bind(target);
        return async (...args: Parameters<R2Bucket['createMultipartUpload']>) => {
          const upload = await target.createMultipartUpload(...args);
          return {
            uploadPart: async (n: number, bytes: Uint8Array) => {
              maxAhead = Math.max(maxAhead, file.produced() - uploaded);
              const part = await upload.uploadPart(n, bytes);
              uploaded += bytes.length;
              return part;
            },
            complete: (parts: R2UploadedPart[]) => upload.complete(parts),
            abort: () => upload.abort(),
          };
        };
      },
    });
    const storage = getStorage({ FILES: watched as R2Bucket });
    const stored = await storage.put('materials/watched.bin', file.stream, { contentType: 'application/pdf' });
    expect(stored.size).toBe(size);
    expect(uploaded).toBe(size);
    expect(maxAhead).toBeGreaterThan(0);
    // One part being uploaded plus the one read ahead to learn that the file needs more than one part.
    expect(maxAhead).toBeLessThanOrEqual(2 * PART_SIZE + 64 * 1024);
    const back = await env.FILES.get('materials/watched.bin');
    expect(await sha256(back!.body)).toBe(await file.digest());
    await env.FILES.delete('materials/watched.bin');
  });

  it('answers presign with a clear 400 while the R2 binding is the backend', async () => {
    const res = await api('POST', '/api/v2/materials/presign', { token: admin, body: { fileName: 'a.pdf', contentType: 'application/pdf', size: 10 } });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/S3 storage backend/);
  });
});

describe('completing a direct (presigned) upload', () => {
  // The complete step only uses head/get/delete, so it is exercised here on R2; the S3 round trip
  // itself is test/unit/storage-s3.test.ts.
  it('checks the uploaded object\'s first bytes and size before creating the material', async () => {
    const key = `materials/${crypto.randomUUID()}.pdf`;
    await env.FILES.put(key, PDF_BYTES, { httpMetadata: { contentType: 'application/pdf' } });
    const res = await api('POST', '/api/v2/materials/complete', { token: admin, body: { key, fileName: 'Direct upload.pdf', description: 'From the browser' } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ title: 'Direct upload', type: 'PDF', fileSize: PDF_BYTES.length, fileName: 'Direct upload.pdf' });
    const again = await api('POST', '/api/v2/materials/complete', { token: admin, body: { key, fileName: 'Direct upload.pdf' } });
    expect(again.status).toBe(409);
  });

  it('refuses and deletes an object whose content does not match its extension', async () => {
    const key = `materials/${crypto.randomUUID()}.pdf`;
    await env.FILES.put(key, new TextEncoder().encode('MZ not a pdf at all'));
    const res = await api('POST', '/api/v2/materials/complete', { token: admin, body: { key, fileName: 'fake.pdf' } });
    expect(res.status).toBe(415);
    expect(await env.FILES.head(key)).toBeNull();
    const foreign = await api('POST', '/api/v2/materials/complete', { token: admin, body: { key: 'certificates/x.pdf' } });
    expect(foreign.status).toBe(400);
  });
});

describe('reading a material and its file', () => {
  it('gives an enrolled learner the material and a byte range of its file (206)', async () => {
    const material = await uploadPdf({}, 'range.pdf');
    await useInCourse(material.id, learnerId);
    const meta = await api('GET', `/api/v2/materials/${material.id}`, { token: learner });
    expect(meta.status).toBe(200);
    expect(meta.body).toMatchObject({ id: material.id, type: 'PDF', fileSize: PDF_BYTES.length });

    const res = await SELF.fetch(`http://localhost/api/v2/materials/${material.id}/file`, { headers: { authorization: `Bearer ${learner}`, range: 'bytes=9-18' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 9-18/${PDF_BYTES.length}`);
    expect(res.headers.get('content-length')).toBe('10');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-disposition')).toMatch(/^inline; filename="range\.pdf"/);
    expect(await res.text()).toBe('0123456789');

    const suffix = await SELF.fetch(`http://localhost/api/v2/materials/${material.id}/file`, { headers: { authorization: `Bearer ${learner}`, range: 'bytes=-6' } });
    expect(suffix.status).toBe(206);
    expect(await suffix.text()).toBe('%%EOF\n');
    const beyond = await SELF.fetch(`http://localhost/api/v2/materials/${material.id}/file`, { headers: { authorization: `Bearer ${learner}`, range: 'bytes=9999-' } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${PDF_BYTES.length}`);
    await beyond.arrayBuffer();
  });

  it('answers 404 to a learner who is not enrolled in a course using the material', async () => {
    const material = await uploadPdf({}, 'private.pdf');
    await useInCourse(material.id);
    expect((await api('GET', `/api/v2/materials/${material.id}`, { token: outsider })).status).toBe(404);
    const res = await SELF.fetch(`http://localhost/api/v2/materials/${material.id}/file`, { headers: { authorization: `Bearer ${outsider}`, range: 'bytes=0-4' } });
    expect(res.status).toBe(404);
    await res.arrayBuffer();
  });

  it('serves the whole file to an admin, and through a signed link for players that cannot send headers', async () => {
    const material = await uploadPdf({}, 'whole.pdf');
    const whole = await SELF.fetch(`http://localhost/api/v2/materials/${material.id}/file`, { headers: { authorization: `Bearer ${admin}` } });
    expect(whole.status).toBe(200);
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(PDF_BYTES);

    const signed = await SELF.fetch(`http://localhost${material.fileUrl}`, { headers: { range: 'bytes=0-4' } });
    expect(signed.status).toBe(206);
    expect(await signed.text()).toBe('%PDF-');
    const tampered = await SELF.fetch(`http://localhost${material.fileUrl.replace(/sig=[^&]+/, 'sig=AAAA')}`);
    expect(tampered.status).toBe(401);
    await tampered.arrayBuffer();
    // A signed link never outlives the signer's access: another user's id in it breaks the signature.
    const otherUser = material.fileUrl.replace(/u=[^&]+/, `u=${learnerId}`);
    expect((await SELF.fetch(`http://localhost${otherUser}`)).status).toBe(401);
  });
});

describe('a refused upload settles its request body', () => {
  /** A multipart body of `size` bytes produced on demand; records whether it was read to the end or cancelled. */
  function watchedBody(fileName: string, head: Uint8Array, size: number) {
    const boundary = 'x-refused-upload';
    const start = new TextEncoder().encode(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n\r\n`);
    const state = { sent: 0, ended: false, cancelled: false };
    const stream = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (state.sent === 0) {
            controller.enqueue(start);
            state.sent += start.length;
            return;
          }
          if (state.sent >= size) {
            controller.enqueue(new TextEncoder().encode(`\r\n--${boundary}--\r\n`));
            state.ended = true;
            return controller.close();
          }
          const chunk = new Uint8Array(Math.min(64 * 1024, size - state.sent));
          if (state.sent === start.length) chunk.set(head);
          state.sent += chunk.length;
          controller.enqueue(chunk);
        },
        cancel() {
          state.cancelled = true;
        },
      },
      { highWaterMark: 0 },
    );
    return { stream, state, contentType: `multipart/form-data; boundary=${boundary}` };
  }

  async function send(body: ReturnType<typeof watchedBody>, headers: Record<string, string> = {}, token: string | null = admin) {
    const ctx = createExecutionContext();
    const request = new Request('http://localhost/api/v2/materials/upload', {
      method: 'POST',
      body: body.stream,
      headers: { 'content-type': body.contentType, ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    });
    const res = await worker.fetch(request as Parameters<typeof worker.fetch>[0], env, ctx);
    await waitOnExecutionContext(ctx);
    return { status: res.status, body: (await res.json()) as { code?: string } };
  }

  it.each([
    ['a body declared above the cap (413 before any byte is read)', () => watchedBody('big.pdf', new TextEncoder().encode('%PDF-1.7'), 1024), { 'content-length': String(10 ** 12) }, 'admin', 413],
    ['a file whose content is not a PDF (415 part-way)', () => watchedBody('fake.pdf', new TextEncoder().encode('MZ-not-a-pdf'), 2 * 1024 * 1024), {}, 'admin', 415],
    ['an extension that is not allowed (400 part-way)', () => watchedBody('tool.exe', new TextEncoder().encode('MZ'), 2 * 1024 * 1024), {}, 'admin', 400],
    ['a learner (403 before the handler)', () => watchedBody('guide.pdf', new TextEncoder().encode('%PDF-1.7'), 1024 * 1024), {}, 'learner', 403],
  ] as const)('%s: the body is cancelled or read to its end, and the next request answers', async (_label, make, headers, who, status) => {
    const body = make();
    const res = await send(body, headers, who === 'admin' ? admin : learner);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(body.state.cancelled || body.state.ended).toBe(true);
    const next = await api('GET', '/api/health');
    expect(next.status).toBe(200);
  });
});

describe('file access follows the component and the session', () => {
  const fetchFile = async (path: string, token?: string) => {
    const res = await SELF.fetch(`http://localhost${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    const body = res.headers.get('content-type')?.includes('json') ? ((await res.json()) as { code?: string }) : (await res.arrayBuffer(), {});
    return { status: res.status, code: (body as { code?: string }).code };
  };

  it('refuses the file of a locked component (409) and of a course taken down (403), on every request, bearer or signed link', async () => {
    const course = await createCourse({ domainId: book });
    const user = await createUser({ domainIds: [book] });
    const token = await login(user);
    await enroll(token, course.courseId);
    const { materialId } = course.material!;
    const file = `/api/v2/materials/${materialId}/file`;

    // Locked behind the pre-assessment: the material, its file and its component all say so.
    expect((await api('GET', `/api/v2/materials/${materialId}`, { token })).body.code).toBe('COMPONENT_LOCKED');
    expect(await fetchFile(file, token)).toEqual({ status: 409, code: 'COMPONENT_LOCKED' });

    await takeAssessment(token, course.pre!.componentId, course.pre!.answers);
    const meta = await api('GET', `/api/v2/materials/${materialId}`, { token });
    expect(meta.status).toBe(200);
    const signed = meta.body.fileUrl as string;
    expect((await fetchFile(signed)).status).toBe(200);
    expect((await fetchFile(file, token)).status).toBe(200);

    // Locked again (the pre-assessment's record was reset): the signed link re-checks.
    const preRow = and(eq(schema.componentProgress.userId, user.id), eq(schema.componentProgress.componentId, course.pre!.componentId));
    await db.update(schema.componentProgress).set({ status: 'NOT_STARTED' }).where(preRow);
    expect(await fetchFile(signed)).toEqual({ status: 409, code: 'COMPONENT_LOCKED' });
    await db.update(schema.componentProgress).set({ status: 'COMPLETED' }).where(preRow);
    expect((await fetchFile(signed)).status).toBe(200);

    // Taken down: nothing of the course is served, the component answers the same.
    const down = await api('POST', `/api/v2/admin/courses/${course.courseId}/takedown`, { token: admin });
    expect(down.status, JSON.stringify(down.body)).toBe(200);
    expect(await fetchFile(signed)).toEqual({ status: 403, code: 'COURSE_NOT_AVAILABLE' });
    expect(await fetchFile(file, token)).toEqual({ status: 403, code: 'COURSE_NOT_AVAILABLE' });
    expect((await api('GET', `/api/v2/materials/${materialId}`, { token })).status).toBe(403);
  });

  it('kills a signed link with the session that signed it (logout, password change)', async () => {
    const course = await createCourse({ domainId: book, components: ['MATERIAL'] });
    const user = await createUser({ domainIds: [book] });
    const token = await login(user);
    await enroll(token, course.courseId);
    const signed = (await api('GET', `/api/v2/materials/${course.material!.materialId}`, { token })).body.fileUrl as string;
    expect((await fetchFile(signed)).status).toBe(200);
    expect((await api('POST', '/api/auth/logout', { token })).status).toBe(200);
    expect((await fetchFile(signed)).status).toBe(401);

    // A second session's link dies when the token version moves (a password change signs everyone out).
    const second = await login(user);
    const other = (await api('GET', `/api/v2/materials/${course.material!.materialId}`, { token: second })).body.fileUrl as string;
    expect((await fetchFile(other)).status).toBe(200);
    await db.update(schema.users).set({ tokenVersion: 99 }).where(eq(schema.users.id, user.id));
    expect((await fetchFile(other)).status).toBe(401);
  });
});

describe('list, edit and delete', () => {
  it('lists materials newest first and searches title and description', async () => {
    const a = await uploadPdf({ title: 'Ladder inspection checklist', description: 'Monthly' });
    await uploadPdf({ title: 'Scaffold tags', description: 'Green, yellow, red LADDER access' });
    const all = await api('GET', '/api/v2/materials', { token: admin });
    expect(all.status).toBe(200);
    expect(all.body[0].title).toBe('Scaffold tags');
    const search = await api('GET', '/api/v2/materials?search=ladder', { token: admin });
    expect(search.body.map((m: { title: string }) => m.title)).toEqual(['Scaffold tags', 'Ladder inspection checklist']);
    expect(search.body.find((m: { id: string }) => m.id === a.id)).toBeTruthy();
  });

  it('edits title and description only (multipart or JSON) and requires a title', async () => {
    const material = await uploadPdf();
    const data = new FormData();
    data.append('title', 'Renamed guide');
    data.append('description', 'New words');
    const res = await api('PUT', `/api/v2/materials/${material.id}`, { token: admin, raw: data });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: 'Renamed guide', description: 'New words', fileName: 'Fire Guide.pdf', fileSize: PDF_BYTES.length });
    const blank = await api('PUT', `/api/v2/materials/${material.id}`, { token: admin, body: { title: '  ' } });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('Please provide a title');
  });

  it('refuses to delete a material while components use it, then deletes it and its file', async () => {
    const material = await uploadPdf();
    const courseId = await useInCourse(material.id);
    const refused = await api('DELETE', `/api/v2/materials/${material.id}`, { token: admin });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This material is used by 1 course component(s) and cannot be deleted');
    // The client translates the refusal by its reason and values, not by these words.
    expect(refused.body).toMatchObject({ reason: 'material.inUse', params: { count: 1 } });

    await db.delete(schema.courses).where(eq(schema.courses.id, courseId));
    const row = await db.select().from(schema.materials).where(eq(schema.materials.id, material.id)).get();
    const ok = await api('DELETE', `/api/v2/materials/${material.id}`, { token: admin });
    expect(ok.status).toBe(200);
    expect(await env.FILES.head(row!.storageKey)).toBeNull();
    expect((await api('GET', `/api/v2/materials/${material.id}`, { token: admin })).status).toBe(404);
  });
});
