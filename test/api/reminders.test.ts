import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../worker/config';
import { createDb } from '../../worker/db/client';
import { retryPendingMail, MAIL_MAX_TRIES } from '../../worker/services/mail';
import { reminderKind, sendAdminDigest, sendLearnerReminders, weekOf } from '../../worker/services/reminders';
import { runScheduled } from '../../worker/scheduled';
import { createCourse, takeAssessment } from './fixtures';
import { api, createAdmin, createDomain, createUser, db, env, login, schema } from './helpers';

const DAY = 24 * 3600 * 1000;
const at = (days: number) => new Date(Date.now() + days * DAY);

let adminToken: string;
let admin: Awaited<ReturnType<typeof createAdmin>>;

beforeAll(async () => {
  admin = await createAdmin();
  adminToken = await login(admin);
});

const deps = () => ({ config: { ...readConfig(env), publicUrl: 'https://training.example' }, email: undefined });
const mailsOf = (to: string) =>
  db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.to, to)).orderBy(schema.mailOutbox.createdAt);

/** A learner covered by a requirement since `coveredDaysAgo` days (due 30 days after that). */
async function coveredLearner(coveredDaysAgo: number) {
  const bookId = await createDomain();
  const course = await createCourse({
    domainId: bookId,
    components: ['POST_ASSESSMENT'],
    title: `Ladder safety ${crypto.randomUUID().slice(0, 4)}`,
  });
  const learner = await createUser({ domainIds: [bookId] });
  const created = await api('POST', '/api/v2/admin/requirements', {
    token: adminToken,
    body: { courseId: course.courseId, bookId },
  });
  expect(created.status).toBe(201);
  const since = at(-coveredDaysAgo).toISOString();
  await db
    .update(schema.requirements)
    .set({ activeFrom: since })
    .where(eq(schema.requirements.id, created.body.requirement.id));
  await db
    .update(schema.userDomains)
    .set({ createdAt: since })
    .where(and(eq(schema.userDomains.userId, learner.id), eq(schema.userDomains.domainId, bookId)));
  return { course, learner, requirementId: created.body.requirement.id as string };
}

describe('reminderKind', () => {
  const now = new Date('2026-06-01T00:00:00Z');
  it('picks the nearest threshold only, and nothing for exempt or far-off items', () => {
    expect(reminderKind({ status: 'pending', dueAt: '2026-08-01T00:00:00Z' }, now)).toBeNull();
    expect(reminderKind({ status: 'pending', dueAt: '2026-06-25T00:00:00Z' }, now)).toBe('D30');
    expect(reminderKind({ status: 'due-soon', dueAt: '2026-06-05T00:00:00Z' }, now)).toBe('D7');
    expect(reminderKind({ status: 'overdue', dueAt: '2026-05-01T00:00:00Z' }, now)).toBe('OVERDUE');
    expect(reminderKind({ status: 'exempt', dueAt: null }, now)).toBeNull();
  });
  it('weeks start on Monday (UTC)', () => {
    expect(weekOf(new Date('2026-11-25T10:00:00Z'))).toBe('2026-11-23');
    expect(weekOf(new Date('2026-11-23T00:00:00Z'))).toBe('2026-11-23');
    expect(weekOf(new Date('2026-11-29T23:59:00Z'))).toBe('2026-11-23');
  });
});

describe('learner reminders', () => {
  it('sends one e-mail 30 days ahead, one 7 days ahead and one when overdue, each once even when run again', async () => {
    const { learner, course } = await coveredLearner(5); // due in 25 days
    await sendLearnerReminders(deps(), db, new Date());
    await sendLearnerReminders(deps(), db, new Date());
    let mails = await mailsOf(learner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(
      'EHS Training: required training due soon'.replace('EHS Training', readConfig(env).appName),
    );
    expect(mails[0].bodyText).toContain(`- ${course.title}: due by `);
    expect(mails[0].bodyText).toContain('https://training.example/dashboard');

    await sendLearnerReminders(deps(), db, at(20)); // 5 days left
    await sendLearnerReminders(deps(), db, at(21));
    mails = await mailsOf(learner.email);
    expect(mails).toHaveLength(2);

    await sendLearnerReminders(deps(), db, at(26)); // overdue
    await sendLearnerReminders(deps(), db, at(40));
    mails = await mailsOf(learner.email);
    expect(mails).toHaveLength(3);
    expect(mails[2].subject).toContain('required training is overdue');
    expect(mails[2].bodyText).toContain(`- ${course.title}: overdue since `);
    const kinds = await db.select().from(schema.reminders).where(eq(schema.reminders.userId, learner.id));
    expect(kinds.map((k) => k.kind).sort()).toEqual(['D30', 'D7', 'OVERDUE']);
  });

  it('the scheduled handler sends them once a day, also when it fires twice', async () => {
    const { learner } = await coveredLearner(25); // due in 5 days
    const now = at(0.01);
    await runScheduled(env, now);
    await runScheduled(env, now);
    expect(await mailsOf(learner.email)).toHaveLength(1);
  });

  it('reminds of an expiring certificate, and a new cycle (new expiry) gets its own reminders', async () => {
    const { learner, course } = await coveredLearner(400);
    const token = await login(learner);
    await api('POST', `/api/v2/user/progress/courses/${course.courseId}/enroll`, { token });
    await takeAssessment(token, course.post!.componentId, course.post!.answers);
    await db
      .update(schema.certificates)
      .set({ expiresAt: at(6).toISOString() })
      .where(eq(schema.certificates.userId, learner.id));
    await sendLearnerReminders(deps(), db, new Date());
    const [mail] = await mailsOf(learner.email);
    expect(mail.bodyText).toContain('your certificate expires on');
    await db
      .update(schema.certificates)
      .set({ expiresAt: at(5).toISOString() })
      .where(eq(schema.certificates.userId, learner.id));
    await sendLearnerReminders(deps(), db, new Date());
    expect(await mailsOf(learner.email)).toHaveLength(2);
  });

  it('sends nothing to an exempt or deactivated learner', async () => {
    const exempt = await coveredLearner(40);
    await api('POST', `/api/v2/admin/requirements/${exempt.requirementId}/exemptions`, {
      token: adminToken,
      body: { userId: exempt.learner.id, reason: 'Long-term leave', until: at(60).toISOString().slice(0, 10) },
    });
    const leaver = await coveredLearner(40);
    await db
      .update(schema.users)
      .set({ deactivatedAt: new Date().toISOString() })
      .where(eq(schema.users.id, leaver.learner.id));
    await sendLearnerReminders(deps(), db, new Date());
    expect(await mailsOf(exempt.learner.email)).toHaveLength(0);
    expect(await mailsOf(leaver.learner.email)).toHaveLength(0);
  });
});

describe('admin digest', () => {
  it('lists overdue people once a week per administrator', async () => {
    const { learner, course } = await coveredLearner(45);
    const monday = new Date('2030-01-07T06:00:00Z');
    expect(await sendAdminDigest(deps(), db, monday)).toBeGreaterThan(0);
    expect(await sendAdminDigest(deps(), db, new Date('2030-01-09T06:00:00Z'))).toBe(0);
    // The latest digest (an earlier test's scheduled run may have sent this week's).
    const digest = (await mailsOf(admin.email)).at(-1)!;
    expect(digest.subject).toMatch(/weekly compliance digest \(\d+ (person|people) overdue\)/);
    expect(digest.bodyText).toContain('Test User');
    expect(digest.bodyText).toContain(course.title);
    expect(learner.id).toBeTruthy();
    expect(await sendAdminDigest(deps(), db, new Date('2030-01-14T06:00:00Z'))).toBeGreaterThan(0);
  });
});

describe('mail retry', () => {
  // A provider that cannot be reached: the http mode without its URL fails every try.
  const failing = () => ({
    config: { ...readConfig(env), mail: { ...readConfig(env).mail, mode: 'http' as const, httpUrl: null } },
  });

  async function pendingMail() {
    const id = crypto.randomUUID();
    const created = new Date(Date.now() - 3600_000).toISOString();
    await db.insert(schema.mailOutbox).values({
      id,
      to: `retry-${id}@example.test`,
      subject: 'Hello',
      bodyText: 'Body',
      status: 'PENDING',
      createdAt: created,
    });
    return id;
  }
  const row = (id: string) => db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.id, id)).get();

  it('retries a failed message with growing delays and marks it FAILED after the last try', async () => {
    const id = await pendingMail();
    let now = new Date();
    const delays: number[] = [];
    for (let i = 1; i <= MAIL_MAX_TRIES; i++) {
      await retryPendingMail(failing(), await createDb(env), now);
      const after = await row(id);
      expect(after?.tries).toBe(i);
      if (i < MAIL_MAX_TRIES) {
        expect(after?.status).toBe('PENDING');
        const next = Date.parse(after!.nextTryAt!);
        delays.push(Math.round((next - now.getTime()) / 60_000));
        // Not due yet: nothing is tried.
        await retryPendingMail(failing(), db, now);
        expect((await row(id))?.tries).toBe(i);
        now = new Date(next + 1000);
      } else {
        expect(after).toMatchObject({ status: 'FAILED', nextTryAt: null });
        expect(after?.error).toBeTruthy();
      }
    }
    expect(delays).toEqual([5, 20, 80, 320]);
    await retryPendingMail(failing(), db, new Date(now.getTime() + 10 * DAY));
    expect((await row(id))?.tries).toBe(MAIL_MAX_TRIES);
  });

  it('two overlapping runs try a message once', async () => {
    const id = await pendingMail();
    const now = new Date();
    const [a, b] = await Promise.all([retryPendingMail(failing(), db, now), retryPendingMail(failing(), db, now)]);
    expect((await row(id))?.tries).toBe(1);
    expect(a + b).toBeGreaterThanOrEqual(1);
  });

  it('does nothing in outbox mode (messages are only recorded there)', async () => {
    expect(await retryPendingMail({ config: readConfig(env) }, db, new Date())).toBe(0);
  });
});

describe('reminders in the preferred language', () => {
  it('a Spanish learner gets the reminder in Spanish with the date written out by Intl', async () => {
    const { learner, course } = await coveredLearner(5);
    await db.update(schema.users).set({ language: 'es' }).where(eq(schema.users.id, learner.id));
    await sendLearnerReminders(deps(), db, new Date());
    const [mail] = await mailsOf(learner.email);
    expect(mail!.subject).toBe(`${readConfig(env).appName}: formación obligatoria próxima a vencer`);
    expect(mail!.bodyText).toContain('Se acerca la fecha de su formación obligatoria:');
    expect(mail!.bodyText).toMatch(new RegExp(`- ${course.title}: fecha límite \\d{1,2} de [a-z]+ de \\d{4}`));
    expect(mail!.bodyText).toContain('Abra https://training.example/dashboard para empezar.');
  });

  it('an Arabic administrator gets the weekly digest in Arabic with the plural form of the count', async () => {
    const arabicAdmin = await createAdmin({ language: 'ar' });
    await sendAdminDigest(deps(), db, new Date('2030-01-07T09:00:00Z'));
    const [digest] = await mailsOf(arabicAdmin.email);
    expect(digest!.subject).toContain('الملخص الأسبوعي للامتثال');
    expect(digest!.bodyText.length).toBeGreaterThan(0);
    expect(digest!.bodyText).not.toMatch(/overdue|Nobody/);
  });
});
