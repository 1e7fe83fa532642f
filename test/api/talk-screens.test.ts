import { beforeAll, describe, expect, it } from 'vitest';
import { adminSession, personSession } from './evaluation-helpers';
import { api } from './helpers';
import { createTopic, foremanSession, talkBody } from './talk-helpers';

/** What the toolbox talk screens read (issue 29, talkui): the topic's PDF handout, talk lists, the record. */

let adminToken: string;

beforeAll(async () => {
  adminToken = (await adminSession()).token;
});

const pdf = (extra = 0) => new TextEncoder().encode(`%PDF-1.4\n${'%'.repeat(extra)}\n%%EOF\n`);

describe('a talk topic PDF handout', () => {
  it('is stored for a content manager, replaced by a new one, read by foremen and refused when not a short PDF', async () => {
    const topic = await createTopic(adminToken);
    const path = `/api/v2/admin/talk-topics/${topic.id}/pdf`;
    const put = (raw: Uint8Array, type = 'application/pdf', token = adminToken) =>
      api('PUT', path, { token, raw, headers: { 'Content-Type': type } });

    const stored = await put(pdf());
    expect(stored.status, JSON.stringify(stored.body)).toBe(200);
    expect(stored.body.topic.pdfBytes).toBe(pdf().byteLength);
    expect((await put(pdf(10))).body.topic.pdfBytes).toBe(pdf(10).byteLength);

    const notPdf = await put(new TextEncoder().encode('<html>not a pdf</html>'));
    expect([notPdf.status, notPdf.body.reason]).toEqual([415, 'talkTopic.pdfType']);
    const tooLarge = await put(pdf(800 * 1024));
    expect([tooLarge.status, tooLarge.body.reason]).toEqual([413, 'talkTopic.pdfTooLarge']);
    const learner = await personSession();
    expect((await put(pdf(), 'application/pdf', learner.token)).status).toBe(403);

    const foreman = await foremanSession(adminToken);
    const read = await api('GET', `/api/v2/talks/topics/${topic.id}/pdf`, { token: foreman.token });
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('application/pdf');
    const topics = await api('GET', '/api/v2/talks/topics', { token: foreman.token });
    expect(topics.body.topics.find((t: { id: string }) => t.id === topic.id).pdfBytes).toBe(pdf(10).byteLength);
    expect((await api('GET', `/api/v2/talks/topics/${topic.id}/pdf`, { token: learner.token })).status).toBe(403);

    // A topic without a handout is still viewable as a PDF: its text, printed.
    const bare = await createTopic(adminToken);
    const printed = await api('GET', `/api/v2/talks/topics/${bare.id}/pdf`, { token: foreman.token });
    expect(printed.status).toBe(200);
    expect(printed.headers.get('content-type')).toBe('application/pdf');
    expect(printed.headers.get('content-length')).toMatch(/^[1-9]\d{2,}$/);
    expect(String(printed.body).startsWith('%PDF-')).toBe(true);
  });
});

describe('talk lists and the training record', () => {
  it("lists a foreman's talks led, an attendee's talks attended and the talks on the admin's training record", async () => {
    const topic = await createTopic(adminToken);
    const foreman = await foremanSession(adminToken);
    const a = await personSession({ firstName: 'Ana', lastName: 'Crew' });
    const b = await personSession({ firstName: 'Ben', lastName: 'Crew' });
    const body = talkBody(topic.id, [
      { id: a.user.id, name: 'Ana Crew' },
      { id: b.user.id, name: 'Ben Crew' },
    ]);
    expect((await api('POST', '/api/v2/talks', { token: foreman.token, body })).status).toBe(201);

    const led = await api('GET', '/api/v2/talks', { token: foreman.token });
    expect(led.body.talks).toEqual([
      expect.objectContaining({
        id: body.id,
        topicTitle: topic.title,
        attendeeCount: 2,
        method: null,
        sheetUrl: `/api/v2/talks/${body.id}/sheet.pdf`,
      }),
    ]);
    const attended = await api('GET', '/api/v2/talks?as=attendee', { token: b.token });
    expect(attended.body.talks).toEqual([
      expect.objectContaining({ id: body.id, method: 'on-behalf', signedByName: 'Fran Foreman' }),
    ]);
    expect((await api('GET', '/api/v2/talks?as=attendee', { token: foreman.token })).body.talks).toEqual([]);

    const record = await api('GET', `/api/v2/admin/users/${a.user.id}/training-record`, { token: adminToken });
    expect(record.status, JSON.stringify(record.body)).toBe(200);
    expect(record.body.talks).toEqual([expect.objectContaining({ id: body.id, method: 'signature' })]);

    // The admin user screen reads the foreman capability from the user list's row.
    const user = await api('GET', `/api/users/${foreman.user.id}`, { token: adminToken });
    expect(user.body.user?.leadsTalks ?? user.body.leadsTalks).toBe(true);
  });
});
