import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, coveredSince, daysFromNow, DAY, myRequirements, setup, signInAdmin } from './compliance-helpers';
import { api, db, schema } from './helpers';
import { createTopic, foremanSession, talkBody } from './talk-helpers';

/**
 * A requirement that asks for a toolbox talk on a topic every 30 days (issue 29): the talk a person
 * attended counts until 30 days after it started, then the requirement is overdue again.
 */

beforeAll(signInAdmin);

describe('a talk every 30 days', () => {
  it('is met by an attended talk until 30 days after it, in the panel and the matrix, and lapses on that day', async () => {
    const topic = await createTopic(adminToken);
    const ctx = await setup({
      requirement: {
        courseId: undefined,
        evidence: [{ kind: 'talk', topicId: topic.id, everyDays: 30 }],
        dueSoonDays: 7,
      },
    });
    const requirement = await api('GET', `/api/v2/admin/requirements/${ctx.requirementId}`, { token: adminToken });
    expect(requirement.body.requirement.evidence).toEqual([
      { kind: 'talk', topicId: topic.id, everyDays: 30, name: topic.title },
    ]);
    // Covered for a year: without a talk the requirement is overdue.
    await coveredSince(ctx.learner.id, ctx.bookId, ctx.requirementId, daysFromNow(-365));
    expect((await myRequirements(ctx.token))[0]!.status).toBe('overdue');

    // Attended a talk 29 days and 23 hours ago (sent by the foreman's device): compliant...
    const foreman = await foremanSession(adminToken);
    const startedAt = new Date(Date.now() - 30 * DAY + 3600_000).toISOString();
    const body = talkBody(topic.id, [{ id: ctx.learner.id, name: 'Learner' }], {
      startedAt,
      signedOffAt: new Date(Date.parse(startedAt) + 600_000).toISOString(),
    });
    body.attendees[0]!.signedAt = new Date(Date.parse(startedAt) + 300_000).toISOString();
    const sent = await api('POST', '/api/v2/talks', { token: foreman.token, body });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    let mine = (await myRequirements(ctx.token))[0] as Record<string, any>;
    // ...and due soon: it lapses within the requirement's 7 days, exactly 30 days after the talk.
    expect(mine.status).toBe('due-soon');
    expect(mine.validUntil).toBe(new Date(Date.parse(startedAt) + 30 * DAY).toISOString());
    const matrix = await api('GET', `/api/v2/admin/compliance?bookId=${ctx.bookId}`, { token: adminToken });
    const cell = matrix.body.rows[0].cells[0];
    expect(cell.status).toBe('due-soon');
    expect(cell.evidence[0]).toMatchObject({
      kind: 'talk',
      name: topic.title,
      number: `TALK-${body.id.slice(0, 8).toUpperCase()}`,
    });
    expect(matrix.body.requirements[0].evidence).toEqual([{ kind: 'talk', name: topic.title }]);

    // The same talk one hour further back (30 days and 1 hour ago): the period has passed, overdue.
    await db
      .update(schema.talks)
      .set({ startedAt: new Date(Date.now() - 30 * DAY - 3600_000).toISOString() })
      .where(eq(schema.talks.id, body.id));
    mine = (await myRequirements(ctx.token))[0] as Record<string, any>;
    expect(mine.status).toBe('overdue');

    // A talk 10 days ago: compliant for another 20 days.
    await db
      .update(schema.talks)
      .set({ startedAt: daysFromNow(-10) })
      .where(eq(schema.talks.id, body.id));
    expect((await myRequirements(ctx.token))[0]!.status).toBe('compliant');
  });

  it('refuses a period outside 1..366 days and an unknown or retired topic, writing nothing', async () => {
    const topic = await createTopic(adminToken);
    const ctx = await setup();
    for (const [piece, reason] of [
      [{ kind: 'talk', topicId: topic.id, everyDays: 0 }, /every 1 to 366 days/],
      [{ kind: 'talk', topicId: topic.id, everyDays: 400 }, /every 1 to 366 days/],
      [{ kind: 'talk', topicId: crypto.randomUUID(), everyDays: 30 }, /Talk topic not found/],
    ] as const) {
      const res = await api('POST', '/api/v2/admin/requirements', {
        token: adminToken,
        body: { bookId: ctx.bookId, department: 'Roofing', evidence: [piece] },
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(reason);
    }
    const rows = await db.select().from(schema.requirements).where(eq(schema.requirements.department, 'Roofing'));
    expect(rows.filter((r) => r.domainId === ctx.bookId)).toHaveLength(0);
  });
});
