/*
 * A streaming multipart/form-data reader. Request.formData() in workerd reads the whole body
 * into memory; this yields each part as it arrives and hands a file part over as a stream, so
 * a large upload passes through the Worker in pieces.
 *
 * Parts must be consumed in order: asking for the next part drains whatever is left of the
 * current one.
 */

export class MultipartError extends Error {}

export interface MultipartPart {
  name: string;
  /** null for a plain field; '' when a file input was left empty. */
  fileName: string | null;
  contentType: string | null;
  body: ReadableStream<Uint8Array>;
  /** The part as text, refused above `maxBytes` (for plain fields). */
  text(maxBytes?: number): Promise<string>;
}

const encoder = new TextEncoder();
const CRLF = encoder.encode('\r\n');
const HEADER_END = encoder.encode('\r\n\r\n');
const MAX_HEADER_BYTES = 16 * 1024;

function indexOf(haystack: Uint8Array, needle: Uint8Array, from = 0): number {
  const first = needle[0];
  const last = haystack.length - needle.length;
  for (let i = haystack.indexOf(first, from); i !== -1 && i <= last; i = haystack.indexOf(first, i + 1)) {
    let j = 1;
    while (j < needle.length && haystack[i + j] === needle[j]) j++;
    if (j === needle.length) return i;
  }
  return -1;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b;
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

export function boundaryOf(contentType: string | undefined | null): string | null {
  if (!contentType || !/^multipart\/form-data/i.test(contentType)) return null;
  const match = contentType.match(/boundary=(?:"([^"]+)"|([^;\s]+))/i);
  return match ? (match[1] ?? match[2]) : null;
}

function headerParam(header: string, name: string): string | null {
  const quoted = header.match(new RegExp(`;\\s*${name}="((?:[^"\\\\]|\\\\.)*)"`, 'i'));
  if (quoted) return quoted[1].replace(/\\(.)/g, '$1');
  const bare = header.match(new RegExp(`;\\s*${name}=([^;\\s]*)`, 'i'));
  return bare ? bare[1] : null;
}

export async function* readMultipart(
  body: ReadableStream<Uint8Array>,
  boundary: string,
): AsyncGenerator<MultipartPart> {
  const reader = body.getReader();
  const delimiter = encoder.encode(`\r\n--${boundary}`);
  // A virtual CRLF in front lets the first boundary match the same delimiter as the others.
  let buffer: Uint8Array = CRLF;
  let ended = false;

  const more = async (): Promise<boolean> => {
    if (ended) return false;
    // A body that breaks off (the client hung up mid-upload) is a refused upload, not a server fault.
    const { done, value } = await reader.read().catch(() => {
      throw new MultipartError('The upload was interrupted before it finished. Please try again.');
    });
    if (done) {
      ended = true;
      return false;
    }
    buffer = concat(buffer, value);
    return true;
  };

  /** Bytes up to the next delimiter, in pieces; leaves the buffer just after the delimiter. */
  async function* untilDelimiter(): AsyncGenerator<Uint8Array> {
    for (;;) {
      const at = indexOf(buffer, delimiter);
      if (at !== -1) {
        if (at > 0) yield buffer.subarray(0, at);
        buffer = buffer.subarray(at + delimiter.length);
        return;
      }
      const safe = buffer.length - (delimiter.length - 1);
      if (safe > 0) {
        const piece = buffer.subarray(0, safe);
        buffer = buffer.subarray(safe);
        yield piece;
      }
      if (!(await more())) throw new MultipartError('The upload ended before the form data was complete');
    }
  }

  try {
    // Preamble.
    for await (const _ of untilDelimiter());
    for (;;) {
      while (buffer.length < 2)
        if (!(await more())) throw new MultipartError('The upload ended before the form data was complete');
      if (buffer[0] === 0x2d && buffer[1] === 0x2d) return; // "--": the closing boundary
      let headerEnd = indexOf(buffer, HEADER_END);
      while (headerEnd === -1) {
        if (buffer.length > MAX_HEADER_BYTES) throw new MultipartError('A form part has too large a header');
        if (!(await more())) throw new MultipartError('The upload ended before the form data was complete');
        headerEnd = indexOf(buffer, HEADER_END);
      }
      // Skip the CRLF that ends the boundary line (and any transport padding before it).
      const lineEnd = indexOf(buffer, CRLF);
      const headerText = new TextDecoder().decode(buffer.subarray(lineEnd + 2, headerEnd));
      buffer = buffer.subarray(headerEnd + HEADER_END.length);
      const headers = new Map<string, string>();
      for (const line of headerText.split('\r\n')) {
        const colon = line.indexOf(':');
        if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
      }
      const disposition = headers.get('content-disposition') ?? '';
      const chunks = untilDelimiter();
      const stream = new ReadableStream<Uint8Array>(
        {
          async pull(controller) {
            try {
              const next = await chunks.next();
              if (next.done) controller.close();
              else controller.enqueue(next.value);
            } catch (error) {
              controller.error(error);
            }
          },
        },
        { highWaterMark: 0 },
      );
      yield {
        name: headerParam(disposition, 'name') ?? '',
        fileName: headerParam(disposition, 'filename'),
        contentType: headers.get('content-type') ?? null,
        body: stream,
        async text(maxBytes = 64 * 1024) {
          let bytes: Uint8Array = new Uint8Array(0);
          const r = stream.getReader();
          for (;;) {
            const { done, value } = await r.read();
            if (done) break;
            bytes = concat(bytes, value);
            if (bytes.length > maxBytes) throw new MultipartError('A form field is too long');
          }
          return new TextDecoder().decode(bytes);
        },
      };
      // Whatever the consumer left of this part.
      for await (const _ of chunks);
    }
  } finally {
    reader.releaseLock();
  }
}
