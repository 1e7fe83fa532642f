import { expect } from 'vitest';
import { api, createAdmin, createDomain, createUser, db, login, schema } from './helpers';

/** Shared by the materials API test files: the signed-in people, uploads, generated files. */

export let admin: string;
export let learner: string;
export let learnerId: string;
export let outsider: string;
export let book: string;

export const PDF_BYTES = new TextEncoder().encode('%PDF-1.7\n0123456789abcdefghijklmnopqrstuvwxyz\n%%EOF\n');

export function form(
  file: { name: string; bytes: Uint8Array; type?: string } | null,
  fields: Record<string, string> = {},
): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  if (file) data.append('file', new File([file.bytes], file.name, { type: file.type ?? 'application/octet-stream' }));
  return data;
}

export async function upload(body: FormData, token = admin) {
  return api('POST', '/api/v2/materials/upload', { token, raw: body });
}

export async function uploadPdf(fields: Record<string, string> = {}, name = 'Fire Guide.pdf') {
  const res = await upload(form({ name, bytes: PDF_BYTES, type: 'application/pdf' }, fields));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; title: string; fileUrl: string; [key: string]: unknown };
}

/** Enrols `userId` in a published course whose component uses the material. */
export async function useInCourse(materialId: string, enrolUserId?: string) {
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
    data: { materialId, title: 'M', type: 'PDF' },
  });
  if (enrolUserId)
    await db.insert(schema.courseProgress).values({ id: crypto.randomUUID(), userId: enrolUserId, courseId });
  return courseId;
}

export async function sha256(stream: ReadableStream<Uint8Array>): Promise<string> {
  const digest = new crypto.DigestStream('SHA-256');
  await stream.pipeTo(digest);
  return [...new Uint8Array(await digest.digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Deterministic pseudo-random bytes, produced on demand in 64 KiB chunks; the first chunk starts with `head`. */
export function generatedFile(size: number, head: Uint8Array) {
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
  return {
    stream,
    produced: () => produced,
    digest: async () => [...new Uint8Array(await digest.digest)].map((b) => b.toString(16).padStart(2, '0')).join(''),
  };
}

/**
 * Signs in a file's people (an admin, an enrolled learner, an outsider in the same book). Book names
 * are unique, so each file names its own.
 */
export async function signInPeople(bookName: string) {
  book = await createDomain(bookName);
  admin = await login(await createAdmin());
  const enrolled = await createUser({ domainIds: [book] });
  learnerId = enrolled.id;
  learner = await login(enrolled);
  outsider = await login(await createUser({ domainIds: [book] }));
}
