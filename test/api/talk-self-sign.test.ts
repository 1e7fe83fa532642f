import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../worker/db/client';
import { JOBS } from '../../worker/scheduled';
import { adminSession, personSession } from './evaluation-helpers';
import { api, db, env, schema } from './helpers';
import { createTopic, foremanSession, talkBody } from './talk-helpers';

/**
 * A crew member signs a toolbox talk on their own phone (issue 29; decision "Signing on one's own
 * phone"): the QR on the foreman's device names the talk's device-made id, its topic and the
 * foreman; the signature waits on the server, keyed by that id, until the foreman's device sends
 * the talk (maybe hours later), then becomes a line with method "account".
 */

let adminToken: string;
beforeAll(async () => {
  adminToken = (await adminSession()).token;
});

async function crew(n: number) {
  const people = [];
  for (let i = 0; i < n; i++) {
    const person = await personSession({ firstName: `Crew${i}`, lastName: 'Phone', jobTitle: 'Scaffolder' });
    people.push({ id: person.user.id, name: `Crew${i} Phone`, token: person.token });
  }
  return people;
}

const selfSign = (talkId: string, token: string, qr: { topicId: string; foremanId: string }) =>
  api('POST', `/api/v2/talks/${talkId}/self-signature`, { token, body: qr });
const readOwn = (talkId: string, token: string, qr: { topicId: string; foremanId: string }) =>
  api('GET', `/api/v2/talks/${talkId}/self-signature?topicId=${qr.topicId}&foremanId=${qr.foremanId}`, { token });
const pendingRows = (talkId: string) =>
  db.select().from(schema.talkSelfSignatures).where(eq(schema.talkSelfSignatures.talkId, talkId));

describe("signing a toolbox talk on one's own phone", () => {
  it('waits for the offline foreman\'s talk, then joins its record once, with method "account"', async () => {
    const topic = await createTopic(adminToken);
    const foreman = await foremanSession(adminToken);
    const [ana, ben, dee] = await crew(3);
    // The device made the id and showed it in the QR; the server has never heard of this talk.
    const body = talkBody(topic.id, [ana!, ben!]);
    const qr = { topicId: topic.id, foremanId: foreman.user.id };

    const before = await readOwn(body.id, dee!.token, qr);
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({
      talk: { id: body.id, topicTitle: topic.title, foremanName: 'Fran Foreman' },
      state: 'open',
      signedAt: null,
    });
    const first = await selfSign(body.id, dee!.token, qr);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({ state: 'pending', signedAt: expect.any(String), expiresAt: expect.any(String) });
    const days = (Date.parse(first.body.expiresAt) - Date.parse(first.body.signedAt)) / 86_400_000;
    expect(days).toBe(30);
    // Idempotent: a second tap (or a retry after a lost answer) keeps the first signature.
    const again = await selfSign(body.id, dee!.token, qr);
    expect(again.status).toBe(200);
    expect(again.body.signedAt).toBe(first.body.signedAt);
    expect(await pendingRows(body.id)).toHaveLength(1);

    // Pending is not attendance: no talk record, nothing on the person's list.
    expect((await api('GET', `/api/v2/talks/${body.id}`, { token: foreman.token })).status).toBe(404);
    expect((await api('GET', '/api/v2/talks?as=attendee', { token: dee!.token })).body.talks).toEqual([]);
    // The foreman's device, when it has a signal, sees who signed on their phone.
    const seen = await api('GET', `/api/v2/talks/${body.id}/self-signatures?topicId=${topic.id}`, {
      token: foreman.token,
    });
    expect(seen.body.people).toEqual([{ userId: dee!.id, name: 'Crew2 Phone', signedAt: first.body.signedAt }]);

    // The foreman closes the talk on the device after the phone signature (still offline).
    body.signedOffAt = new Date().toISOString();
    // The foreman's device sends the talk (three times, as an outbox may): one record with three lines.
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await api('POST', '/api/v2/talks', { token: foreman.token, body }));
    expect(answers.map((a) => a.status)).toEqual([201, 200, 200]);
    const lines = answers[2]!.body.talk.attendees;
    expect(lines.map((l: { name: string; method: string }) => [l.name, l.method])).toEqual([
      ['Crew0 Phone', 'signature'],
      ['Crew1 Phone', 'on-behalf'],
      ['Crew2 Phone', 'account'],
    ]);
    expect(lines[2]).toMatchObject({
      userId: dee!.id,
      jobTitle: 'Scaffolder',
      signedAt: first.body.signedAt,
      hasSignature: false,
      signedByName: null,
    });
    expect(await pendingRows(body.id)).toEqual([]);

    // The person now sees it recorded; signing again answers the same, and their record lists it.
    expect((await readOwn(body.id, dee!.token, qr)).body.state).toBe('recorded');
    const late = await selfSign(body.id, dee!.token, qr);
    expect([late.status, late.body.state]).toEqual([200, 'recorded']);
    const attended = await api('GET', '/api/v2/talks?as=attendee', { token: dee!.token });
    expect(attended.body.talks).toEqual([expect.objectContaining({ id: body.id, method: 'account' })]);
    const verify = await api('GET', `/api/v2/talks/${body.id}/verify`);
    expect(verify.body.talk.attendees[2]).toMatchObject({ name: 'Crew2 Phone', method: 'account' });
    const sheet = await api('GET', `/api/v2/talks/${body.id}/sheet.pdf`, { token: dee!.token });
    expect([sheet.status, String(sheet.body).startsWith('%PDF')]).toEqual([200, true]);

    const audit = await db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entityId, body.id), eq(schema.auditLog.action, 'TALK_SELF_SIGNED')));
    expect(audit.map((row) => row.actorId)).toEqual([dee!.id]);
  });

  it('refuses someone signing a talk already recorded, and writes nothing', async () => {
    const topic = await createTopic(adminToken);
    const foreman = await foremanSession(adminToken);
    const [ana, ben, late] = await crew(3);
    const body = talkBody(topic.id, [ana!, ben!]);
    expect((await api('POST', '/api/v2/talks', { token: foreman.token, body })).status).toBe(201);
    const qr = { topicId: topic.id, foremanId: foreman.user.id };
    for (const res of [await selfSign(body.id, late!.token, qr), await readOwn(body.id, late!.token, qr)]) {
      expect(res.status).toBe(409);
      expect(res.body.reason).toBe('talk.closed');
    }
    expect(await pendingRows(body.id)).toEqual([]);
  });

  it('never counts a signature made after the foreman closed the talk on the device, nor an expired one', async () => {
    const topic = await createTopic(adminToken);
    const foreman = await foremanSession(adminToken);
    const [ana, ben, after, expired] = await crew(4);
    const qr = { topicId: topic.id, foremanId: foreman.user.id };
    // Closed on the device 12 minutes ago (offline): a phone signature now is after the close.
    const closed = talkBody(topic.id, [ana!], { signedOffAt: new Date(Date.now() - 12 * 60_000).toISOString() });
    expect((await selfSign(closed.id, after!.token, qr)).status).toBe(201);
    // A signature whose talk never came: past its expiry it is shown nowhere and never joins.
    expect((await selfSign(closed.id, expired!.token, qr)).status).toBe(201);
    await db
      .update(schema.talkSelfSignatures)
      .set({
        signedAt: new Date(Date.now() - 15 * 60_000).toISOString(),
        expiresAt: new Date(Date.now() - 1000).toISOString(),
      })
      .where(eq(schema.talkSelfSignatures.userId, expired!.id));
    const seen = await api('GET', `/api/v2/talks/${closed.id}/self-signatures?topicId=${topic.id}`, {
      token: foreman.token,
    });
    expect(seen.body.people.map((p: { userId: string }) => p.userId)).toEqual([after!.id]);
    expect((await readOwn(closed.id, expired!.token, qr)).body.state).toBe('open');

    const stored = await api('POST', '/api/v2/talks', { token: foreman.token, body: closed });
    expect(stored.status).toBe(201);
    expect(stored.body.talk.attendees.map((l: { userId: string }) => l.userId)).toEqual([ana!.id]);
    expect(await pendingRows(closed.id)).toEqual([]);

    // The scheduled housekeeping deletes expired pending signatures of talks that never arrived.
    const lost = crypto.randomUUID();
    expect((await selfSign(lost, ben!.token, qr)).status).toBe(201);
    await db
      .update(schema.talkSelfSignatures)
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(schema.talkSelfSignatures.talkId, lost));
    await JOBS.pruneAuthTables!(env, await createDb(env), new Date());
    expect(await pendingRows(lost)).toEqual([]);
  });

  it('refuses the wrong person: the foreman on their own talk, a QR naming no foreman, a retired topic', async () => {
    const topic = await createTopic(adminToken);
    const foreman = await foremanSession(adminToken);
    const [ana, notForeman] = await crew(2);
    const id = crypto.randomUUID();
    const own = await selfSign(id, foreman.token, { topicId: topic.id, foremanId: foreman.user.id });
    expect([own.status, own.body.reason]).toEqual([400, 'talk.foremanAttendee']);
    const fake = await selfSign(id, ana!.token, { topicId: topic.id, foremanId: notForeman!.id });
    expect([fake.status, fake.body.reason]).toEqual([404, 'talk.qrInvalid']);
    const bad = await selfSign(id, ana!.token, { topicId: topic.id, foremanId: '' });
    expect(bad.status).toBe(400);
    await api('POST', `/api/v2/admin/talk-topics/${topic.id}/retire`, { token: adminToken });
    const retired = await selfSign(id, ana!.token, { topicId: topic.id, foremanId: foreman.user.id });
    expect([retired.status, retired.body.reason]).toEqual([404, 'talk.topicNotFound']);
    expect(await pendingRows(id)).toEqual([]);
    // Only a foreman reads who signed on their phone.
    expect(
      (await api('GET', `/api/v2/talks/${id}/self-signatures?topicId=${topic.id}`, { token: ana!.token })).status,
    ).toBe(403);
  });

  it('joins only the talk of the foreman and topic the QR named, and never a person twice', async () => {
    const topic = await createTopic(adminToken);
    const other = await createTopic(adminToken);
    const foreman = await foremanSession(adminToken);
    const stranger = await foremanSession(adminToken);
    const [ana, ben, cy] = await crew(3);
    const body = talkBody(topic.id, [ana!]);
    // Ana also signs on her phone (she is on the device's sheet too): one line, the device's.
    expect((await selfSign(body.id, ana!.token, { topicId: topic.id, foremanId: foreman.user.id })).status).toBe(201);
    // A QR naming another foreman or topic for the same id does not join this foreman's talk.
    expect((await selfSign(body.id, ben!.token, { topicId: topic.id, foremanId: stranger.user.id })).status).toBe(201);
    expect((await selfSign(body.id, cy!.token, { topicId: other.id, foremanId: foreman.user.id })).status).toBe(201);
    const seen = await api('GET', `/api/v2/talks/${body.id}/self-signatures?topicId=${topic.id}`, {
      token: foreman.token,
    });
    expect(seen.body.people.map((p: { userId: string }) => p.userId)).toEqual([ana!.id]);

    body.signedOffAt = new Date().toISOString();
    const stored = await api('POST', '/api/v2/talks', { token: foreman.token, body });
    expect(stored.body.talk.attendees.map((l: { userId: string; method: string }) => [l.userId, l.method])).toEqual([
      [ana!.id, 'signature'],
    ]);
  });
});
