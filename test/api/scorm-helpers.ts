import { strToU8, zipSync } from 'fflate';
import { expect } from 'vitest';
import demoManifest from '../../scripts/seed-assets/ppe-quiz-scorm/imsmanifest.xml?raw';
import demoIndex from '../../scripts/seed-assets/ppe-quiz-scorm/index.html?raw';
import demoQuiz from '../../scripts/seed-assets/ppe-quiz-scorm/quiz.js?raw';
import demoStyle from '../../scripts/seed-assets/ppe-quiz-scorm/style.css?raw';
import { api, createAdmin, createDomain, db, env, login, schema } from './helpers';

/** Shared by the SCORM API test files: the admin, the book, the uploaded demo package, a course that uses it. */

export let admin: string;
export let book: string;

export const demoFiles = () => ({
  'imsmanifest.xml': strToU8(demoManifest),
  'index.html': strToU8(demoIndex),
  'quiz.js': strToU8(demoQuiz),
  'style.css': strToU8(demoStyle),
});

export type Part = ArrayBuffer | ArrayBufferView | Blob | string;

export function form(name: string, bytes: Part, fields: Record<string, string> = {}) {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  data.append('file', new File([bytes], name, { type: 'application/zip' }));
  return data;
}

export const upload = (data: FormData, token = admin) => api('POST', '/api/v2/materials/upload', { token, raw: data });

export async function storedKeys(): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.FILES.list({ prefix: 'materials/', cursor });
    keys.push(...page.objects.map((o) => o.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys;
}

async function materialCount() {
  return (await db.select({ id: schema.materials.id }).from(schema.materials)).length;
}

/** Uploads must be refused with `message`, and leave no new stored file nor row. */
export async function expectRefused(data: FormData, status: number, message: string) {
  const [keysBefore, rowsBefore] = [await storedKeys(), await materialCount()];
  const res = await upload(data);
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.message).toBe(message);
  expect(await storedKeys()).toEqual(keysBefore);
  expect(await materialCount()).toBe(rowsBefore);
}

/** A published course whose only component uses the material; `learners` enrolled. */
export async function scormCourse(
  materialId: string,
  learners: string[] = [],
  extra: 'POST_ASSESSMENT' | null = null,
  /** The component's minimum time before a pass counts (its admin setting); unset, the default applies. */
  scormMinimumSeconds: number | null = 0,
) {
  const courseId = crypto.randomUUID();
  await db
    .insert(schema.courses)
    .values({ id: courseId, title: 'PPE (SCORM)', domainId: book, status: 'PUBLISHED', hasBeenPublished: true });
  const componentId = crypto.randomUUID();
  await db.insert(schema.components).values({
    id: componentId,
    courseId,
    type: 'MATERIAL',
    orderIndex: 1,
    materialId,
    data: {
      materialId,
      title: 'PPE quiz',
      type: 'SCORM',
      ...(scormMinimumSeconds === null ? {} : { scormMinimumSeconds }),
    },
  });
  let nextId: string | null = null;
  if (extra) {
    nextId = crypto.randomUUID();
    await db.insert(schema.components).values({
      id: nextId,
      courseId,
      type: extra,
      orderIndex: 2,
      data: { title: 'Post', timeLimit: 10, passingScore: 70, maxAttempts: 3, questions: [] },
    });
  }
  for (const userId of learners) {
    await db.insert(schema.courseProgress).values({ id: crypto.randomUUID(), userId, courseId });
    await db.insert(schema.componentProgress).values({ id: crypto.randomUUID(), userId, courseId, componentId });
    if (nextId)
      await db
        .insert(schema.componentProgress)
        .values({ id: crypto.randomUUID(), userId, courseId, componentId: nextId });
  }
  return { courseId, componentId, nextId };
}

export let demo: {
  id: string;
  scorm: { version: string; fileCount: number; title: string; masteryScore: number | null; launchPath: string };
};

/** Signs the admin in and uploads the demo package (each test file's `beforeAll`). */
export async function setUpScorm() {
  // Book names are unique and both SCORM test files run in one shared runtime: the default name is unique.
  book = await createDomain();
  admin = await login(await createAdmin());
  const res = await upload(form('ppe-essentials-quiz.zip', zipSync(demoFiles()), { title: 'PPE quiz' }));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  demo = res.body;
}
