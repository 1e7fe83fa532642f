import { inject } from 'vitest';

/*
 * Arranging data for a journey without clicking through unrelated screens: the real HTTP API
 * (as a given user) and, for what only the server sees (the mail outbox), the local D1 itself.
 */

export interface ApiClient {
  token: string;
  request<T>(path: string, init?: { method?: string; body?: unknown }): Promise<T>;
}

/** Signs in through POST /api/auth/login and returns a client that sends the bearer token. */
export async function apiAs(username: string, password: string): Promise<ApiClient> {
  const baseURL = inject('baseURL');
  const signIn = () =>
    fetch(`${baseURL}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
  const login = await signIn();
  if (!login.ok) throw new Error(`login as ${username} failed: ${login.status} ${await login.text()}`);
  const { token } = (await login.json()) as { token: string };
  return {
    token,
    async request<T>(path: string, init: { method?: string; body?: unknown } = {}) {
      const response = await fetch(`${baseURL}/api${path}`, {
        method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
        headers: {
          authorization: `Bearer ${token}`,
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      if (!response.ok)
        throw new Error(`${init.method ?? 'GET'} ${path} failed: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    },
  };
}

/**
 * Runs one SQL statement on the Worker's local D1 and returns its rows: through the Worker's own D1
 * binding, by the loopback endpoint of the browser run's setup (global-setup.ts sqlServer).
 */
export async function d1<Row>(sql: string): Promise<Row[]> {
  const [url, token] = inject('sqlURL').split('#');
  const response = await fetch(url, { method: 'POST', headers: { 'x-sql-token': token }, body: sql });
  if (!response.ok) throw new Error(`D1 refused ${sql}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Row[];
}

/**
 * Fires the cron handler the way `npm start`'s front does for `/cdn-cgi/handler/scheduled`
 * (scripts/lib.mjs startCronFront): a POST of the Worker's local-only trigger, which runs every job.
 */
export async function fireCron(at = new Date()): Promise<{ ok: string[]; failed: { job: string }[] }> {
  const response = await fetch(`${inject('baseURL')}/api/__scheduled?time=${at.getTime()}`, {
    method: 'POST',
    headers: { 'x-cron-trigger': inject('cronToken') },
  });
  if (!response.ok) throw new Error(`the cron trigger answered ${response.status}`);
  return (await response.json()) as { ok: string[]; failed: { job: string }[] };
}

/** A unique suffix so journeys that create accounts never collide (the Worker lives for the whole run). */
export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/**
 * A new learner of the named books, signed up by the admin API with a known password (the first
 * password change is done through the API), for journeys that need a learner nobody else touches.
 */
export async function newLearner(
  admin: ApiClient,
  bookNames: string[],
  password = 'Learner#2026fresh',
): Promise<{ id: string; username: string; password: string }> {
  const books = await admin.request<{ id: string; name: string }[]>('/domains');
  const domainIds = bookNames.map((name) => {
    const book = books.find((b) => b.name === name);
    if (!book) throw new Error(`no book named ${name}`);
    return book.id;
  });
  const username = `learner.${unique()}`;
  const created = await admin.request<{ user: { id: string }; password: string }>('/users', {
    body: { username, email: `${username}@example.com`, role: 'USER', firstName: 'Robin', lastName: 'Keys' },
  });
  await admin.request('/users/domains/assign', { method: 'PUT', body: { userIds: [created.user.id], domainIds } });
  const first = await apiAs(username, created.password);
  await first.request('/auth/password', {
    method: 'PUT',
    body: { currentPassword: created.password, newPassword: password },
  });
  return { id: created.user.id, username, password };
}
