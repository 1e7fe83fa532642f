import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { THINK_MESSAGES } from '../../worker/contract/think';
import { api, createAdmin, createUser, db, login, schema, type TestUser } from './helpers';

let adminToken: string;
let learner: TestUser;
let learnerToken: string;

beforeAll(async () => {
  adminToken = await login(await createAdmin());
  learner = await createUser({
    username: 'whistle.blower',
    email: 'whistle.blower@plant.test',
    firstName: 'Wanda',
    lastName: 'Whistler',
  });
  learnerToken = await login(learner);
});

const body = (extra: Record<string, unknown> = {}) => ({
  type: 'COMPLAINT',
  subject: 'Blocked fire exit',
  description: 'Pallets block exit B',
  ...extra,
});

describe('who may call the Think routes', () => {
  const adminRoutes: [string, string, unknown?][] = [
    ['GET', '/api/think/admin/all'],
    ['POST', '/api/think/admin/x1/respond', { response: 'ok' }],
    ['PUT', '/api/think/admin/x1/status', { status: 'RESOLVED' }],
  ];
  it.each(adminRoutes)('%s %s: 401 for a visitor, 403 for a learner', async (method, path, b) => {
    expect((await api(method, path, { body: b })).status).toBe(401);
    expect((await api(method, path, { body: b, token: learnerToken })).status).toBe(403);
  });
  it('POST /submit and GET /user/submissions need a session; POST /public/submit does not', async () => {
    expect((await api('POST', '/api/think/submit', { body: body() })).status).toBe(401);
    expect((await api('GET', '/api/think/user/submissions')).status).toBe(401);
    expect(
      (await api('POST', '/api/think/public/submit', { body: body(), headers: { 'cf-connecting-ip': '10.0.0.1' } }))
        .status,
    ).toBe(201);
  });
});

describe('submitting', () => {
  it('requires type, subject and description', async () => {
    const res = await api('POST', '/api/think/submit', { token: learnerToken, body: { type: 'RANT' } });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({
      type: THINK_MESSAGES.type,
      subject: THINK_MESSAGES.subject,
      description: THINK_MESSAGES.description,
    });
  });

  it('lists a learner their own named submissions only', async () => {
    const other = await login(await createUser());
    await api('POST', '/api/think/submit', { token: other, body: body({ subject: 'Not yours' }) });
    const mine = await api('POST', '/api/think/submit', {
      token: learnerToken,
      body: body({ type: 'QUERY', subject: 'Where are the gloves?' }),
    });
    expect(mine.status).toBe(201);
    expect(mine.body).toEqual({ message: THINK_MESSAGES.submitted, id: expect.any(String) });
    const list = await api('GET', '/api/think/user/submissions', { token: learnerToken });
    expect(list.body.map((s: any) => s.subject)).toContain('Where are the gloves?');
    expect(list.body.map((s: any) => s.subject)).not.toContain('Not yours');
    expect(list.body[0]).toMatchObject({
      userName: 'Wanda Whistler',
      isAnonymous: false,
      anonymous: false,
      status: 'OPEN',
      adminResponse: null,
    });
  });

  it('rate-limits public submissions per IP address', async () => {
    const headers = { 'cf-connecting-ip': '203.0.113.9' };
    for (let i = 0; i < 10; i++)
      expect((await api('POST', '/api/think/public/submit', { body: body(), headers })).status).toBe(201);
    const limited = await api('POST', '/api/think/public/submit', { body: body(), headers });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(THINK_MESSAGES.rateLimited);
  });
});

describe('anonymity', () => {
  it('stores nothing that links an anonymous submission to its author, and no admin response reveals them', async () => {
    const secret = 'Supervisor ignores lockout procedure';
    const res = await api('POST', '/api/think/submit', {
      token: learnerToken,
      body: body({ subject: secret, isAnonymous: true }),
    });
    expect(res.status).toBe(201);
    const row = await db.select().from(schema.feedback).where(eq(schema.feedback.id, res.body.id)).get();
    expect(row).toMatchObject({ isAnonymous: true, userId: null, userName: null });
    // The author cannot list it either: nothing links it back.
    const mine = await api('GET', '/api/think/user/submissions', { token: learnerToken });
    expect(mine.body.map((s: any) => s.subject)).not.toContain(secret);

    const traces = [learner.id, learner.username, learner.email, 'Wanda', 'Whistler'];
    const responses = [
      await api('GET', '/api/think/admin/all', { token: adminToken }),
      await api('POST', `/api/think/admin/${res.body.id}/respond`, {
        token: adminToken,
        body: { response: 'We will check the lockout.' },
      }),
      await api('PUT', `/api/think/admin/${res.body.id}/status`, { token: adminToken, body: { status: 'RESOLVED' } }),
    ];
    const all = responses[0].body.find((s: any) => s.id === res.body.id);
    expect(all).toMatchObject({ userName: 'Anonymous', isAnonymous: true, anonymous: true });
    for (const r of responses) {
      expect(r.status).toBe(200);
      const text = JSON.stringify(r.body.submission ?? r.body.find((s: any) => s.id === res.body.id));
      for (const trace of traces) expect(text).not.toContain(trace);
    }
    // Named submissions carry no user id either.
    expect(JSON.stringify(responses[0].body)).not.toContain(learner.id);
    // The admin finds it by the author the list shows, "Anonymous"; the learner's name finds nothing of it.
    const byShownAuthor = await api('GET', '/api/think/admin/all?search=anonymous&page=1&limit=100', {
      token: adminToken,
    });
    expect(byShownAuthor.body.submissions.map((s: any) => s.id)).toContain(res.body.id);
    const byRealName = await api('GET', '/api/think/admin/all?search=Wanda&page=1&limit=100', { token: adminToken });
    expect(byRealName.body.submissions.map((s: any) => s.id)).not.toContain(res.body.id);
  });
});

describe('responding', () => {
  it('stores the response; without a status OPEN becomes IN_PROGRESS; the learner sees it', async () => {
    const made = await api('POST', '/api/think/submit', {
      token: learnerToken,
      body: body({ subject: 'Noise in hall 3' }),
    });
    const empty = await api('POST', `/api/think/admin/${made.body.id}/respond`, {
      token: adminToken,
      body: { response: ' ' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(THINK_MESSAGES.response);
    const res = await api('POST', `/api/think/admin/${made.body.id}/respond`, {
      token: adminToken,
      body: { response: 'Ear protection is on its way.' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: THINK_MESSAGES.responded,
      submission: { status: 'IN_PROGRESS', adminResponse: 'Ear protection is on its way.' },
    });
    expect(res.body.submission.respondedAt).toBeTruthy();
    const resolved = await api('POST', `/api/think/admin/${made.body.id}/respond`, {
      token: adminToken,
      body: { response: 'Delivered.', status: 'RESOLVED' },
    });
    expect(resolved.body.submission.status).toBe('RESOLVED');
    const mine = await api('GET', '/api/think/user/submissions', { token: learnerToken });
    expect(mine.body.find((s: any) => s.id === made.body.id)).toMatchObject({
      adminResponse: 'Delivered.',
      status: 'RESOLVED',
    });
    expect(
      (await api('POST', '/api/think/admin/nope/respond', { token: adminToken, body: { response: 'x' } })).status,
    ).toBe(404);
  });
});
