import { expect } from 'vitest';
import { createCourse } from './fixtures';
import { api, createAdmin, createUser, db, login, schema, type TestUser } from './helpers';

/** Arrange steps shared by the evaluation and authorisation API tests (issue 28). */

let seq = 0;
const unique = () => `${++seq}-${crypto.randomUUID().slice(0, 6)}`;

export interface TemplateFixture {
  id: string;
  familyId: string;
  itemIds: string[];
  criticalItemId: string;
}

export async function adminSession(overrides: Parameters<typeof createAdmin>[0] = {}) {
  const user = await createAdmin(overrides);
  return { user, token: await login(user) };
}

export async function personSession(overrides: Parameters<typeof createUser>[0] = {}) {
  const user = await createUser(overrides);
  return { user, token: await login(user) };
}

/** A template body: `items` items, the first critical. */
export function templateBody(
  options: { items?: number; qualification?: { kind: string; id: string } | null; validityDays?: number | null } = {},
) {
  const name = `Reach truck ${unique()}`;
  return {
    name,
    description: 'Observed on the warehouse floor',
    grants: `Powered industrial truck — reach truck (${name})`,
    validityDays: options.validityDays === undefined ? 1095 : options.validityDays,
    evaluatorQualification: options.qualification ?? null,
    items: Array.from({ length: options.items ?? 3 }, (_, i) => ({
      text: `Item ${i + 1}: ${['pre-use inspection', 'load handling', 'parking'][i % 3]}`,
      critical: i === 0,
    })),
  };
}

/** Creates and publishes a template through the admin API. */
export async function publishedTemplate(
  adminToken: string,
  options: Parameters<typeof templateBody>[0] = {},
): Promise<TemplateFixture> {
  const created = await api('POST', '/api/v2/admin/evaluation-templates', {
    token: adminToken,
    body: templateBody(options),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.template.id as string;
  const published = await api('POST', `/api/v2/admin/evaluation-templates/${id}/publish`, { token: adminToken });
  expect(published.status, JSON.stringify(published.body)).toBe(200);
  const items = published.body.template.items as { id: string; critical: boolean }[];
  return {
    id,
    familyId: published.body.template.familyId,
    itemIds: items.map((item) => item.id),
    criticalItemId: items.find((item) => item.critical)!.id,
  };
}

/** A course certificate held by `userId` (arrange step: what completing the course would issue). */
export async function giveCertificate(
  userId: string,
  courseId: string,
  options: { issuedAt?: string; expiresAt?: string } = {},
) {
  await db.insert(schema.certificates).values({
    id: crypto.randomUUID(),
    certificateNumber: `CERT-EVAL-${crypto.randomUUID().slice(0, 8).toUpperCase()}`,
    userId,
    courseId,
    userName: 'Evaluator',
    courseName: 'Evaluator course',
    issuedAt: options.issuedAt ?? new Date(Date.now() - 86_400_000).toISOString(),
    expiresAt: options.expiresAt ?? new Date(Date.now() + 365 * 86_400_000).toISOString(),
  });
}

/** An evaluator qualified by a course certificate, and a template that needs that course. */
export async function qualifiedSetup(adminToken: string, options: Parameters<typeof templateBody>[0] = {}) {
  const course = await createCourse({ components: ['MATERIAL'] });
  const evaluator = await personSession({ firstName: 'Eve', lastName: 'Evaluator' });
  await giveCertificate(evaluator.user.id, course.courseId);
  const trainee = await personSession({ firstName: 'Tom', lastName: 'Trainee', department: `Warehouse ${unique()}` });
  const template = await publishedTemplate(adminToken, {
    ...options,
    qualification: { kind: 'course', id: course.courseId },
  });
  return { course, evaluator, trainee, template };
}

/** An evaluation body for `template`: every item PASS unless `results` says otherwise. */
export function evaluationBody(
  template: TemplateFixture,
  trainee: TestUser,
  evaluator: TestUser,
  overrides: Record<string, unknown> & { results?: Record<number, string> } = {},
) {
  const { results = {}, ...rest } = overrides;
  return {
    id: crypto.randomUUID(),
    templateId: template.id,
    traineeId: trainee.id,
    items: template.itemIds.map((itemId, index) => ({ itemId, result: results[index] ?? 'PASS', note: '' })),
    outcome: 'COMPETENT',
    note: 'Observed for 20 minutes',
    conductedAt: new Date(Date.now() - 60_000).toISOString(),
    photoCount: 0,
    password: evaluator.password,
    ...rest,
  };
}

/** Rows stored for an evaluation id (to prove a refusal stored nothing). */
export async function storedFor(evaluationId: string) {
  const [evaluations, results, grants] = await Promise.all([
    db.select().from(schema.evaluations).all(),
    db.select().from(schema.evaluationItemResults).all(),
    db.select().from(schema.authorisations).all(),
  ]);
  return {
    evaluations: evaluations.filter((row) => row.id === evaluationId).length,
    results: results.filter((row) => row.evaluationId === evaluationId).length,
    authorisations: grants.filter((row) => row.evaluationId === evaluationId).length,
  };
}

/** A minimal valid PNG (1x1), and bytes that claim to be one but are not. */
export const PNG_BYTES = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='),
  (ch) => ch.charCodeAt(0),
);
export const PNG_DATA_URL = `data:image/png;base64,${btoa(String.fromCharCode(...PNG_BYTES))}`;
