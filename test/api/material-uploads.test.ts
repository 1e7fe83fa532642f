import { createExecutionContext, SELF, waitOnExecutionContext } from 'cloudflare:test';
import worker from '../../worker/index';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getStorage, PART_SIZE } from '../../worker/services/storage';
import { api, db, env, schema } from './helpers';
import {
  admin,
  learner,
  PDF_BYTES,
  form,
  upload,
  uploadPdf,
  sha256,
  generatedFile,
  signInPeople,
} from './materials-helpers';

beforeAll(() => signInPeople('Materials Book (uploads)'));

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
    const res = await upload(
      form({ name: 'invoice.pdf', bytes: new TextEncoder().encode('<html><script>alert(1)</script></html>') }),
    );
    expect(res.status).toBe(415);
    expect(res.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(res.body.message).toBe('The file content is not a valid PDF file. Please upload the original PDF file.');
    expect((await env.FILES.list({ prefix: 'materials/' })).objects.length).toBe(before);
    expect(
      await db.select().from(schema.materials).where(eq(schema.materials.fileName, 'invoice.pdf')).get(),
    ).toBeUndefined();
  });

  it('refuses other extensions and a missing file with their messages', async () => {
    const exe = await upload(form({ name: 'tool.exe', bytes: new Uint8Array([0x4d, 0x5a, 1, 2]) }));
    expect(exe.status).toBe(400);
    expect(exe.body.message).toBe(
      'Invalid file type. Only PDF, videos (MP4, WebM, OGG), and PowerPoint files are allowed.',
    );
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
      headers: {
        authorization: `Bearer ${admin}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(length),
      },
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

  it('holds at most two parts of a stream in memory while storing it (multipart upload to R2)', {
    timeout: 120_000,
  }, async () => {
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
    const res = await api('POST', '/api/v2/materials/presign', {
      token: admin,
      body: { fileName: 'a.pdf', contentType: 'application/pdf', size: 10 },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/S3 storage backend/);
  });
});

describe('completing a direct (presigned) upload', () => {
  // The complete step only uses head/get/delete, so it is exercised here on R2; the S3 round trip
  // itself is test/unit/storage-s3.test.ts.
  it("checks the uploaded object's first bytes and size before creating the material", async () => {
    const key = `materials/${crypto.randomUUID()}.pdf`;
    await env.FILES.put(key, PDF_BYTES, { httpMetadata: { contentType: 'application/pdf' } });
    const res = await api('POST', '/api/v2/materials/complete', {
      token: admin,
      body: { key, fileName: 'Direct upload.pdf', description: 'From the browser' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      title: 'Direct upload',
      type: 'PDF',
      fileSize: PDF_BYTES.length,
      fileName: 'Direct upload.pdf',
    });
    const again = await api('POST', '/api/v2/materials/complete', {
      token: admin,
      body: { key, fileName: 'Direct upload.pdf' },
    });
    expect(again.status).toBe(409);
  });

  it('refuses and deletes an object whose content does not match its extension', async () => {
    const key = `materials/${crypto.randomUUID()}.pdf`;
    await env.FILES.put(key, new TextEncoder().encode('MZ not a pdf at all'));
    const res = await api('POST', '/api/v2/materials/complete', { token: admin, body: { key, fileName: 'fake.pdf' } });
    expect(res.status).toBe(415);
    expect(await env.FILES.head(key)).toBeNull();
    const foreign = await api('POST', '/api/v2/materials/complete', {
      token: admin,
      body: { key: 'certificates/x.pdf' },
    });
    expect(foreign.status).toBe(400);
  });
});

describe('a refused upload settles its request body', () => {
  /** A multipart body of `size` bytes produced on demand; records whether it was read to the end or cancelled. */
  function watchedBody(fileName: string, head: Uint8Array, size: number) {
    const boundary = 'x-refused-upload';
    const start = new TextEncoder().encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n\r\n`,
    );
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

  async function send(
    body: ReturnType<typeof watchedBody>,
    headers: Record<string, string> = {},
    token: string | null = admin,
  ) {
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
    [
      'a body declared above the cap (413 before any byte is read)',
      () => watchedBody('big.pdf', new TextEncoder().encode('%PDF-1.7'), 1024),
      { 'content-length': String(10 ** 12) },
      'admin',
      413,
    ],
    [
      'a file whose content is not a PDF (415 part-way)',
      () => watchedBody('fake.pdf', new TextEncoder().encode('MZ-not-a-pdf'), 2 * 1024 * 1024),
      {},
      'admin',
      415,
    ],
    [
      'an extension that is not allowed (400 part-way)',
      () => watchedBody('tool.exe', new TextEncoder().encode('MZ'), 2 * 1024 * 1024),
      {},
      'admin',
      400,
    ],
    [
      'a learner (403 before the handler)',
      () => watchedBody('guide.pdf', new TextEncoder().encode('%PDF-1.7'), 1024 * 1024),
      {},
      'learner',
      403,
    ],
  ] as const)(
    '%s: the body is cancelled or read to its end, and the next request answers',
    async (_label, make, headers, who, status) => {
      const body = make();
      const res = await send(body, headers, who === 'admin' ? admin : learner);
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(body.state.cancelled || body.state.ended).toBe(true);
      const next = await api('GET', '/api/health');
      expect(next.status).toBe(200);
    },
  );
});
