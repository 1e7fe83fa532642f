import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TeamQualifiedResponse } from '../../worker/contract/tasks';
import { drizzleOver } from '../../worker/db/client';
import { teamQualified, type TaskSearch } from '../../worker/services/task-search';
import { createCourse } from './fixtures';
import { createUser, db, env, schema } from './helpers';
import { at, createTask, DAY, dayAt, hold, pieces, signedInAdmin, tag } from './task-fixtures';

/**
 * evidence_spans (migration 0056): the records the task rule reads, as spans of days, kept by
 * triggers on every evidence write. The table must equal what its views compute from the records
 * after every kind of write, and the task search answered from it must equal the rule's own answer
 * (every member's pieces read and judged by contract/rules/task-qualification.ts: the `crew` way) on
 * a mixed data set: expiry on the asked day, a renewal, revoked and refused pieces, a credential
 * lasting longer than a newer one, a course family, a site-specific task, talks at their lapse.
 */

let admin: string;
let adminId: string;
beforeAll(async () => {
  ({ id: adminId, token: admin } = await signedInAdmin());
});

const COLUMNS = sql`kind, ref_id, user_id, record_id, read_from, read_until, valid_until`;

/** The table against its views, over the whole database: both differences empty. */
async function expectSpansExact(when: string) {
  const missing = await db.all(
    sql`SELECT ${COLUMNS} FROM evidence_spans_source EXCEPT SELECT ${COLUMNS} FROM evidence_spans`,
  );
  const extra = await db.all(
    sql`SELECT ${COLUMNS} FROM evidence_spans EXCEPT SELECT ${COLUMNS} FROM evidence_spans_source`,
  );
  expect({ missing, extra }, when).toEqual({ missing: [], extra: [] });
}

const none = { certificate: false, authorisation: false, credential: false, talk: false } as const;

describe('evidence spans', () => {
  it('stay exact through issuing, renewal, revocation, review, talks moved and deleted, and course families', async () => {
    const p = await pieces();
    const worker = await createUser();
    await hold(adminId, worker.id, p);
    await expectSpansExact('every kind issued');

    // A renewal (the next cycle) and a revocation of the older one.
    await hold(adminId, worker.id, p, { ...none, certificate: { issuedAt: at(-1), expiresAt: at(364), cycle: 2 } });
    await expectSpansExact('renewed');
    await db
      .update(schema.certificates)
      .set({ revokedAt: at(0) })
      .where(eq(schema.certificates.userId, worker.id));
    await expectSpansExact('certificates revoked');

    await db
      .update(schema.authorisations)
      .set({ revokedAt: at(0), revokedReason: 'Unsafe operation' })
      .where(eq(schema.authorisations.userId, worker.id));
    await expectSpansExact('authorisation withdrawn');

    // A pending credential approved, then its expiry corrected, then refused; one deleted.
    await hold(adminId, worker.id, p, { ...none, credential: { issuedOn: dayAt(-5), status: 'PENDING' } });
    await db
      .update(schema.credentials)
      .set({ status: 'APPROVED', reviewedAt: at(-4) })
      .where(and(eq(schema.credentials.userId, worker.id), eq(schema.credentials.status, 'PENDING')));
    await expectSpansExact('credential approved');
    await db
      .update(schema.credentials)
      .set({ expiresOn: dayAt(900) })
      .where(eq(schema.credentials.userId, worker.id));
    await expectSpansExact('credential expiry changed');
    await db
      .update(schema.credentials)
      .set({ status: 'REJECTED' })
      .where(and(eq(schema.credentials.userId, worker.id), eq(schema.credentials.issuedOn, dayAt(-5))));
    await expectSpansExact('credential refused');
    await db.delete(schema.credentials).where(eq(schema.credentials.userId, worker.id));
    await expectSpansExact('credentials deleted');

    // Talks: a second one, one moved to another day, one deleted.
    await hold(adminId, worker.id, p, { ...none, talk: { startedAt: at(-2) } });
    await expectSpansExact('second talk');
    const [talk] = await db
      .select()
      .from(schema.talks)
      .where(eq(schema.talks.startedAt, at(-2)));
    await db
      .update(schema.talks)
      .set({ startedAt: at(-40) })
      .where(eq(schema.talks.id, talk.id));
    await expectSpansExact('talk moved');
    await db.delete(schema.talks).where(eq(schema.talks.id, talk.id));
    await expectSpansExact('talk deleted');

    // A course joining a family: certificates of either version count for both.
    const sibling = await createCourse({ title: `Forklift basics (es) ${tag()}` });
    await db.update(schema.courses).set({ language: 'es' }).where(eq(schema.courses.id, sibling.courseId));
    await hold(adminId, worker.id, p, { ...none, certificate: { issuedAt: at(-3), expiresAt: at(100), cycle: 3 } });
    const other = { ...p, course: sibling };
    await hold(adminId, worker.id, other, { ...none, certificate: { issuedAt: at(-2), expiresAt: at(50) } });
    for (const course of [p.course, sibling])
      await db
        .update(schema.courses)
        .set({ familyId: p.course.courseId })
        .where(eq(schema.courses.id, course.courseId));
    await expectSpansExact('a family formed');
    await db.update(schema.courses).set({ familyId: null }).where(eq(schema.courses.id, sibling.courseId));
    await expectSpansExact('a version left the family');
    await db.delete(schema.certificates).where(eq(schema.certificates.courseId, sibling.courseId));
    await expectSpansExact('certificates deleted');
  });

  it('answer the task search as the rule does, on a mixed data set, before and after writes', async () => {
    const t = tag();
    const p = await pieces();
    const north = crypto.randomUUID();
    await db.insert(schema.sites).values({ id: north, name: `North ${t}` });
    const sup = await createUser({ username: `sup_${t}` });
    const person = (name: string, extra: Record<string, unknown> = {}) =>
      createUser({ username: `${name}_${t}`, firstName: name, lastName: t, managerId: sup.id, ...extra });
    const whole = await person('a_whole', { siteId: north });
    const lapsing = await person('b_cert_expires_on_day', { siteId: north });
    const expired = await person('c_cert_expired_at_day_start');
    const renewed = await person('d_renewed_yesterday', { siteId: north });
    const revokedNewer = await person('e_revoked_newer_over_valid_older');
    const withdrawn = await person('f_authorisation_withdrawn', { siteId: north });
    const card = await person('g_card_expires_on_day');
    const longer = await person('h_older_card_lasts_longer', { siteId: north });
    const refused = await person('i_newer_card_refused');
    const talk10 = await person('j_talk_at_its_lapse', { siteId: north });
    const family = await person('k_family_version');
    const team = [whole, lapsing, expired, renewed, revokedNewer, withdrawn, card, longer, refused, talk10, family];

    await hold(adminId, whole.id, p);
    await hold(adminId, lapsing.id, p, { certificate: { issuedAt: at(-300), expiresAt: `${DAY}T18:00:00.000Z` } });
    await hold(adminId, expired.id, p, { certificate: { issuedAt: at(-300), expiresAt: `${DAY}T00:00:00.000Z` } });
    await hold(adminId, renewed.id, p, { certificate: { issuedAt: at(-400), expiresAt: at(-35) } });
    await hold(adminId, renewed.id, p, { ...none, certificate: { issuedAt: at(-1), expiresAt: at(364), cycle: 2 } });
    await hold(adminId, revokedNewer.id, p, { certificate: { issuedAt: at(-100), expiresAt: at(25) } });
    await hold(adminId, revokedNewer.id, p, {
      ...none,
      certificate: { issuedAt: at(-10), expiresAt: at(355), revokedAt: at(-5), cycle: 2 },
    });
    await hold(adminId, withdrawn.id, p, { authorisation: { revokedAt: at(-2) } });
    await hold(adminId, card.id, p, { credential: { issuedOn: dayAt(-700), expiresOn: DAY } });
    await hold(adminId, longer.id, p, { credential: { issuedOn: dayAt(-100), expiresOn: dayAt(600) } });
    await hold(adminId, longer.id, p, { ...none, credential: { issuedOn: dayAt(-10), expiresOn: dayAt(12) } });
    await hold(adminId, refused.id, p, { credential: { issuedOn: dayAt(-700), expiresOn: dayAt(-1) } });
    await hold(adminId, refused.id, p, {
      ...none,
      credential: { issuedOn: dayAt(-3), expiresOn: dayAt(700), status: 'REJECTED' },
    });
    await hold(adminId, talk10.id, p, { talk: { startedAt: at(-9.5) } });
    await hold(adminId, talk10.id, p, { ...none, talk: { startedAt: at(-30) } });
    const sibling = await createCourse({ title: `Forklift basics (es) ${t}` });
    await db.update(schema.courses).set({ language: 'es' }).where(eq(schema.courses.id, sibling.courseId));
    await hold(adminId, family.id, p, { certificate: false });
    await hold(
      adminId,
      family.id,
      { ...p, course: sibling },
      { ...none, certificate: { issuedAt: at(-20), expiresAt: at(3) } },
    );
    for (const course of [p.course, sibling])
      await db
        .update(schema.courses)
        .set({ familyId: p.course.courseId })
        .where(eq(schema.courses.id, course.courseId));

    const every = await createTask(admin, { name: `All four ${t}`, evidence: p.evidence });
    const tenDays = await createTask(admin, {
      name: `Course and a talk every 10 days ${t}`,
      evidence: [p.evidence[0], { kind: 'talk', topicId: p.topicId, everyDays: 10 }],
    });
    const atNorth = await createTask(admin, { name: `North yard ${t}`, siteId: north, evidence: p.evidence });
    await expectSpansExact('the mixed data set');

    const d1 = drizzleOver(env.DB);
    const ids = (a: TeamQualifiedResponse) => ({
      qualified: a.qualified.map((x) => x.id),
      lapsingWithin7Days: a.lapsingWithin7Days.map((x) => x.id),
      lapsingWithin30Days: a.lapsingWithin30Days.map((x) => x.id),
      notQualified: a.notQualified.map((x) => x.id),
    });
    /** The spans' answer (both ways SQL judges) against the rule's (every member judged by the rule). */
    const agree = async (ask: TaskSearch) => {
      const rule = await teamQualified(d1, { ...ask, way: 'crew' });
      for (const setWiseFrom of [0, Number.MAX_SAFE_INTEGER])
        expect(await teamQualified(d1, { ...ask, setWiseFrom }), `${ask.taskId} ${ask.day} ${setWiseFrom}`).toEqual(
          rule,
        );
      expect(await teamQualified(d1, { ...ask, way: 'big' }), `${ask.taskId} ${ask.day} big`).toEqual(rule);
      return rule;
    };
    const ask = (taskId: string, day: string): TaskSearch => ({ supervisorId: sup.id, taskId, day, page: 1 });

    const today = await agree(ask(every.id, DAY));
    // The rule's verdicts the data set was built for (else the agreement proves little).
    expect(ids(today).qualified.sort()).toEqual(
      [whole, lapsing, renewed, revokedNewer, card, longer, talk10, family].map((x) => x.id).sort(),
    );
    expect(ids(today).lapsingWithin7Days.sort()).toEqual([lapsing, card, family].map((x) => x.id).sort());
    expect(ids(today).lapsingWithin30Days.sort()).toEqual(
      [lapsing, card, family, revokedNewer].map((x) => x.id).sort(),
    );
    expect(today.counts.notQualified).toBe(team.length - 8);
    const talks = await agree(ask(tenDays.id, DAY));
    expect(talks.lapsingWithin7Days.map((x) => x.id)).toContain(talk10.id);
    const north7 = await agree(ask(atNorth.id, DAY));
    expect(north7.counts.qualified + north7.counts.notQualified).toBe(6);
    for (const day of [dayAt(-1), dayAt(1), dayAt(-36), dayAt(4), dayAt(13)])
      for (const task of [every, tenDays, atNorth]) await agree(ask(task.id, day));

    // Writes through the triggers: a renewal, a revocation, a card approved, a talk attended.
    await hold(adminId, lapsing.id, p, { ...none, certificate: { issuedAt: at(0), expiresAt: at(365), cycle: 2 } });
    await db
      .update(schema.certificates)
      .set({ revokedAt: at(0) })
      .where(eq(schema.certificates.userId, whole.id));
    await hold(adminId, expired.id, p, { ...none, certificate: { issuedAt: at(-0.2), expiresAt: at(300), cycle: 2 } });
    await hold(adminId, withdrawn.id, p, { ...none, authorisation: { issuedAt: at(-0.1), expiresAt: at(30) } });
    await db
      .update(schema.credentials)
      .set({ status: 'APPROVED', reviewedAt: at(0) })
      .where(eq(schema.credentials.userId, refused.id));
    await hold(adminId, talk10.id, p, { ...none, talk: { startedAt: at(-0.3) } });
    await expectSpansExact('after writes');
    const after = await agree(ask(every.id, DAY));
    expect(ids(after).qualified).not.toContain(whole.id);
    for (const x of [lapsing, expired, withdrawn, refused]) expect(ids(after).qualified).toContain(x.id);
    for (const day of [dayAt(-1), dayAt(1)])
      for (const task of [every, tenDays, atNorth]) await agree(ask(task.id, day));
  });
});
