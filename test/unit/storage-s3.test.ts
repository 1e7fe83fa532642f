import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// s3rver is a Node HTTP server, so the S3 backend is tested from Node rather than inside workerd.
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getStorage, PART_SIZE, type Storage } from '../../worker/services/storage';

const BUCKET = 'ehs-test-files';
let server: S3rver;
let directory: string;
let storage: Storage;

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** A deterministic byte stream of `size` bytes, produced chunk by chunk. */
function generated(size: number, chunk = 256 * 1024): { stream: ReadableStream<Uint8Array>; digest: () => string } {
  const hash = createHash('sha256');
  let produced = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (produced >= size) return controller.close();
      const n = Math.min(chunk, size - produced);
      const bytes = new Uint8Array(n);
      for (let i = 0; i < n; i++) bytes[i] = ((produced + i) * 31) % 251;
      produced += n;
      hash.update(bytes);
      controller.enqueue(bytes);
    },
  });
  return { stream, digest: () => hash.digest('hex') };
}

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), 's3rver-'));
  server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    directory,
    silent: true,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const address = (await server.run()) as AddressInfo;
  storage = getStorage({
    STORAGE_BACKEND: 's3',
    S3_ENDPOINT: `http://127.0.0.1:${address.port}`,
    S3_REGION: 'us-east-1',
    S3_BUCKET: BUCKET,
    // s3rver's fixed development credentials.
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  } as Parameters<typeof getStorage>[0]);
});

afterAll(async () => {
  await server?.close();
  if (directory) rmSync(directory, { recursive: true, force: true });
});

describe('S3 storage backend (against s3rver)', () => {
  it('round-trips a file: put, head, get whole, get a byte range, delete', async () => {
    expect(storage.backend).toBe('s3');
    const content = new TextEncoder().encode('%PDF-1.7 hello storage, this is a small test file');
    const stored = await storage.put('materials/small.pdf', content, { contentType: 'application/pdf' });
    expect(stored.size).toBe(content.length);

    expect(await storage.head('materials/small.pdf')).toEqual({ size: content.length, contentType: 'application/pdf' });

    const whole = await storage.get('materials/small.pdf');
    expect(whole).not.toBeNull();
    expect(whole!.size).toBe(content.length);
    expect(whole!.contentType).toBe('application/pdf');
    expect(new TextDecoder().decode(await readAll(whole!.body))).toBe(
      '%PDF-1.7 hello storage, this is a small test file',
    );

    const part = await storage.get('materials/small.pdf', { range: { offset: 9, length: 5 } });
    expect(part!.size).toBe(content.length);
    expect(part!.range).toEqual({ offset: 9, length: 5 });
    expect(new TextDecoder().decode(await readAll(part!.body))).toBe('hello');

    await storage.delete('materials/small.pdf');
    expect(await storage.get('materials/small.pdf')).toBeNull();
    expect(await storage.head('materials/small.pdf')).toBeNull();
  });

  it('stores a stream larger than one part as a multipart upload with identical bytes', async () => {
    const size = PART_SIZE * 2 + 12345;
    const source = generated(size);
    const stored = await storage.put('materials/large.bin', source.stream, { contentType: 'video/mp4' });
    expect(stored.size).toBe(size);
    const back = await storage.get('materials/large.bin');
    expect(back!.size).toBe(size);
    const bytes = await readAll(back!.body);
    expect(bytes.length).toBe(size);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(source.digest());
    await storage.delete('materials/large.bin');
  });

  it('accepts a browser upload to a presigned PUT URL', async () => {
    const url = await storage.presignPut!('materials/presigned.pdf', 'application/pdf', 300);
    expect(url).toContain('X-Amz-Signature=');
    const upload = await fetch(url, {
      method: 'PUT',
      headers: { 'content-type': 'application/pdf' },
      body: '%PDF-1.4 uploaded by the browser',
    });
    expect(upload.status).toBe(200);
    const back = await storage.get('materials/presigned.pdf');
    expect(new TextDecoder().decode(await readAll(back!.body))).toBe('%PDF-1.4 uploaded by the browser');
    await storage.delete('materials/presigned.pdf');
  });

  it('signs the presigned URL for its content type and lifetime only', async () => {
    const url = new URL(await storage.presignPut!('materials/typed.pdf', 'application/pdf', 120));
    expect(url.searchParams.get('X-Amz-Expires')).toBe('120');
    // s3rver checks the access key but not signatures, so what is signed is asserted here: a real
    // S3 refuses a PUT whose content type differs from the signed one.
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-type;host');
    expect(url.searchParams.get('X-Amz-Credential')).toMatch(/^S3RVER\/\d{8}\/us-east-1\/s3\/aws4_request$/);
  });

  it('aborts a multipart upload whose source stream fails, leaving no object', async () => {
    let sent = 0;
    const failing = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= PART_SIZE * 2) return controller.error(new Error('the browser went away'));
        sent += 1024 * 1024;
        controller.enqueue(new Uint8Array(1024 * 1024));
      },
    });
    await expect(storage.put('materials/broken.bin', failing, { contentType: 'video/mp4' })).rejects.toThrow(
      'the browser went away',
    );
    expect(await storage.head('materials/broken.bin')).toBeNull();
  });

  it('reports missing objects as null and refuses bad credentials with an error', async () => {
    expect(await storage.get('materials/none.pdf')).toBeNull();
    expect(await storage.head('materials/none.pdf')).toBeNull();
    await expect(storage.delete('materials/none.pdf')).resolves.toBeUndefined();
    const endpoint = new URL(await storage.presignPut!('x', 'text/plain', 60)).origin;
    const wrong = getStorage({
      STORAGE_BACKEND: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: 'NOBODY',
      S3_SECRET_ACCESS_KEY: 'wrong',
    } as Parameters<typeof getStorage>[0]);
    await expect(
      wrong.put('materials/denied.pdf', new Uint8Array([1, 2, 3]), { contentType: 'application/pdf' }),
    ).rejects.toThrow(/S3 PutObject failed: 403/);
  });
});
