import { createExecutionContext, SELF } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { desc, eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';
import { expect } from 'vitest';
import { app } from '../../worker/app';
import * as schema from '../../worker/db/schema';
import { hashPassword } from '../../worker/services/password';

export const db = drizzle(env.DB, { schema });
export { env, schema };

export interface ApiResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** A real HTTP request to the Worker running in workerd. */
export async function api<T = any>(
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string>; raw?: BodyInit } = {},
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: BodyInit | undefined = options.raw;
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const request = new Request(`http://localhost${path}`, { method, headers, body });
  // API calls go to the Worker's own fetch handler (worker/index.ts exports app.fetch) with the real
  // D1 and R2 bindings; everything else (static assets, served by the runtime before the Worker)
  // through SELF. In @cloudflare/vitest-pool-workers 0.15.1 each SELF.fetch within one test is
  // slower than the last (workers-sdk issue 15446): a test walking the route table three times took
  // 36 s. waitUntil work runs on after the answer, as it does behind SELF.
  const response = path.startsWith('/api/')
    ? await app.fetch(request, env, createExecutionContext())
    : await SELF.fetch(request);
  const type = response.headers.get('content-type') ?? '';
  const parsed = type.includes('application/json') ? await response.json() : await response.text();
  return { status: response.status, body: parsed as T, headers: response.headers };
}

let counter = 0;
export const DEFAULT_PASSWORD = 'Str0ng!Pass#1';

export interface TestUser {
  id: string;
  username: string;
  email: string;
  password: string;
}

/**
 * One real hash (PBKDF2, the production iterations) per password and test file: arranging a user
 * is not what these tests measure, and hashing each of the suite's users afresh cost a PBKDF2 run
 * (25-50 ms of CPU on the two-core machine) per user. Sign-in still verifies the hash every time.
 */
const hashes = new Map<string, Promise<string>>();
const hashOnce = (password: string) => {
  let hash = hashes.get(password);
  if (!hash) hashes.set(password, (hash = hashPassword(password)));
  return hash;
};

/** Inserts a user straight into D1 (arrange step); sign in through the API to act. */
export async function createUser(
  overrides: Partial<typeof schema.users.$inferInsert> & { password?: string; domainIds?: string[] } = {},
): Promise<TestUser> {
  counter += 1;
  const { password = DEFAULT_PASSWORD, domainIds = [], ...rest } = overrides;
  const id = crypto.randomUUID();
  const username = rest.username ?? `user${counter}_${id.slice(0, 6)}`;
  const email = rest.email ?? `${username}@example.test`;
  await db.insert(schema.users).values({
    id,
    username,
    email,
    passwordHash: await hashOnce(password),
    role: 'USER',
    firstName: 'Test',
    lastName: `User${counter}`,
    ...rest,
  });
  for (const domainId of domainIds) await db.insert(schema.userDomains).values({ userId: id, domainId });
  return { id, username, email, password };
}

export const createAdmin = (overrides: Parameters<typeof createUser>[0] = {}) =>
  createUser({ role: 'ADMIN', firstName: 'Ada', lastName: 'Admin', ...overrides });

export async function login(user: Pick<TestUser, 'username' | 'password'>): Promise<string> {
  const res = await api('POST', '/api/auth/login', { body: { username: user.username, password: user.password } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.token as string;
}

export async function createDomain(name = `Book ${++counter}`): Promise<string> {
  const id = crypto.randomUUID();
  await db.insert(schema.domains).values({ id, name, description: `${name} description` });
  return id;
}

/** The learner has finished the course, as the last step's completion leaves it (what issuing a certificate reads). */
export async function completeCourse(userId: string, courseId: string, completedAt = new Date().toISOString()) {
  await db.insert(schema.courseProgress).values({
    id: crypto.randomUUID(),
    userId,
    courseId,
    status: 'COMPLETED',
    overallProgress: 100,
    completedAt,
  });
}

export async function userRow(id: string) {
  return db.select().from(schema.users).where(eq(schema.users.id, id)).get();
}

/**
 * The mail sent to `address`, newest first. Reset and change notices are written after the answer
 * (so a registered address answers as fast as an unknown one), so this waits for `atLeast` rows.
 */
export async function mailsTo(address: string, atLeast = 1) {
  const read = () =>
    db
      .select()
      .from(schema.mailOutbox)
      .where(eq(schema.mailOutbox.to, address))
      .orderBy(desc(schema.mailOutbox.createdAt));
  for (let i = 0; i < 100; i++) {
    const rows = await read();
    if (rows.length >= atLeast) return rows;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return read();
}

let ipCounter = 0;
/** A fresh client address per call: the per-IP limits of one test never touch another. */
export const freshIp = () => ({ 'cf-connecting-ip': `203.0.113.${++ipCounter}` });

/** POST /api/auth/login from a fresh client address (or the given headers). */
export const signIn = (username: string, password: string, headers: Record<string, string> = freshIp()) =>
  api('POST', '/api/auth/login', { headers, body: { username, password } });
