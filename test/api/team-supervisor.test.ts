import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, dayOf } from '../../worker/contract/credentials';
import { REFUSALS } from '../../worker/contract/errors';
import { runScheduled } from '../../worker/scheduled';
import { sendTeamDigests } from '../../worker/services/team-digest';
import { api, createAdmin, type createUser, db, env, login, mailsTo, schema } from './helpers';
import { crews, PNG } from './team-fixtures';

// The supervisor's actions (issue 30): a member's record and its PDF, the team's lapse forecast,
// upcoming sessions, credential approvals and one-tap reminders, and the weekly digest, each for
// the caller's direct and indirect reports only; anyone else is "not found", whoever asks.

vi.setConfig({ testTimeout: 30_000 });

let admin: string;
let typeId: string;

beforeAll(async () => {
  admin = await login(await createAdmin());
  const created = await api('POST', '/api/v2/admin/credential-types', {
    token: admin,
    body: { name: `Forklift card ${crypto.randomUUID().slice(0, 6)}`, description: 'Counterbalance truck' },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  typeId = created.body.type.id;
});

/** The team fixture with a requirement due within 10 days: everyone covered lapses within the digest's 30. */
const crewsLapsing = () => crews(admin, { dueWithinDays: 10 });

const sorted = (values: string[]) => [...values].sort();
const ids = (people: { id: string }[]) => sorted(people.map((p) => p.id));

async function submitCredential(user: Awaited<ReturnType<typeof createUser>>) {
  const today = dayOf(new Date());
  const form = new FormData();
  const fields = { typeId, issuer: 'Dock school', number: `FK-${user.username}`, issuedOn: addDays(today, -5) };
  for (const [key, value] of Object.entries({ ...fields, expiresOn: addDays(today, 300) })) form.append(key, value);
  form.append('scan', new File([PNG], 'card.png', { type: 'image/png' }));
  const sent = await api('POST', '/api/v2/user/credentials', { token: await login(user), raw: form });
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  return sent.body.credential.id as string;
}

const credentialRow = (id: string) => db.select().from(schema.credentials).where(eq(schema.credentials.id, id)).get();
/** The review's audit rows (the worker's own submission has one too). */
const reviewsOf = async (id: string) =>
  (
    await db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entityType, 'CREDENTIAL'), eq(schema.auditLog.entityId, id)))
      .all()
  ).filter((row) => row.action !== 'CREDENTIAL_SUBMITTED');

describe('the weekly team digest', () => {
  it('the cron sends each supervisor one digest of their team even when it fires twice', async () => {
    const t = await crewsLapsing();
    const now = new Date();
    await runScheduled(env, now);
    await runScheduled(env, new Date(now.getTime() + 1000));
    const toLead = (await mailsTo(t.lead.email)).filter((m) => m.kind === 'DIGEST');
    expect(toLead).toHaveLength(1);
    const text = toLead[0]!.bodyText;
    for (const p of [t.sup, t.ann, t.bob, t.cat]) expect(text).toContain(`${p.username.split('_')[0]} ${t.tag}`);
    for (const p of [t.boss, t.peer, t.other, t.leaver, t.lead])
      expect(text).not.toContain(`${p.username.split('_')[0]} ${t.tag}`);
    expect(text).toContain(t.course.title);
    expect(toLead[0]!.subject).toMatch(/4 people in your team lapse in the next 30 days/);
    const toSup = (await mailsTo(t.sup.email)).filter((m) => m.kind === 'DIGEST');
    expect(toSup).toHaveLength(1);
    expect(toSup[0]!.bodyText).toContain(`ann ${t.tag}`);
    expect(toSup[0]!.bodyText).not.toContain(`cat ${t.tag}`);
    // Nobody reports to ann: no digest.
    expect((await mailsTo(t.ann.email, 0)).filter((m) => m.kind === 'DIGEST')).toHaveLength(0);
  });

  it('is claimed per week: a second send in the same week queues nothing more', async () => {
    const t = await crewsLapsing();
    const now = new Date();
    expect(
      await sendTeamDigests({ config: { appName: 'EHS', mail: { mode: 'outbox' } } as never }, db, now),
    ).toBeGreaterThan(0);
    await sendTeamDigests(
      { config: { appName: 'EHS', mail: { mode: 'outbox' } } as never },
      db,
      new Date(now.getTime() + 60_000),
    );
    expect((await mailsTo(t.peer.email)).filter((m) => m.kind === 'DIGEST')).toHaveLength(1);
    expect((await mailsTo(t.peer.email))[0]!.bodyText).toContain(`other ${t.tag}`);
    expect((await mailsTo(t.peer.email))[0]!.bodyText).not.toContain(`ann ${t.tag}`);
  });
});

describe("a team member's training record", () => {
  it('the supervisor reads the record and its PDF of a direct or indirect report, never anyone else', async () => {
    const t = await crewsLapsing();
    const lead = await login(t.lead);
    for (const person of [t.sup, t.ann, t.cat, t.leaver]) {
      const record = await api('GET', `/api/v2/team/members/${person.id}/training-record`, { token: lead });
      expect(record.status, JSON.stringify(record.body)).toBe(200);
      expect(record.body.user.id).toBe(person.id);
    }
    const pdf = await api('GET', `/api/v2/team/members/${t.ann.id}/training-record.pdf`, { token: lead });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toContain(t.ann.username);
    for (const person of [t.boss, t.lead, t.peer, t.other]) {
      for (const suffix of ['training-record', 'training-record.pdf']) {
        const refused = await api('GET', `/api/v2/team/members/${person.id}/${suffix}`, { token: lead });
        expect(refused.status, `${person.username} ${suffix}`).toBe(404);
        expect(refused.body).toMatchObject({ message: REFUSALS['team.notMember'] });
      }
    }
    // A worker with no reports reads nobody's record, an unknown id is answered the same way.
    const ann = await login(t.ann);
    expect((await api('GET', `/api/v2/team/members/${t.bob.id}/training-record`, { token: ann })).status).toBe(404);
    const unknown = await api('GET', `/api/v2/team/members/${crypto.randomUUID()}/training-record`, { token: lead });
    expect(unknown.status).toBe(404);
    expect((await api('GET', `/api/v2/team/members/${t.ann.id}/training-record`)).status).toBe(401);
  });
});

describe("the team's lapse forecast", () => {
  it('lists who in the team lapses within the window, searchable within the team only', async () => {
    const t = await crewsLapsing();
    const lead = await login(t.lead);
    const query = `days=30&department=${encodeURIComponent(t.dept)}&size=100`;
    const lapses = await api('GET', `/api/v2/team/lapses?${query}`, { token: lead });
    expect(lapses.status, JSON.stringify(lapses.body)).toBe(200);
    expect(sorted(lapses.body.rows.map((r: { user: { id: string } }) => r.user.id))).toEqual(
      ids([t.sup, t.ann, t.bob, t.cat]),
    );
    expect(lapses.body.people).toBe(4);
    const search = await api('GET', `/api/v2/team/lapses?days=30&q=other_${t.tag}`, { token: lead });
    expect(search.body.rows).toEqual([]);
    const none = await api('GET', `/api/v2/team/lapses?${query}`, { token: await login(t.ann) });
    expect(none.body).toMatchObject({ people: 0, rows: [] });
    expect((await api('GET', '/api/v2/team/lapses?days=45', { token: lead })).status).toBe(400);
  });
});

describe("the team's upcoming sessions", () => {
  it("lists upcoming sessions with the team's people on them, and only them", async () => {
    const t = await crewsLapsing();
    const day = 24 * 3600_000;
    const session = async (title: string, startsIn: number, people: [string, 'INVITED' | 'ACCEPTED'][]) => {
      const id = crypto.randomUUID();
      await db.insert(schema.classroomSessions).values({
        id,
        title,
        location: 'Dock hall',
        startsAt: new Date(Date.now() + startsIn).toISOString(),
        endsAt: new Date(Date.now() + startsIn + 3600_000).toISOString(),
        capacity: 10,
      });
      for (const [userId, status] of people)
        await db.insert(schema.sessionInvitations).values({ sessionId: id, userId, status });
      return id;
    };
    const next = await session(`Forklift ${t.tag}`, 2 * day, [
      [t.ann.id, 'ACCEPTED'],
      [t.other.id, 'INVITED'],
      [t.leaver.id, 'INVITED'],
    ]);
    await session(`Past ${t.tag}`, -2 * day, [[t.bob.id, 'ACCEPTED']]);
    await session(`Outsiders ${t.tag}`, day, [[t.other.id, 'ACCEPTED']]);
    const later = await session(`Ladders ${t.tag}`, 5 * day, [[t.cat.id, 'INVITED']]);

    const lead = await api('GET', '/api/v2/team/sessions', { token: await login(t.lead) });
    expect(lead.status, JSON.stringify(lead.body)).toBe(200);
    const mine = lead.body.sessions.filter((s: { title: string }) => s.title.endsWith(t.tag));
    expect(mine.map((s: { id: string }) => s.id)).toEqual([next, later]);
    expect(mine[0].people).toEqual([{ id: t.ann.id, name: `ann ${t.tag}`, status: 'ACCEPTED', present: null }]);
    const sup = await api('GET', '/api/v2/team/sessions', { token: await login(t.sup) });
    expect(sup.body.sessions.map((s: { id: string }) => s.id)).toEqual([next]);
    expect((await api('GET', '/api/v2/team/sessions', { token: await login(t.ann) })).body.sessions).toEqual([]);
  });
});

describe("the team's credential approvals", () => {
  it("the supervisor approves and rejects their team's credentials as an administrator would, and only theirs", async () => {
    const t = await crewsLapsing();
    const annCredential = await submitCredential(t.ann);
    const bobCredential = await submitCredential(t.bob);
    const otherCredential = await submitCredential(t.other);
    const sup = await login(t.sup);
    const queue = await api('GET', '/api/v2/team/credentials?status=PENDING&limit=100', { token: sup });
    expect(queue.status, JSON.stringify(queue.body)).toBe(200);
    expect(sorted(queue.body.credentials.map((c: { id: string }) => c.id))).toEqual(
      sorted([annCredential, bobCredential]),
    );
    expect((await api('GET', '/api/v2/team/credentials', { token: await login(t.ann) })).body.credentials).toEqual([]);

    // Outside the team: not found, nothing written.
    for (const path of ['approve', 'reject']) {
      const refused = await api('POST', `/api/v2/team/credentials/${otherCredential}/${path}`, {
        token: sup,
        body: { reason: 'Blurred' },
      });
      expect(refused.status).toBe(404);
      expect(refused.body).toMatchObject({ message: REFUSALS['credential.notFound'] });
    }
    expect((await credentialRow(otherCredential))?.status).toBe('PENDING');
    expect(await reviewsOf(otherCredential)).toEqual([]);

    const approved = await api('POST', `/api/v2/team/credentials/${annCredential}/approve`, { token: sup });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.credential.status).toBe('APPROVED');
    expect(await credentialRow(annCredential)).toMatchObject({ status: 'APPROVED', reviewedBy: t.sup.id });
    expect(await reviewsOf(annCredential)).toMatchObject([{ action: 'CREDENTIAL_APPROVED', actorId: t.sup.id }]);
    // The admin rules: a decided credential is not decided again; a rejection needs its reason.
    expect((await api('POST', `/api/v2/team/credentials/${annCredential}/approve`, { token: sup })).status).toBe(409);
    const noReason = await api('POST', `/api/v2/team/credentials/${bobCredential}/reject`, { token: sup, body: {} });
    expect(noReason.status).toBe(400);
    expect((await credentialRow(bobCredential))?.status).toBe('PENDING');
    const rejected = await api('POST', `/api/v2/team/credentials/${bobCredential}/reject`, {
      token: sup,
      body: { reason: 'The card number is unreadable' },
    });
    expect(rejected.status).toBe(200);
    expect(await credentialRow(bobCredential)).toMatchObject({
      status: 'REJECTED',
      rejectReason: 'The card number is unreadable',
    });
    expect(await reviewsOf(bobCredential)).toMatchObject([
      { action: 'CREDENTIAL_REJECTED', actorId: t.sup.id, reason: 'The card number is unreadable' },
    ]);
    // The lead above sees the decided ones of the whole team under their status.
    const decided = await api('GET', '/api/v2/team/credentials?status=APPROVED', { token: await login(t.lead) });
    expect(decided.body.credentials.map((c: { id: string }) => c.id)).toContain(annCredential);
  });
});

describe('one-tap reminders', () => {
  it('the supervisor reminds a team member once a day, and nobody outside the team', async () => {
    const t = await crewsLapsing();
    const lead = await login(t.lead);
    const sent = await api('POST', '/api/v2/team/reminders', { token: lead, body: { userId: t.ann.id } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.sent).toEqual([{ userId: t.ann.id, name: `ann ${t.tag}` }]);
    const mails = (await mailsTo(t.ann.email)).filter((m) => m.kind === 'MANUAL_REMINDER');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.bodyText).toContain(t.course.title);
    const audit = await db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, 'REMINDER_SENT'), eq(schema.auditLog.targetUserId, t.ann.id)))
      .all();
    expect(audit).toMatchObject([{ actorId: t.lead.id }]);
    // The manual reminder's limit: one a day.
    const again = await api('POST', '/api/v2/team/reminders', { token: lead, body: { userId: t.ann.id } });
    expect(again.body).toMatchObject({ sent: [], skipped: [{ userId: t.ann.id, reason: 'alreadyToday' }] });
    for (const person of [t.other, t.boss, t.lead]) {
      const refused = await api('POST', '/api/v2/team/reminders', { token: lead, body: { userId: person.id } });
      expect(refused.status).toBe(404);
      expect(refused.body).toMatchObject({ message: REFUSALS['team.notMember'] });
    }
    expect(await mailsTo(t.other.email, 0)).toEqual([]);
    expect((await api('POST', '/api/v2/team/reminders', { token: lead, body: {} })).status).toBe(400);
  });
});
