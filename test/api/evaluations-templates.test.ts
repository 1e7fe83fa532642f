import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PERMISSION_KEYS } from '../../worker/contract/auth';
import { createCourse } from './fixtures';
import { adminSession, personSession, templateBody } from './evaluation-helpers';
import { api, db, schema } from './helpers';

/** Evaluation templates (admin, Module Management): drafts, publishing, versions that never rewrite a published one. */

let adminToken: string;
const base = '/api/v2/admin/evaluation-templates';

beforeAll(async () => {
  adminToken = (await adminSession()).token;
});

describe('evaluation templates', () => {
  it('creates a draft, edits it in place, publishes it, and drafts version 2 on an edit of the published one', async () => {
    const body = templateBody({ items: 3 });
    const created = await api('POST', base, { token: adminToken, body });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const v1 = created.body.template;
    expect(v1).toMatchObject({ version: 1, status: 'DRAFT', familyId: v1.id, validityDays: 1095, current: false });
    expect(v1.items.map((item: { text: string }) => item.text)).toEqual(body.items.map((item) => item.text));

    // A draft is edited in place: same id, its items replaced in the new order.
    const reordered = { ...body, items: [body.items[2]!, body.items[0]!] };
    const edited = await api('PUT', `${base}/${v1.id}`, { token: adminToken, body: reordered });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.template.id).toBe(v1.id);
    expect(edited.body.template.items.map((item: { text: string }) => item.text)).toEqual([
      body.items[2]!.text,
      body.items[0]!.text,
    ]);

    const published = await api('POST', `${base}/${v1.id}/publish`, { token: adminToken });
    expect(published.status).toBe(200);
    expect(published.body.template).toMatchObject({ status: 'PUBLISHED', current: true });
    const v1Items = published.body.template.items.map((item: { id: string }) => item.id);
    expect((await api('POST', `${base}/${v1.id}/publish`, { token: adminToken })).body.reason).toBe(
      'template.alreadyPublished',
    );

    // An edit of the published version drafts the next one and leaves v1 as it was.
    const change = {
      ...reordered,
      name: `${body.name} (revised)`,
      items: [...reordered.items, { text: 'Horn at blind corners', critical: false }],
    };
    const next = await api('PUT', `${base}/${v1.id}`, { token: adminToken, body: change });
    expect(next.status, JSON.stringify(next.body)).toBe(201);
    const v2 = next.body.template;
    expect(v2).toMatchObject({ version: 2, status: 'DRAFT', familyId: v1.id, name: change.name, current: false });
    expect(v2.id).not.toBe(v1.id);
    expect(v2.items.some((item: { id: string }) => v1Items.includes(item.id))).toBe(false);
    expect(next.body.versions.map((v: { version: number; status: string }) => [v.version, v.status])).toEqual([
      [2, 'DRAFT'],
      [1, 'PUBLISHED'],
    ]);
    const still = await api('GET', `${base}/${v1.id}`, { token: adminToken });
    expect(still.body.template).toMatchObject({ name: body.name, status: 'PUBLISHED', current: true });
    expect(still.body.template.items.map((item: { id: string }) => item.id)).toEqual(v1Items);

    // Only the newest version may change: v1 again is refused while v2 is the draft.
    const stale = await api('PUT', `${base}/${v1.id}`, { token: adminToken, body: change });
    expect(stale.status).toBe(409);
    expect(stale.body.reason).toBe('template.notLatest');

    // The list shows the family once, as its newest version; publishing v2 makes it current.
    const list = await api('GET', base, { token: adminToken });
    expect(
      list.body.templates
        .filter((t: { familyId: string }) => t.familyId === v1.id)
        .map((t: { version: number }) => t.version),
    ).toEqual([2]);
    const current = await api('POST', `${base}/${v2.id}/publish`, { token: adminToken });
    expect(current.body.template.current).toBe(true);
    expect((await api('GET', `${base}/${v1.id}`, { token: adminToken })).body.template.current).toBe(false);
  });

  it('checks the evaluator qualification exists and stores an evaluation qualification as its family', async () => {
    const course = await createCourse({ components: ['MATERIAL'] });
    const ok = await api('POST', base, {
      token: adminToken,
      body: templateBody({ qualification: { kind: 'course', id: course.courseId } }),
    });
    expect(ok.status).toBe(201);
    expect(ok.body.template.evaluatorQualification).toEqual({
      kind: 'course',
      id: course.courseId,
      name: course.title,
    });
    const first = ok.body.template;
    const bump = await api('PUT', `${base}/${first.id}`, {
      token: adminToken,
      body: templateBody({ qualification: { kind: 'course', id: course.courseId } }),
    });
    expect(bump.status).toBe(200);
    const byVersion = await api('POST', base, {
      token: adminToken,
      body: templateBody({ qualification: { kind: 'evaluation', id: first.id } }),
    });
    expect(byVersion.body.template.evaluatorQualification.id).toBe(first.familyId);
    for (const qualification of [
      { kind: 'course', id: crypto.randomUUID() },
      { kind: 'evaluation', id: crypto.randomUUID() },
      { kind: 'credential', id: crypto.randomUUID() },
    ]) {
      const before = (await db.select().from(schema.evaluationTemplates).all()).length;
      const res = await api('POST', base, { token: adminToken, body: templateBody({ qualification }) });
      expect([qualification.kind, res.status, res.body.reason]).toEqual([
        qualification.kind,
        400,
        'template.qualificationNotFound',
      ]);
      expect((await db.select().from(schema.evaluationTemplates).all()).length).toBe(before);
    }
  });

  it('refuses bad template bodies with their own messages', async () => {
    const good = templateBody();
    const cases: [string, Record<string, unknown>, string][] = [
      ['no name', { name: ' ' }, 'template.nameRequired'],
      ['no grants', { grants: '' }, 'template.grantsRequired'],
      ['no items', { items: [] }, 'template.itemsCount'],
      [
        '51 items',
        { items: Array.from({ length: 51 }, () => ({ text: 'x', critical: false })) },
        'template.itemsCount',
      ],
      ['blank item', { items: [{ text: '  ', critical: true }] }, 'template.itemText'],
      ['zero validity', { validityDays: 0 }, 'template.validity'],
      ['fractional validity', { validityDays: 1.5 }, 'template.validity'],
      ['unknown kind', { evaluatorQualification: { kind: 'badge', id: 'x' } }, 'template.qualificationKind'],
    ];
    for (const [name, change, reason] of cases) {
      const res = await api('POST', base, { token: adminToken, body: { ...good, ...change } });
      expect([name, res.status, res.body.reason]).toEqual([name, 400, reason]);
    }
  });

  it('is for administrators with Module Management only', async () => {
    const learner = await personSession();
    const noFlag = await adminSession({
      permissions: Object.fromEntries(ADMIN_PERMISSION_KEYS.map((flag) => [flag, flag !== 'moduleManagement'])),
    });
    for (const token of [learner.token, noFlag.token]) {
      expect((await api('GET', base, { token })).status).toBe(403);
      expect((await api('POST', base, { token, body: templateBody() })).status).toBe(403);
    }
  });
});
