import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, coveredSince, daysFromNow, setup, signInAdmin } from './compliance-helpers';
import { api, createAdmin, createUser, db, login, schema } from './helpers';

/*
 * "Send reminder" from the compliance matrix (rate-limited per person per day, audit-logged, queued
 * through the outbox), a person's mail log, and the administrators' outbox with Retry.
 */

const tag = () => crypto.randomUUID().slice(0, 8);

/** A learner covered by a requirement since 60 days ago (due after 30): overdue today. */
async function overdueLearner(department = `Dock ${tag()}`) {
  const fixture = await setup({ department, requirement: { department } });
  await coveredSince(fixture.learner.id, fixture.bookId, fixture.requirementId, daysFromNow(-60));
  return { ...fixture, department };
}

const send = (body: unknown, token = adminToken) => api('POST', '/api/v2/admin/compliance/reminders', { token, body });

const auditOf = (userId: string, action: 'REMINDER_SENT') =>
  db
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.targetUserId, userId), eq(schema.auditLog.action, action)));

beforeAll(signInAdmin);

describe('POST /api/v2/admin/compliance/reminders', () => {
  it('queues one reminder per chosen person, audit-logged, and skips a second one the same day', async () => {
    const a = await overdueLearner();
    const b = await overdueLearner();
    const first = await send({ userIds: [a.learner.id, b.learner.id] });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.sent.map((s: { userId: string }) => s.userId).sort()).toEqual(
      [a.learner.id, b.learner.id].sort(),
    );
    expect(first.body.skipped).toEqual([]);

    const mail = await db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.userId, a.learner.id));
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ to: a.learner.email, kind: 'MANUAL_REMINDER', status: 'RECORDED' });
    expect(mail[0].subject).toMatch(/overdue/);
    expect(mail[0].bodyText).toContain(a.course.title);
    expect(await auditOf(a.learner.id, 'REMINDER_SENT')).toHaveLength(1);

    // Again the same day, with a third person: the first two are skipped (not an error), the third is sent.
    const c = await overdueLearner();
    const second = await send({ userIds: [a.learner.id, c.learner.id] });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.sent.map((s: { userId: string }) => s.userId)).toEqual([c.learner.id]);
    expect(second.body.skipped).toEqual([{ userId: a.learner.id, name: expect.any(String), reason: 'alreadyToday' }]);
    expect(await db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.userId, a.learner.id))).toHaveLength(1);
    expect(await auditOf(a.learner.id, 'REMINDER_SENT')).toHaveLength(1);
  });

  it('reminds everyone the matrix filter lists, and says who had nothing due', async () => {
    const department = `Yard ${tag()}`;
    const due = await overdueLearner(department);
    // Covered by the same requirement but only since today: pending, due in 30 days (still reminded).
    const fresh = await createUser({ domainIds: [due.bookId], department, jobTitle: 'Driver' });
    const byFilter = await send({ filter: { department, status: 'overdue' } });
    expect(byFilter.status, JSON.stringify(byFilter.body)).toBe(200);
    expect(byFilter.body.sent.map((s: { userId: string }) => s.userId)).toEqual([due.learner.id]);

    const uncovered = await createUser({ department: `Nowhere ${tag()}` });
    const nothing = await send({ userIds: [uncovered.id, fresh.id] });
    expect(nothing.body.sent.map((s: { userId: string }) => s.userId)).toEqual([fresh.id]);
    expect(nothing.body.skipped).toEqual([{ userId: uncovered.id, name: expect.any(String), reason: 'nothingDue' }]);
  });

  it('refuses an empty choice, and anyone without Report Generation', async () => {
    expect((await send({})).status).toBe(400);
    expect((await send({ userIds: [] })).status).toBe(400);
    const learner = await createUser();
    expect((await send({ userIds: [learner.id] }, await login(learner))).status).toBe(403);
    const limited = await createAdmin({ permissions: { reportGeneration: false } });
    expect((await send({ userIds: [learner.id] }, await login(limited))).status).toBe(403);
  });
});

describe('the mail log and the outbox', () => {
  it("lists a person's reminders in their record's mail log", async () => {
    const a = await overdueLearner();
    await send({ userIds: [a.learner.id] });
    const log = await api('GET', `/api/v2/admin/users/${a.learner.id}/mail-log`, { token: adminToken });
    expect(log.status).toBe(200);
    expect(log.body.messages).toEqual([
      expect.objectContaining({ userId: a.learner.id, kind: 'MANUAL_REMINDER', status: 'RECORDED' }),
    ]);
    expect(log.body.messages[0]).not.toHaveProperty('bodyText');
  });

  it('pages the outbox by status and sends a failed message again (audit-logged, once)', async () => {
    const id = crypto.randomUUID();
    const to = `failed-${tag()}@example.test`;
    await db.insert(schema.mailOutbox).values({
      id,
      to,
      subject: 'Reminder',
      bodyText: 'Hello',
      status: 'FAILED',
      tries: 5,
      error: 'mail provider answered 503',
    });
    const failed = await api('GET', '/api/v2/admin/outbox?status=FAILED&limit=100', { token: adminToken });
    expect(failed.status).toBe(200);
    expect(failed.body.messages).toContainEqual(
      expect.objectContaining({ id, to, status: 'FAILED', error: 'mail provider answered 503' }),
    );
    expect(failed.body.counts.FAILED).toBeGreaterThanOrEqual(1);
    expect(failed.body.pagination).toMatchObject({ page: 1, itemsPerPage: 100 });

    const retried = await api('POST', `/api/v2/admin/outbox/${id}/retry`, { token: adminToken });
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    // Local mail mode records instead of sending: the retried message is recorded like a new one.
    expect(retried.body.message).toMatchObject({ id, status: 'RECORDED', tries: 0, error: null });
    const audit = await db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, id));
    expect(audit.map((a) => a.action)).toEqual(['MAIL_RETRIED']);

    const again = await api('POST', `/api/v2/admin/outbox/${id}/retry`, { token: adminToken });
    expect(again.status).toBe(409);
    expect(await db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, id))).toHaveLength(1);
    expect((await api('POST', `/api/v2/admin/outbox/${crypto.randomUUID()}/retry`, { token: adminToken })).status).toBe(
      404,
    );
  });

  it('is for administrators with System Configuration only', async () => {
    const limited = await createAdmin({ permissions: { systemConfiguration: false } });
    const token = await login(limited);
    expect((await api('GET', '/api/v2/admin/outbox', { token })).status).toBe(403);
    expect((await api('POST', `/api/v2/admin/outbox/${crypto.randomUUID()}/retry`, { token })).status).toBe(403);
    const learner = await createUser();
    expect((await api('GET', '/api/v2/admin/outbox', { token: await login(learner) })).status).toBe(403);
  });
});
