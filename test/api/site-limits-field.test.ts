import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { evaluationBody, publishedTemplate, storedFor } from './evaluation-helpers';
import { api, createUser, db, schema, type TestUser } from './helpers';
import { outside, twoSites } from './site-limit-helpers';
import { inMinutes } from './session-helpers';
import { createTopic, talkBody } from './talk-helpers';

// Issue 30: a site-limited administrator reaches only their site's people through evaluations and
// authorisations, classroom sessions and toolbox talks; an unlimited one still reaches everyone.

let tag: string;
let admin: string;
let adminUser: TestUser;
let limited: string;
let limitedUser: TestUser;
let north: string;
let south: string;
let mine: TestUser;
let theirs: TestUser;

beforeAll(async () => {
  ({ tag, admin, limited, limitedUser, north, south, mine, theirs, adminUser } = await twoSites());
});
const usernames = (people: { username: string }[]) => people.map((p) => p.username);

describe('evaluations and authorisations', () => {
  it('read, sign and revoke for their site’s people only', async () => {
    const template = await publishedTemplate(admin);
    const evaluate = async (person: TestUser) => {
      const res = await api('POST', '/api/v2/evaluations', {
        token: admin,
        body: evaluationBody(template, person, adminUser),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.evaluation as { id: string; authorisation: { id: string } };
    };
    const [ours, others] = [await evaluate(mine), await evaluate(theirs)];
    outside(await api('GET', `/api/v2/evaluations/${others.id}`, { token: limited }));
    expect((await api('GET', `/api/v2/evaluations/${ours.id}`, { token: limited })).status).toBe(200);
    expect((await api('GET', `/api/v2/evaluations/${others.id}`, { token: admin })).status).toBe(200);

    const refused = evaluationBody(template, theirs, limitedUser);
    outside(await api('POST', '/api/v2/evaluations', { token: limited, body: refused }));
    expect(await storedFor(refused.id)).toEqual({ evaluations: 0, results: 0, authorisations: 0 });
    const trainees = await api('GET', `/api/v2/evaluations/trainees?query=${tag}`, { token: limited });
    expect(usernames(trainees.body.people)).toEqual([mine.username]);

    const revoke = (token: string, id: string) =>
      api('POST', `/api/v2/admin/authorisations/${id}/revoke`, { token, body: { reason: 'Unsafe operation' } });
    outside(await revoke(limited, others.authorisation.id));
    const kept = await db
      .select()
      .from(schema.authorisations)
      .where(eq(schema.authorisations.id, others.authorisation.id));
    expect(kept[0]?.revokedAt).toBe(null);
    expect((await revoke(limited, ours.authorisation.id)).status).toBe(200);
    expect((await revoke(admin, others.authorisation.id)).status).toBe(200);
  });
});

describe('classroom sessions', () => {
  const schedule = (token: string, over: Record<string, unknown>) =>
    api('POST', '/api/v2/admin/sessions', {
      token,
      body: {
        title: `Lockout ${tag}`,
        location: 'Room 1',
        startsAt: inMinutes(10),
        endsAt: inMinutes(70),
        capacity: 5,
        outline: 'Energy isolation',
        ...over,
      },
    });

  it('are scheduled on their site, listed, run and filled with their site’s people only', async () => {
    const southTrainer = await createUser({ siteId: south });
    const southSession = await schedule(admin, { trainerIds: [southTrainer.id], siteId: south });
    expect(southSession.status, JSON.stringify(southSession.body)).toBe(201);
    const otherId = southSession.body.session.id as string;

    // Scheduling: their site (the default), their site's trainers.
    outside(await schedule(limited, { trainerIds: [mine.id], siteId: south }));
    outside(await schedule(limited, { trainerIds: [theirs.id] }));
    const own = await schedule(limited, { trainerIds: [mine.id] });
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    expect(own.body.session.site.id).toBe(north);
    const ownId = own.body.session.id as string;

    const list = await api('GET', '/api/v2/admin/sessions', { token: limited });
    const ids = list.body.sessions.map((s: { id: string }) => s.id);
    expect(ids).toContain(ownId);
    expect(ids).not.toContain(otherId);
    const sites = await api('GET', '/api/v2/admin/sessions/sites', { token: limited });
    expect(sites.body.sites.map((s: { id: string }) => s.id)).toEqual([north]);
    const people = await api('GET', `/api/v2/admin/sessions/people?query=${tag}`, { token: limited });
    expect(usernames(people.body.people)).toContain(mine.username);
    expect(usernames(people.body.people)).not.toContain(theirs.username);

    // Another site's session: no roster, no marks, no invitations, no sign-off.
    outside(await api('GET', `/api/v2/admin/sessions/${otherId}`, { token: limited }));
    outside(
      await api('PUT', `/api/v2/admin/sessions/${otherId}/attendance/${theirs.id}`, {
        token: limited,
        body: { present: true },
      }),
    );
    outside(
      await api('POST', `/api/v2/admin/sessions/${otherId}/invite`, { token: limited, body: { userIds: [mine.id] } }),
    );
    outside(
      await api('POST', `/api/v2/admin/sessions/${otherId}/sign-off`, {
        token: limited,
        body: { password: limitedUser.password },
      }),
    );
    // Their own session: another site's person is neither invited nor marked as a walk-in.
    outside(
      await api('POST', `/api/v2/admin/sessions/${ownId}/invite`, { token: limited, body: { userIds: [theirs.id] } }),
    );
    outside(
      await api('PUT', `/api/v2/admin/sessions/${ownId}/attendance/${theirs.id}`, {
        token: limited,
        body: { present: true },
      }),
    );
    const invited = await api('POST', `/api/v2/admin/sessions/${ownId}/invite`, {
      token: limited,
      body: { userIds: [mine.id] },
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    expect(invited.body.invited).toBe(1);
    const rows = await db
      .select()
      .from(schema.sessionInvitations)
      .where(eq(schema.sessionInvitations.userId, theirs.id));
    expect(rows).toEqual([]);

    // An unlimited administrator reaches every site's sessions and people.
    expect((await api('GET', `/api/v2/admin/sessions/${otherId}`, { token: admin })).status).toBe(200);
    const fromAdmin = await api('POST', `/api/v2/admin/sessions/${otherId}/invite`, {
      token: admin,
      body: { userIds: [theirs.id] },
    });
    expect(fromAdmin.status, JSON.stringify(fromAdmin.body)).toBe(200);
  });
});

describe('toolbox talks', () => {
  it('are read, led and given foremen for their site’s people only', async () => {
    const topic = await createTopic(admin);
    const lead = async (person: TestUser) => {
      const body = talkBody(topic.id, [{ id: person.id, name: person.username }]);
      const res = await api('POST', '/api/v2/talks', { token: admin, body });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return body.id;
    };
    const [ours, others] = [await lead(mine), await lead(theirs)];
    outside(await api('GET', `/api/v2/talks/${others}`, { token: limited }));
    outside(await api('GET', `/api/v2/talks/${others}/sheet.pdf`, { token: limited }));
    expect((await api('GET', `/api/v2/talks/${ours}`, { token: limited })).status).toBe(200);
    expect((await api('GET', `/api/v2/talks/${others}`, { token: admin })).status).toBe(200);

    const refused = talkBody(topic.id, [{ id: theirs.id, name: theirs.username }]);
    outside(await api('POST', '/api/v2/talks', { token: limited, body: refused }));
    expect(await db.select().from(schema.talks).where(eq(schema.talks.id, refused.id))).toEqual([]);
    const crew = await api('GET', `/api/v2/talks/crew?query=${tag}`, { token: limited });
    expect(usernames(crew.body.people)).toEqual([mine.username]);

    const foreman = (token: string, person: TestUser) =>
      api('PUT', `/api/v2/admin/talk-leaders/${person.id}`, { token, body: { leadsTalks: true } });
    outside(await foreman(limited, theirs));
    expect((await foreman(limited, mine)).status).toBe(200);
    expect((await foreman(admin, theirs)).status).toBe(200);
  });
});
