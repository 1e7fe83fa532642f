import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../worker/config';
import { parseCsv } from '../../worker/contract/user-import';
import { sendLearnerReminders } from '../../worker/services/reminders';
import { api, createAdmin, createDomain, createUser, db, env, login, schema } from './helpers';
import { adminToken, certify, daysFromNow, myRequirements, setup, signInAdmin } from './compliance-helpers';

/**
 * Requirements that name what satisfies them (issue 28): a course AND a practical evaluation, a
 * credential alone. Authorisations and credentials are inserted straight into the database: the
 * evaluation and credential routes are built beside this work (they write the same rows).
 */

beforeAll(signInAdmin);

let counter = 0;
const unique = (name: string) => `${name} ${++counter} ${crypto.randomUUID().slice(0, 6)}`;

/** A published evaluation template (version 1: its id is its family id). */
async function publishedTemplate(name = unique('Reach truck')) {
  const id = crypto.randomUUID();
  await db.insert(schema.evaluationTemplates).values({
    id,
    familyId: id,
    name,
    grants: `Powered industrial truck — ${name}`,
    validityDays: 1095,
    status: 'PUBLISHED',
    publishedAt: new Date().toISOString(),
  });
  return { id, name };
}

/** A signed competent evaluation and the authorisation it granted (what POST /evaluations writes). */
async function authorise(traineeId: string, template: { id: string }, issuedAt: string, expiresAt: string) {
  const evaluator = await createAdmin();
  const evaluationId = crypto.randomUUID();
  await db.insert(schema.evaluations).values({
    id: evaluationId,
    templateId: template.id,
    traineeId,
    evaluatorId: evaluator.id,
    outcome: 'COMPETENT',
    meaning: 'Evaluated and found competent',
    evaluatorName: 'Ada Admin',
    traineeName: 'Trainee',
    bodyHash: evaluationId,
    conductedAt: issuedAt,
    signedAt: issuedAt,
  });
  const id = crypto.randomUUID();
  const number = `AUT-2026-${id.slice(0, 6).toUpperCase()}`;
  await db.insert(schema.authorisations).values({
    id,
    number,
    userId: traineeId,
    templateId: template.id,
    familyId: template.id,
    evaluationId,
    title: 'Authorised: reach truck',
    userName: 'Trainee',
    issuedAt,
    expiresAt,
  });
  return { id, number };
}

async function credentialType(name = unique('First aid certificate')) {
  const id = crypto.randomUUID();
  await db.insert(schema.credentialTypes).values({ id, name });
  return { id, name };
}

/** A credential as the approval route leaves it. */
async function credential(userId: string, typeId: string, over: Partial<typeof schema.credentials.$inferInsert>) {
  const id = crypto.randomUUID();
  await db.insert(schema.credentials).values({
    id,
    userId,
    typeId,
    status: 'APPROVED',
    issuer: 'Red Cross',
    number: `FA-${id.slice(0, 5)}`,
    issuedOn: daysFromNow(-10).slice(0, 10),
    expiresOn: daysFromNow(300).slice(0, 10),
    reviewedAt: new Date().toISOString(),
    ...over,
  });
  return id;
}

async function matrix(bookId: string) {
  const res = await api('GET', `/api/v2/admin/compliance?bookId=${bookId}`, { token: adminToken });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

describe('requirements that need a course and an evaluation together', () => {
  it('pending with the course alone, compliant with both, pending again after a retraining event until a re-evaluation', async () => {
    const template = await publishedTemplate();
    const ctx = await setup({ requirement: { evidence: [{ kind: 'evaluation', templateId: template.id }] } });
    const requirement = (await api('GET', `/api/v2/admin/requirements/${ctx.requirementId}`, { token: adminToken }))
      .body.requirement;
    expect(requirement.courseId).toBe(ctx.course.courseId);
    expect(requirement.evidence).toEqual([
      { kind: 'course', courseId: ctx.course.courseId, name: expect.any(String) },
      { kind: 'evaluation', templateId: template.id, name: template.name },
    ]);
    const rows = await db
      .select()
      .from(schema.requirementEvidence)
      .where(eq(schema.requirementEvidence.requirementId, ctx.requirementId));
    expect(rows.map((r) => r.kind).sort()).toEqual(['course', 'evaluation']);

    // The course alone: pending, and the panel names the evaluation as still needed.
    await certify(ctx.token, ctx.course);
    let mine = (await myRequirements(ctx.token))[0] as Record<string, any>;
    expect(mine.status).toBe('pending');
    expect(mine.certificateNumber).toMatch(/^CERT-/);
    expect(mine.evidence.map((p: { kind: string; status: string }) => [p.kind, p.status])).toEqual([
      ['course', 'compliant'],
      ['evaluation', 'pending'],
    ]);
    let cell = (await matrix(ctx.bookId)).rows[0].cells[0];
    expect(cell.status).toBe('pending');
    expect(cell.evidence.find((p: { kind: string }) => p.kind === 'evaluation')).toMatchObject({
      name: template.name,
      status: 'pending',
    });

    // Both held: compliant, the cell names the certificate and the authorisation, valid until the earlier expiry.
    const authorisation = await authorise(ctx.learner.id, template, daysFromNow(-1), daysFromNow(200));
    mine = (await myRequirements(ctx.token))[0] as Record<string, any>;
    expect(mine.status).toBe('compliant');
    cell = (await matrix(ctx.bookId)).rows[0].cells[0];
    expect(cell).toMatchObject({
      status: 'compliant',
      validUntil: daysFromNow(200).slice(0, 10) + cell.validUntil.slice(10),
    });
    expect(cell.evidence.find((p: { kind: string }) => p.kind === 'evaluation').number).toBe(authorisation.number);
    expect(cell.certificateNumber).toMatch(/^CERT-/);

    // A revoked authorisation does not count.
    await db
      .update(schema.authorisations)
      .set({ revokedAt: new Date().toISOString(), revokedReason: 'Unsafe operation' })
      .where(eq(schema.authorisations.id, authorisation.id));
    expect((await myRequirements(ctx.token))[0].status).toBe('pending');

    // A retraining event asks for a re-evaluation: an authorisation issued before it stops counting.
    await authorise(ctx.learner.id, template, daysFromNow(-5), daysFromNow(300));
    expect((await myRequirements(ctx.token))[0].status).toBe('compliant');
    const event = await api('POST', `/api/v2/admin/requirements/${ctx.requirementId}/events`, {
      token: adminToken,
      body: {
        userId: ctx.learner.id,
        kind: 'NEAR_MISS',
        note: 'Near miss in aisle 4',
        occurredOn: daysFromNow(-2).slice(0, 10),
      },
    });
    expect(event.status, JSON.stringify(event.body)).toBe(201);
    mine = (await myRequirements(ctx.token))[0] as Record<string, any>;
    expect(mine.status).toBe('pending');
    await authorise(ctx.learner.id, template, new Date().toISOString(), daysFromNow(1095));
    // The course certificate was issued today, after the event: with the re-evaluation both count again.
    expect((await myRequirements(ctx.token))[0].status).toBe('compliant');
  });

  it('an exemption still lifts a requirement of several pieces, named in the training record', async () => {
    const template = await publishedTemplate();
    const ctx = await setup({ requirement: { evidence: [{ kind: 'evaluation', templateId: template.id }] } });
    const record = await api('GET', `/api/v2/admin/users/${ctx.learner.id}/training-record`, { token: adminToken });
    expect(record.body.evidenceRequirements).toEqual([
      expect.objectContaining({
        requirementId: ctx.requirementId,
        title: `${ctx.course.title} + ${template.name}`,
        compliance: expect.objectContaining({ status: 'pending' }),
      }),
    ]);
    const res = await api('POST', `/api/v2/admin/requirements/${ctx.requirementId}/exemptions`, {
      token: adminToken,
      body: { userId: ctx.learner.id, reason: 'On leave', until: daysFromNow(30).slice(0, 10) },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect((await myRequirements(ctx.token))[0].status).toBe('exempt');
  });
});

describe('a requirement met by a credential alone', () => {
  it('has its own matrix column, counts an approved unexpired credential, and the CSV and forecast carry it', async () => {
    const bookId = await createDomain();
    const department = unique('Dock');
    const type = await credentialType();
    const created = await api('POST', '/api/v2/admin/requirements', {
      token: adminToken,
      body: { bookId, department, evidence: [{ kind: 'credential', credentialTypeId: type.id }] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.requirement).toMatchObject({
      courseId: null,
      courseTitle: type.name,
      evidence: [{ kind: 'credential', credentialTypeId: type.id, name: type.name }],
    });
    const held = await createUser({ domainIds: [bookId], department, firstName: 'Hana', lastName: 'Held' });
    const pendingOne = await createUser({ domainIds: [bookId], department, firstName: 'Piet', lastName: 'Pending' });
    const expiring = await createUser({ domainIds: [bookId], department, firstName: 'Esme', lastName: 'Expiring' });
    const heldNumber = 'FA-HELD-1';
    await credential(held.id, type.id, { number: heldNumber });
    // Waiting for approval, and rejected: neither counts.
    await credential(pendingOne.id, type.id, { status: 'PENDING', reviewedAt: null });
    await credential(pendingOne.id, type.id, { status: 'REJECTED', rejectReason: 'Unreadable' });
    await credential(expiring.id, type.id, { expiresOn: daysFromNow(10).slice(0, 10) });

    const body = await matrix(bookId);
    expect(body.requirements).toEqual([
      {
        id: created.body.requirement.id,
        courseId: null,
        courseTitle: type.name,
        evidence: [{ kind: 'credential', name: type.name }],
      },
    ]);
    const byName = Object.fromEntries(
      body.rows.map((r: { user: { name: string }; cells: Record<string, any>[] }) => [r.user.name, r.cells[0]]),
    );
    expect(byName['Hana Held']).toMatchObject({ status: 'compliant' });
    expect(byName['Hana Held'].evidence).toEqual([
      expect.objectContaining({ kind: 'credential', name: type.name, status: 'compliant', number: heldNumber }),
    ]);
    expect(byName['Piet Pending'].status).toBe('pending');
    expect(byName['Esme Expiring'].status).toBe('due-soon');
    expect(body.summary).toMatchObject({ compliant: 1, dueSoon: 1, pending: 1 });
    // Pending (due in 30 days) and expiring in 10 days both lapse within 30 days; the held one does not within 90.
    expect(body.summary.forecast).toEqual({ d30: 2, d60: 2, d90: 2 });

    // The forecast's 30-day bucket lists the two, under the requirement's own column.
    const lapses = await api('GET', `/api/v2/admin/compliance/lapses?bookId=${bookId}&days=30`, { token: adminToken });
    expect(lapses.status).toBe(200);
    expect(
      lapses.body.rows.map(
        (r: { user: { name: string }; courseId: string | null; courseTitle: string; key: string }) => [
          r.user.name,
          r.courseId,
          r.courseTitle,
          r.key,
        ],
      ),
    ).toEqual([
      ['Esme Expiring', null, type.name, created.body.requirement.id],
      ['Piet Pending', null, type.name, created.body.requirement.id],
    ]);

    // The learner's panel says what is needed.
    const mine = (await myRequirements(await login(pendingOne)))[0] as Record<string, any>;
    expect(mine).toMatchObject({ courseId: null, courseTitle: type.name, status: 'pending' });
    expect(mine.evidence).toEqual([
      expect.objectContaining({ kind: 'credential', name: type.name, status: 'pending' }),
    ]);

    const csv = await api('GET', `/api/v2/admin/compliance/export.csv?bookId=${bookId}`, { token: adminToken });
    const table = parseCsv(typeof csv.body === 'string' ? csv.body : JSON.stringify(csv.body));
    const header = table[0];
    const row = (name: string) => Object.fromEntries(header.map((c, i) => [c, table.find((r) => r[0] === name)![i]]));
    expect(row('Hana Held')).toMatchObject({
      Course: type.name,
      Status: 'Compliant',
      Credential: `${type.name} ${heldNumber}`,
      'Evidence needed': '',
    });
    expect(row('Piet Pending')).toMatchObject({ Status: 'Pending', Credential: '', 'Evidence needed': type.name });

    // An expired credential is no longer held.
    await db
      .update(schema.credentials)
      .set({ expiresOn: daysFromNow(-3).slice(0, 10) })
      .where(eq(schema.credentials.userId, held.id));
    const after = await matrix(bookId);
    const hana = after.rows.find((r: { user: { name: string } }) => r.user.name === 'Hana Held');
    expect(hana.cells[0].status).toBe('pending');
  });

  it('offers published template families and credential types in use to the dialog (admins only)', async () => {
    const template = await publishedTemplate();
    const draft = crypto.randomUUID();
    await db
      .insert(schema.evaluationTemplates)
      .values({ id: draft, familyId: draft, name: unique('Draft'), grants: 'x' });
    const type = await credentialType();
    const retired = await credentialType();
    await db
      .update(schema.credentialTypes)
      .set({ retiredAt: new Date().toISOString() })
      .where(eq(schema.credentialTypes.id, retired.id));
    const res = await api('GET', '/api/v2/admin/requirements/evidence-options', { token: adminToken });
    expect(res.status).toBe(200);
    expect(res.body.templates).toContainEqual({ id: template.id, name: template.name });
    expect(res.body.templates.map((t: { id: string }) => t.id)).not.toContain(draft);
    expect(res.body.credentialTypes).toContainEqual({ id: type.id, name: type.name });
    expect(res.body.credentialTypes.map((t: { id: string }) => t.id)).not.toContain(retired.id);
    const learner = await login(await createUser());
    expect((await api('GET', '/api/v2/admin/requirements/evidence-options', { token: learner })).status).toBe(403);
  });

  it('refuses evidence that names nothing usable, and writes nothing', async () => {
    const bookId = await createDomain();
    const retired = await credentialType();
    await db
      .update(schema.credentialTypes)
      .set({ retiredAt: new Date().toISOString() })
      .where(eq(schema.credentialTypes.id, retired.id));
    const draft = crypto.randomUUID();
    await db
      .insert(schema.evaluationTemplates)
      .values({ id: draft, familyId: draft, name: unique('Draft'), grants: 'x' });
    const before = (await db.select().from(schema.requirements)).length;
    const cases: [unknown, string][] = [
      [[], 'Choose what satisfies the requirement: a course, an evaluation or a credential type'],
      [
        [{ kind: 'badge', id: 'x' }],
        'Choose what satisfies the requirement: a course, an evaluation or a credential type',
      ],
      [[{ kind: 'evaluation', templateId: draft }], 'Evaluation template not found or not published'],
      [[{ kind: 'evaluation', templateId: 'nope' }], 'Evaluation template not found or not published'],
      [[{ kind: 'credential', credentialTypeId: retired.id }], 'Credential type not found or retired'],
      [
        [
          { kind: 'course', courseId: 'a' },
          { kind: 'course', courseId: 'b' },
        ],
        'A requirement can name one course only',
      ],
    ];
    for (const [evidence, message] of cases) {
      const res = await api('POST', '/api/v2/admin/requirements', { token: adminToken, body: { bookId, evidence } });
      expect(res.status, JSON.stringify(evidence)).toBe(400);
      expect(res.body.message, JSON.stringify(evidence)).toBe(message);
    }
    expect((await db.select().from(schema.requirements)).length).toBe(before);
  });
});

describe('reminders of a requirement without a course', () => {
  it('remind the person of the credential by name, once, and stop once it is approved', async () => {
    const bookId = await createDomain();
    const department = unique('Gate');
    const type = await credentialType();
    const created = await api('POST', '/api/v2/admin/requirements', {
      token: adminToken,
      body: { bookId, department, evidence: [{ kind: 'credential', credentialTypeId: type.id }] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const person = await createUser({ domainIds: [bookId], department });
    const deps = { config: { ...readConfig(env), publicUrl: 'https://training.example' }, email: undefined };
    const mails = () => db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.to, person.email));
    // Due in 30 days: the 30-day reminder, once however often the cron runs.
    await sendLearnerReminders(deps, db, new Date());
    await sendLearnerReminders(deps, db, new Date());
    const sent = await mails();
    expect(sent).toHaveLength(1);
    expect(sent[0].bodyText).toContain(`- ${type.name}: due by `);
    const recorded = await db.select().from(schema.reminders).where(eq(schema.reminders.userId, person.id));
    expect(recorded.map((r) => r.courseId)).toEqual([created.body.requirement.id]);
    // Approved: nothing is due any more, so a later run (7 days before) sends nothing.
    await credential(person.id, type.id, {});
    await sendLearnerReminders(deps, db, new Date(Date.now() + 24 * 24 * 3600 * 1000));
    expect(await mails()).toHaveLength(1);
  });
});
