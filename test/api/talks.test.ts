import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminSession, PNG_DATA_URL, personSession } from './evaluation-helpers';
import { api, db, schema } from './helpers';
import { createTopic, foremanSession, storedTalk, talkBody, uniqueTitle } from './talk-helpers';

/** Toolbox talks (issue 29): the topic library, a signed talk sent from a device, its record and sheet. */

let adminToken: string;

beforeAll(async () => {
  adminToken = (await adminSession()).token;
});

async function crew(n = 3) {
  const people = [];
  for (let i = 0; i < n; i++) {
    const person = await personSession({ firstName: `Crew${i}`, lastName: 'Member', jobTitle: 'Roofer' });
    people.push({ id: person.user.id, name: `Crew${i} Member`, token: person.token });
  }
  return people;
}

describe('talk topics (admin library)', () => {
  it('creates, lists, edits and retires a topic, with an audit row each, for content managers only', async () => {
    const topic = await createTopic(adminToken);
    const list = await api('GET', '/api/v2/admin/talk-topics', { token: adminToken });
    expect(list.body.topics.map((t: { id: string }) => t.id)).toContain(topic.id);
    const edited = await api('PUT', `/api/v2/admin/talk-topics/${topic.id}`, {
      token: adminToken,
      body: { title: `${topic.title} (rev)`, body: 'New text', languages: ['en'] },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.topic).toMatchObject({ title: `${topic.title} (rev)`, languages: ['en'] });
    const retired = await api('POST', `/api/v2/admin/talk-topics/${topic.id}/retire`, { token: adminToken });
    expect(retired.body.topic.retiredAt).toEqual(expect.any(String));
    expect((await api('POST', `/api/v2/admin/talk-topics/${topic.id}/retire`, { token: adminToken })).status).toBe(409);
    const audit = await db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, topic.id));
    expect(audit.map((row) => row.action).sort()).toEqual([
      'TALK_TOPIC_CREATED',
      'TALK_TOPIC_RETIRED',
      'TALK_TOPIC_UPDATED',
    ]);

    const learner = await personSession();
    expect((await api('GET', '/api/v2/admin/talk-topics', { token: learner.token })).status).toBe(403);
    const contentless = await adminSession({ permissions: { moduleManagement: false } });
    const refused = await api('POST', '/api/v2/admin/talk-topics', {
      token: contentless.token,
      body: { title: uniqueTitle('Ladders'), body: 'Three points of contact', languages: ['en'] },
    });
    expect(refused.status).toBe(403);
  });

  it('refuses a topic without a title, too long a text or no language, with clear messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ title: ' ', body: 'x', languages: ['en'] }, 'talkTopic.title'],
      [{ title: 'Ladders', body: 'x'.repeat(6001), languages: ['en'] }, 'talkTopic.bodyLength'],
      [{ title: 'Ladders', body: 'x', languages: [] }, 'talkTopic.languages'],
      [{ title: 'Ladders', body: 'x', languages: ['fr'] }, 'talkTopic.languages'],
    ];
    for (const [body, reason] of cases) {
      const res = await api('POST', '/api/v2/admin/talk-topics', { token: adminToken, body });
      expect(res.status, reason).toBe(400);
      expect(res.body.reason, JSON.stringify(res.body)).toBe(reason);
    }
  });
});

describe('POST /api/v2/talks', () => {
  it('stores a talk sent three times from a device once, and refuses another body under its id', async () => {
    const topic = await createTopic(adminToken);
    const foreman = await foremanSession(adminToken);
    const people = await crew();
    const body = talkBody(topic.id, people);
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await api('POST', '/api/v2/talks', { token: foreman.token, body }));
    expect(answers.map((a) => a.status)).toEqual([201, 200, 200]);
    expect(await storedTalk(body.id)).toEqual({ talks: 1, lines: 3 });
    const audit = await db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entityId, body.id), eq(schema.auditLog.action, 'TALK_SIGNED')));
    expect(audit).toHaveLength(1);
    const talk = answers[0]!.body.talk;
    expect(talk).toMatchObject({
      id: body.id,
      topicTitle: topic.title,
      foremanName: 'Fran Foreman',
      foremanMethod: 'password',
      meaning: 'I led this toolbox talk and these people attended',
    });
    // On behalf of someone: both names and the reason are kept.
    expect(talk.attendees[1]).toMatchObject({
      name: people[1]!.name,
      method: 'on-behalf',
      signedByName: 'Fran Foreman',
      reason: 'Bandaged hand',
      hasSignature: false,
      jobTitle: 'Roofer',
    });
    expect(talk.attendees[0]).toMatchObject({ method: 'signature', hasSignature: true, signedByName: null });

    const other = await api('POST', '/api/v2/talks', {
      token: foreman.token,
      body: { ...body, attendees: body.attendees.slice(0, 2) },
    });
    expect(other.status).toBe(409);
    expect(other.body.reason).toBe('talk.idReused');
    expect(await storedTalk(body.id)).toEqual({ talks: 1, lines: 3 });
  });

  it('lets only a foreman (or an administrator) lead a talk', async () => {
    const topic = await createTopic(adminToken);
    const worker = await personSession();
    const people = await crew(1);
    const body = talkBody(topic.id, people);
    const refused = await api('POST', '/api/v2/talks', { token: worker.token, body });
    expect(refused.status).toBe(403);
    expect(refused.body.reason).toBe('talk.notLeader');
    expect(await storedTalk(body.id)).toEqual({ talks: 0, lines: 0 });
    expect((await api('GET', '/api/v2/talks/topics', { token: worker.token })).status).toBe(403);

    // Only an administrator who manages people gives the capability.
    const contentOnly = await adminSession({ permissions: { userManagement: false } });
    const flag = await api('PUT', `/api/v2/admin/talk-leaders/${worker.user.id}`, {
      token: contentOnly.token,
      body: { leadsTalks: true },
    });
    expect(flag.status).toBe(403);
    await api('PUT', `/api/v2/admin/talk-leaders/${worker.user.id}`, {
      token: adminToken,
      body: { leadsTalks: true },
    });
    const topics = await api('GET', '/api/v2/talks/topics', { token: worker.token });
    expect(topics.body.topics.map((t: { id: string }) => t.id)).toContain(topic.id);
    expect((await api('POST', '/api/v2/talks', { token: worker.token, body })).status).toBe(201);
    // The crew a foreman may put on the sheet: other people, never themselves.
    const crewRow = await db.select().from(schema.users).where(eq(schema.users.id, people[0]!.id)).get();
    const found = await api('GET', `/api/v2/talks/crew?query=${crewRow!.username}`, { token: worker.token });
    expect(found.body.people.map((p: { id: string }) => p.id)).toEqual([people[0]!.id]);
    const self = await api('GET', `/api/v2/talks/crew?query=${worker.user.username}`, { token: worker.token });
    expect(self.body.people).toEqual([]);
  });

  it('refuses bad input with clear messages and stores nothing', async () => {
    const topic = await createTopic(adminToken);
    const foreman = await foremanSession(adminToken);
    const people = await crew(2);
    const future = new Date(Date.now() + 3600_000).toISOString();
    // Over 300 KB once decoded (410,000 base64 characters).
    const bigPng = `data:image/png;base64,iVBORw0KGgo${'A'.repeat(410_000)}`;
    const cases: [Record<string, unknown>, number, string, RegExp][] = [
      [{ topicId: crypto.randomUUID() }, 404, 'talk.topicNotFound', /Talk topic not found/],
      [{ attendees: [] }, 400, 'talk.noAttendees', /at least one attendee/],
      [
        {
          attendees: [
            {
              method: 'signature',
              userId: people[0]!.id,
              name: 'A',
              signature: bigPng,
              signedAt: new Date().toISOString(),
            },
          ],
        },
        400,
        'talk.signatureTooLarge',
        /at most 300 KB/,
      ],
      [{ startedAt: future, signedOffAt: future }, 400, 'talk.startedFuture', /cannot start in the future/],
      [{ signedOffAt: future }, 400, 'talk.signedOffOrder', /in the future/],
      [{ foreman: { method: 'password', password: 'wrong-password' } }, 401, 'talk.passwordWrong', /not signed off/],
      [
        { attendees: [{ method: 'on-behalf', name: 'Sam', reason: '', signedAt: new Date().toISOString() }] },
        400,
        'talk.onBehalfReason',
        /on their behalf/,
      ],
    ];
    for (const [over, status, reason, message] of cases) {
      const body = talkBody(topic.id, people, over);
      const res = await api('POST', '/api/v2/talks', { token: foreman.token, body });
      expect(res.status, `${reason}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(status);
      expect(res.body.reason).toBe(reason);
      expect(res.body.message).toMatch(message);
      expect(await storedTalk(body.id)).toEqual({ talks: 0, lines: 0 });
    }
    // The same person twice, and a signature that is not a PNG.
    const twice = talkBody(topic.id, [people[0]!, people[1]!, people[0]!]);
    expect((await api('POST', '/api/v2/talks', { token: foreman.token, body: twice })).body.reason).toBe(
      'talk.attendeeTwice',
    );
    const notPng = talkBody(topic.id, people, {
      attendees: [
        { method: 'signature', name: 'A', signature: 'data:image/png;base64,AAAA', signedAt: new Date().toISOString() },
      ],
    });
    expect((await api('POST', '/api/v2/talks', { token: foreman.token, body: notPng })).body.reason).toBe(
      'talk.signatureInvalid',
    );
  });
});

describe('a large crew', () => {
  it("accepts a talk over the API's usual 1 MB (many drawn signatures) and refuses one over 8 MB, storing nothing", async () => {
    const topic = await createTopic(adminToken);
    const foreman = await foremanSession(adminToken);
    // A real PNG (valid header) padded to about 250 KB, as a phone's high-resolution drawing can be.
    const heavy = `${PNG_DATA_URL.slice(0, -2)}${'A'.repeat(330_000)}`.replace(/=+$/, '');
    const line = (i: number) => ({
      method: 'signature',
      name: `Walk-in ${i}`,
      signature: heavy,
      signedAt: new Date(Date.now() - 600_000).toISOString(),
    });
    const body = talkBody(topic.id, [], { attendees: Array.from({ length: 6 }, (_, i) => line(i)) });
    expect(JSON.stringify(body).length).toBeGreaterThan(1024 * 1024);
    const res = await api('POST', '/api/v2/talks', { token: foreman.token, body });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(201);
    expect(await storedTalk(body.id)).toEqual({ talks: 1, lines: 6 });

    const tooBig = talkBody(topic.id, [], { attendees: Array.from({ length: 26 }, (_, i) => line(i)) });
    const refused = await api('POST', '/api/v2/talks', { token: foreman.token, body: tooBig });
    expect(refused.status).toBe(413);
    expect(refused.body.reason).toBe('talk.tooLarge');
    expect(await storedTalk(tooBig.id)).toEqual({ talks: 0, lines: 0 });
  });
});

describe('reading a talk', () => {
  it('shows the talk to its foreman, its attendees and people administrators; the sheet is a PDF; the QR check is public', async () => {
    const topic = await createTopic(adminToken);
    const foreman = await foremanSession(adminToken);
    const people = await crew(3);
    const body = talkBody(topic.id, people, {
      foreman: { method: 'signature', signature: PNG_DATA_URL },
    });
    expect((await api('POST', '/api/v2/talks', { token: foreman.token, body })).status).toBe(201);
    for (const token of [foreman.token, people[2]!.token, adminToken])
      expect((await api('GET', `/api/v2/talks/${body.id}`, { token })).status).toBe(200);
    const stranger = await personSession();
    expect((await api('GET', `/api/v2/talks/${body.id}`, { token: stranger.token })).status).toBe(404);
    expect((await api('GET', `/api/v2/talks/${body.id}/sheet.pdf`, { token: stranger.token })).status).toBe(404);

    const sheet = await api('GET', `/api/v2/talks/${body.id}/sheet.pdf`, { token: foreman.token });
    expect(sheet.status).toBe(200);
    expect(sheet.headers.get('content-type')).toBe('application/pdf');
    expect(String(sheet.body).startsWith('%PDF')).toBe(true);

    const verify = await api('GET', `/api/v2/talks/${body.id}/verify`);
    expect(verify.status).toBe(200);
    expect(verify.body.talk).toMatchObject({ topicTitle: topic.title, foremanName: 'Fran Foreman' });
    expect(verify.body.talk.attendees).toHaveLength(3);
  });
});
