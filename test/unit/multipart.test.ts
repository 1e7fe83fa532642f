import { describe, expect, it } from 'vitest';
import { boundaryOf, MultipartError, readMultipart } from '../../worker/services/multipart';

const enc = new TextEncoder();

/** The body cut into pieces of `size` bytes, so boundaries and headers straddle chunk edges. */
function chunked(bytes: Uint8Array, size: number): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + size));
      offset += size;
    },
  });
}

async function collect(body: ReadableStream<Uint8Array>, boundary: string) {
  const parts: { name: string; fileName: string | null; contentType: string | null; bytes: Uint8Array }[] = [];
  for await (const part of readMultipart(body, boundary)) {
    parts.push({
      name: part.name,
      fileName: part.fileName,
      contentType: part.contentType,
      bytes: new Uint8Array(await new Response(part.body).arrayBuffer()),
    });
  }
  return parts;
}

const boundary = '----WebKitFormBoundary7MA4YWxkTrZu0gW';
// File content that contains CRLFs, dashes and a near-miss of the delimiter.
const fileBytes = enc.encode(`%PDF-1.7\r\n--${boundary.slice(0, 10)}\r\n\r\n--\r\nend`);
const body = new Uint8Array([
  ...enc.encode(`preamble\r\n--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nFire guide\r\n`),
  ...enc.encode(`--${boundary}\r\nContent-Disposition: form-data; name="description"\r\n\r\n\r\n`),
  ...enc.encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="Sécurité incendie.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  ),
  ...fileBytes,
  ...enc.encode(`\r\n--${boundary}--\r\n`),
]);

describe('streaming multipart reader', () => {
  it.each([1, 3, 7, 64, 100_000])('reads fields and a file whatever the chunk size (%d bytes)', async (size) => {
    const parts = await collect(chunked(body, size), boundary);
    expect(parts.map((p) => [p.name, p.fileName, p.contentType])).toEqual([
      ['title', null, null],
      ['description', null, null],
      ['file', 'Sécurité incendie.pdf', 'application/pdf'],
    ]);
    expect(new TextDecoder().decode(parts[0].bytes)).toBe('Fire guide');
    expect(parts[1].bytes.length).toBe(0);
    expect(parts[2].bytes).toEqual(fileBytes);
  });

  it('skips parts the caller does not read', async () => {
    const names: string[] = [];
    for await (const part of readMultipart(chunked(body, 5), boundary)) names.push(part.name);
    expect(names).toEqual(['title', 'description', 'file']);
  });

  it('refuses a body that ends before the closing boundary', async () => {
    const cut = body.slice(0, body.length - 30);
    await expect(collect(chunked(cut, 16), boundary)).rejects.toBeInstanceOf(MultipartError);
  });

  it('refuses a body that breaks off (the client hung up mid-upload) as a refused upload, not a crash', async () => {
    let sent = false;
    const broken = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent) return controller.error(new Error('Network connection lost.'));
        sent = true;
        controller.enqueue(
          enc.encode('--b\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4 partial'),
        );
      },
    });
    const error = await collect(broken, 'b').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MultipartError);
    expect((error as Error).message).toBe('The upload was interrupted before it finished. Please try again.');
  });

  it('reads the boundary from the content type, quoted or not', () => {
    expect(boundaryOf(`multipart/form-data; boundary=${boundary}`)).toBe(boundary);
    expect(boundaryOf('multipart/form-data; boundary="a b"; charset=utf-8')).toBe('a b');
    expect(boundaryOf('application/json')).toBeNull();
  });
});
