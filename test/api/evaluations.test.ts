import { beforeAll, describe, expect, it } from 'vitest';
import { createCourse } from './fixtures';
import {
  adminSession,
  evaluationBody,
  giveCertificate,
  personSession,
  publishedTemplate,
  qualifiedSetup,
  storedFor,
} from './evaluation-helpers';
import { api, db, schema } from './helpers';

/** Practical evaluations (issue 28): signing, refusals that store nothing, replays, permissions. */

let adminToken: string;

beforeAll(async () => {
  adminToken = (await adminSession()).token;
});

describe('POST /api/v2/evaluations', () => {
  it('signs a competent evaluation with the e-signature meaning and frozen names, and issues an authorisation', async () => {
    const { evaluator, trainee, template } = await qualifiedSetup(adminToken);
    const body = evaluationBody(template, trainee.user, evaluator.user);
    const res = await api('POST', '/api/v2/evaluations', { token: evaluator.token, body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const record = res.body.evaluation;
    expect(record).toMatchObject({
      id: body.id,
      templateId: template.id,
      templateVersion: 1,
      outcome: 'COMPETENT',
      meaning: 'Evaluated and found competent',
      evaluatorName: 'Eve Evaluator',
      traineeName: 'Tom Trainee',
      failedItems: [],
      acknowledgement: null,
    });
    expect(record.items.map((item: { itemId: string }) => item.itemId)).toEqual(template.itemIds);
    expect(record.authorisation.number).toMatch(/^AUT-\d{4}-\d{6}$/);
    expect(record.authorisation.status).toBe('VALID');
    expect(record.authorisation.verifyUrl).toContain(`/authorisation/verify/${record.authorisation.number}`);
  });

  it('answers the same offline submission sent three times with one record, and refuses another body under its id', async () => {
    const { evaluator, trainee, template } = await qualifiedSetup(adminToken);
    const body = evaluationBody(template, trainee.user, evaluator.user);
    const answers = [];
    for (let i = 0; i < 3; i++)
      answers.push(await api('POST', '/api/v2/evaluations', { token: evaluator.token, body }));
    expect(answers.map((a) => a.status)).toEqual([201, 200, 200]);
    expect(new Set(answers.map((a) => a.body.evaluation.authorisation.number)).size).toBe(1);
    expect(await storedFor(body.id)).toEqual({ evaluations: 1, results: 3, authorisations: 1 });
    const other = await api('POST', '/api/v2/evaluations', {
      token: evaluator.token,
      body: { ...body, note: 'A different note' },
    });
    expect(other.status).toBe(409);
    expect(other.body.reason).toBe('evaluation.idReused');
  });

  it('refuses a self-evaluation with a clear message and stores nothing', async () => {
    const { evaluator, template } = await qualifiedSetup(adminToken);
    const body = evaluationBody(template, evaluator.user, evaluator.user);
    const res = await api('POST', '/api/v2/evaluations', { token: evaluator.token, body });
    expect(res.status).toBe(403);
    expect(res.body.reason).toBe('evaluation.self');
    expect(res.body.message).toMatch(/cannot evaluate yourself/);
    expect(await storedFor(body.id)).toEqual({ evaluations: 0, results: 0, authorisations: 0 });
  });

  it('refuses an evaluator without the qualification on that day, and accepts once they hold it', async () => {
    const course = await createCourse({ components: ['MATERIAL'] });
    const template = await publishedTemplate(adminToken, { qualification: { kind: 'course', id: course.courseId } });
    const evaluator = await personSession();
    const trainee = await personSession();
    // A certificate issued today does not cover an evaluation conducted three days ago.
    await giveCertificate(evaluator.user.id, course.courseId, { issuedAt: new Date().toISOString() });
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000).toISOString();
    const early = evaluationBody(template, trainee.user, evaluator.user, { conductedAt: threeDaysAgo });
    const refused = await api('POST', '/api/v2/evaluations', { token: evaluator.token, body: early });
    expect(refused.status).toBe(403);
    expect(refused.body.reason).toBe('evaluation.notQualified');
    expect(refused.body.params.qualification).toBe(course.title);
    expect(refused.body.params.date).toBe(threeDaysAgo.slice(0, 10));
    expect(await storedFor(early.id)).toEqual({ evaluations: 0, results: 0, authorisations: 0 });
    const today = evaluationBody(template, trainee.user, evaluator.user);
    const accepted = await api('POST', '/api/v2/evaluations', { token: evaluator.token, body: today });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
  });

  it('refuses an unqualified evaluator for a template naming a qualification, and a non-admin for one naming none', async () => {
    const { trainee, template } = await qualifiedSetup(adminToken);
    const stranger = await personSession();
    const body = evaluationBody(template, trainee.user, stranger.user);
    const res = await api('POST', '/api/v2/evaluations', { token: stranger.token, body });
    expect(res.status).toBe(403);
    expect(res.body.reason).toBe('evaluation.notQualified');
    const open = await publishedTemplate(adminToken, { qualification: null });
    const learnerTry = await api('POST', '/api/v2/evaluations', {
      token: stranger.token,
      body: evaluationBody(open, trainee.user, stranger.user),
    });
    expect(learnerTry.status).toBe(403);
    expect(learnerTry.body.reason).toBe('evaluation.adminOnly');
    const admin = await adminSession();
    const byAdmin = await api('POST', '/api/v2/evaluations', {
      token: admin.token,
      body: evaluationBody(open, trainee.user, admin.user),
    });
    expect(byAdmin.status, JSON.stringify(byAdmin.body)).toBe(201);
  });

  it('refuses a wrong password as a failed signature, counted like a failed sign-in', async () => {
    const { evaluator, trainee, template } = await qualifiedSetup(adminToken);
    const body = evaluationBody(template, trainee.user, evaluator.user, { password: 'Wrong!Pass#9' });
    const res = await api('POST', '/api/v2/evaluations', { token: evaluator.token, body });
    expect(res.status).toBe(401);
    expect(res.body.reason).toBe('evaluation.passwordWrong');
    expect(await storedFor(body.id)).toEqual({ evaluations: 0, results: 0, authorisations: 0 });
    const counter = await db.select().from(schema.rateLimits).all();
    expect(counter.find((row) => row.key === `login:acct:${evaluator.user.id}`)?.count).toBe(1);
    // Four more wrong signatures lock the account's guesses, the sign-in form included.
    for (let i = 0; i < 4; i++)
      await api('POST', '/api/v2/evaluations', { token: evaluator.token, body: { ...body, id: crypto.randomUUID() } });
    const locked = await api('POST', '/api/auth/login', {
      body: { username: evaluator.user.username, password: evaluator.user.password },
    });
    expect(locked.status).toBe(429);
  });

  it('refuses bad input with a clear reason and stores nothing', async () => {
    const { evaluator, trainee, template, course } = await qualifiedSetup(adminToken);
    const draft = await api('POST', '/api/v2/admin/evaluation-templates', {
      token: adminToken,
      body: {
        name: 'Draft only',
        grants: 'Nothing yet',
        validityDays: null,
        evaluatorQualification: { kind: 'course', id: course.courseId },
        items: [{ text: 'One', critical: false }],
      },
    });
    const base = () => evaluationBody(template, trainee.user, evaluator.user);
    const items = base().items;
    const cases: [string, Record<string, unknown>, number, string][] = [
      ['unknown template', { templateId: crypto.randomUUID() }, 404, 'evaluation.templateNotFound'],
      ['unpublished template', { templateId: draft.body.template.id }, 409, 'evaluation.templateNotPublished'],
      ['unknown trainee', { traineeId: crypto.randomUUID() }, 404, 'evaluation.traineeNotFound'],
      [
        'wrong item id',
        { items: [...items.slice(1), { ...items[0], itemId: crypto.randomUUID() }] },
        400,
        'evaluation.unknownItem',
      ],
      ['missing item', { items: items.slice(1) }, 400, 'evaluation.itemsMissing'],
      ['duplicate item', { items: [...items.slice(0, 2), items[1]] }, 400, 'evaluation.duplicateItem'],
      ['competent with not yet', { results: { 1: 'NOT_YET' } }, 400, 'evaluation.competentWithNotYet'],
      ['critical not applicable', { results: { 0: 'NOT_APPLICABLE' } }, 400, 'evaluation.criticalNotApplicable'],
      [
        'in the future',
        { conductedAt: new Date(Date.now() + 3_600_000).toISOString() },
        400,
        'evaluation.conductedFuture',
      ],
      [
        'too old',
        { conductedAt: new Date(Date.now() - 31 * 86_400_000).toISOString() },
        400,
        'evaluation.conductedTooOld',
      ],
      ['too many photos', { photoCount: 11 }, 400, 'evaluation.photoCount'],
      ['not a uuid', { id: 'device-1' }, 400, 'evaluation.idInvalid'],
      ['no password', { password: '' }, 400, 'evaluation.passwordRequired'],
      ['refresher on a pass', { refresherCourseId: course.courseId }, 400, 'evaluation.refresherCompetent'],
    ];
    for (const [name, change, status, reason] of cases) {
      const { results, ...rest } = change as { results?: Record<number, string> };
      const body = results
        ? evaluationBody(template, trainee.user, evaluator.user, { results })
        : { ...base(), ...rest };
      const res = await api('POST', '/api/v2/evaluations', { token: evaluator.token, body });
      expect([name, res.status, res.body.reason]).toEqual([name, status, reason]);
      expect(await storedFor(body.id as string), name).toEqual({ evaluations: 0, results: 0, authorisations: 0 });
    }
  });

  it('records a not-yet-competent outcome with its failed items and enrols the trainee in the refresher course', async () => {
    const { evaluator, trainee, template } = await qualifiedSetup(adminToken);
    const refresher = await createCourse({ components: ['MATERIAL'] });
    const body = evaluationBody(template, trainee.user, evaluator.user, {
      results: { 1: 'NOT_YET' },
      outcome: 'NOT_YET_COMPETENT',
      refresherCourseId: refresher.courseId,
    });
    const res = await api('POST', '/api/v2/evaluations', { token: evaluator.token, body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.evaluation.meaning).toBe('Evaluated and found not yet competent');
    expect(res.body.evaluation.failedItems).toEqual(['Item 2: load handling']);
    expect(res.body.evaluation.authorisation).toBeNull();
    expect(res.body.evaluation.refresherCourseId).toBe(refresher.courseId);
    const enrolled = await db.select().from(schema.courseProgress).all();
    expect(enrolled.some((row) => row.userId === trainee.user.id && row.courseId === refresher.courseId)).toBe(true);
  });
});

describe('reading evaluations', () => {
  it('lets the evaluator and the trainee read it, lists it as each, and hides it from anyone else', async () => {
    const { evaluator, trainee, template } = await qualifiedSetup(adminToken);
    const body = evaluationBody(template, trainee.user, evaluator.user);
    expect((await api('POST', '/api/v2/evaluations', { token: evaluator.token, body })).status).toBe(201);
    for (const token of [evaluator.token, trainee.token, adminToken])
      expect((await api('GET', `/api/v2/evaluations/${body.id}`, { token })).status).toBe(200);
    const other = await personSession();
    const hidden = await api('GET', `/api/v2/evaluations/${body.id}`, { token: other.token });
    expect(hidden.status).toBe(404);
    const asTrainee = await api('GET', '/api/v2/evaluations?as=trainee', { token: trainee.token });
    expect(asTrainee.body.evaluations.map((e: { id: string }) => e.id)).toEqual([body.id]);
    const asEvaluator = await api('GET', '/api/v2/evaluations?as=evaluator', { token: evaluator.token });
    expect(asEvaluator.body.evaluations.map((e: { id: string }) => e.id)).toEqual([body.id]);
    expect((await api('GET', '/api/v2/evaluations?as=trainee', { token: other.token })).body.evaluations).toEqual([]);
  });

  it('offers the evaluator the templates they are qualified for and trainees other than themselves', async () => {
    const { evaluator, trainee, template } = await qualifiedSetup(adminToken);
    const templates = await api('GET', '/api/v2/evaluations/templates', { token: evaluator.token });
    expect(templates.status).toBe(200);
    const offered = templates.body.templates.find((t: { id: string }) => t.id === template.id);
    expect(offered.items.map((item: { id: string }) => item.id)).toEqual(template.itemIds);
    const stranger = await personSession();
    const none = await api('GET', '/api/v2/evaluations/templates', { token: stranger.token });
    expect(none.body.templates.find((t: { id: string }) => t.id === template.id)).toBeUndefined();
    const people = await api('GET', `/api/v2/evaluations/trainees?query=${trainee.user.username}`, {
      token: evaluator.token,
    });
    expect(people.body.people.map((p: { id: string }) => p.id)).toEqual([trainee.user.id]);
    const self = await api('GET', `/api/v2/evaluations/trainees?query=${evaluator.user.username}`, {
      token: evaluator.token,
    });
    expect(self.body.people).toEqual([]);
    expect((await api('GET', '/api/v2/evaluations/trainees?query=Tom', { token: stranger.token })).body.people).toEqual(
      [],
    );
  });
});
