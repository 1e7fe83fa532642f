import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { app } from '../../worker/app';
import { AUDIT_ACTIONS } from '../../worker/contract/audit';
import { routeGuards } from '../../worker/middleware/route-guards';
import {
  arrangeAs,
  classroomSessionBody,
  classroomSession,
  exhaustedLearner,
  draftCourse,
  credentialType,
  talkTopic,
  identityProvider,
  identityProviderBody,
  site,
  scimConnection,
  task,
  taskBody,
  pendingCredential,
  assessment,
  draftWithComponents,
  requirement,
  PDF,
  MP4_HEAD,
  upload,
  captionForm,
  announcement,
  certificateId,
  evaluationTemplate,
  authorisationId,
} from './audit-arrange';
import { createCourse } from './fixtures';
import { api, createAdmin, createDomain, createUser, db, env, login, schema, type ApiResult } from './helpers';

/**
 * Every admin write that changes people, content, requirements or results leaves one audit entry.
 * The admin write routes are read from the route table (POST/PUT/PATCH/DELETE under an admin
 * guard): each is either made here, for real, and must write an entry, or exempted below with its
 * reason. A route in neither list fails the test, so a new admin write cannot go unrecorded.
 */
const EXEMPT: Record<string, string> = {
  // A signed URL for the browser's direct upload: nothing is stored until /complete (recorded).
  'POST /api/v2/materials/presign': 'stores nothing',
  // Feedback handling: a reply to, or the status of, a learner's question or suggestion. Not
  // people, content, requirements or results; the submission itself keeps who answered and when.
  'POST /api/think/admin/:id/respond': 'feedback reply, none of the four kinds',
  'PUT /api/think/admin/:id/status': 'feedback status, none of the four kinds',
  // Reads the provider's discovery document and keys; writes nothing (issue 32).
  'POST /api/v2/admin/identity-providers/:id/test': 'reads the provider, stores nothing',
};

const adminWrites = routeGuards(app.routes)
  .filter(
    (r) =>
      r.path.startsWith('/api/') &&
      ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method) &&
      r.guards.some((g) => g.kind === 'admin'),
  )
  .map((r) => `${r.method} ${r.path}`);

let actor: { id: string };
let actorPassword: string;
let token: string;

/** One real, successful request per admin write route (arranged as it needs). */
const WRITES: Record<string, () => Promise<ApiResult>> = {
  'POST /api/users': async () =>
    request('POST', '/api/users', {
      token,
      body: { username: `aud${Date.now()}`, email: `aud${Date.now()}@example.test`, role: 'USER' },
    }),
  'PUT /api/users/:id': async () =>
    request('PUT', `/api/users/${(await createUser()).id}`, { token, body: { firstName: 'Renamed' } }),
  'DELETE /api/users/:id': async () => request('DELETE', `/api/users/${(await createUser()).id}`, { token }),
  'POST /api/users/bulk': async () =>
    request('POST', '/api/users/bulk', {
      token,
      body: [{ username: `bulk${Date.now()}`, email: `bulk${Date.now()}@example.test` }],
    }),
  'DELETE /api/users/bulk': async () =>
    request('DELETE', '/api/users/bulk', { token, body: { userIds: [(await createUser()).id] } }),
  'POST /api/users/bulk-deactivate': async () =>
    request('POST', '/api/users/bulk-deactivate', {
      token,
      body: { userIds: [(await createUser()).id], reason: 'Left' },
    }),
  'POST /api/users/:id/deactivate': async () =>
    request('POST', `/api/users/${(await createUser()).id}/deactivate`, { token, body: { reason: 'Left' } }),
  'POST /api/users/:id/reactivate': async () => {
    const user = await createUser();
    await db.update(schema.users).set({ deactivatedAt: new Date().toISOString() }).where(eq(schema.users.id, user.id));
    return request('POST', `/api/users/${user.id}/reactivate`, { token, body: { reason: 'Back' } });
  },
  'PUT /api/users/domains/assign': async () =>
    request('PUT', '/api/users/domains/assign', {
      token,
      body: { userIds: [(await createUser()).id], domainIds: [await createDomain()] },
    }),
  'PUT /api/users/:id/domains': async () =>
    request('PUT', `/api/users/${(await createUser()).id}/domains`, {
      token,
      body: { domainIds: [await createDomain()] },
    }),

  'POST /api/domains': async () =>
    request('POST', '/api/domains', { token, body: { name: `Audit book ${crypto.randomUUID().slice(0, 8)}` } }),
  'PUT /api/domains/:id': async () =>
    request('PUT', `/api/domains/${await createDomain()}`, {
      token,
      body: { name: `Renamed ${crypto.randomUUID().slice(0, 8)}` },
    }),
  'DELETE /api/domains/:id': async () => request('DELETE', `/api/domains/${await createDomain()}`, { token }),

  'POST /api/v2/admin/courses': async () =>
    request('POST', '/api/v2/admin/courses', { token, body: { title: 'New', domainId: await createDomain() } }),
  'PUT /api/v2/admin/courses/:id': async () =>
    request('PUT', `/api/v2/admin/courses/${await draftCourse()}`, {
      token,
      body: { title: 'Edited', domainId: await createDomain() },
    }),
  'PUT /api/v2/admin/courses/:id/family': async () =>
    request('PUT', `/api/v2/admin/courses/${await draftCourse()}/family`, { token, body: { language: 'es' } }),
  'POST /api/v2/admin/courses/:id/publish': async () => {
    const { courseId } = await draftWithComponents();
    return request('POST', `/api/v2/admin/courses/${courseId}/publish`, { token });
  },
  'POST /api/v2/admin/courses/:id/takedown': async () =>
    request('POST', `/api/v2/admin/courses/${(await createCourse()).courseId}/takedown`, { token }),
  'POST /api/v2/admin/courses/:id/clone': async () =>
    request('POST', `/api/v2/admin/courses/${(await createCourse()).courseId}/clone`, { token }),
  'DELETE /api/v2/admin/courses/:id': async () =>
    request('DELETE', `/api/v2/admin/courses/${await draftCourse()}`, { token }),
  'POST /api/v2/admin/courses/:courseId/components': async () =>
    request('POST', `/api/v2/admin/courses/${await draftCourse()}/components`, { token, body: assessment }),
  'PUT /api/v2/admin/courses/:courseId/components/:componentId': async () => {
    const { courseId, ids } = await draftWithComponents();
    return request('PUT', `/api/v2/admin/courses/${courseId}/components/${ids[0]}`, {
      token,
      body: { required: false },
    });
  },
  'DELETE /api/v2/admin/courses/:courseId/components/:componentId': async () => {
    const { courseId, ids } = await draftWithComponents();
    return request('DELETE', `/api/v2/admin/courses/${courseId}/components/${ids[0]}`, { token });
  },
  'PUT /api/v2/admin/courses/:courseId/components/reorder': async () => {
    const { courseId, ids } = await draftWithComponents();
    const componentOrders = [
      { componentId: ids[1], newOrder: 1 },
      { componentId: ids[0], newOrder: 2 },
    ];
    return request('PUT', `/api/v2/admin/courses/${courseId}/components/reorder`, { token, body: { componentOrders } });
  },

  'POST /api/v2/materials/upload': async () => {
    const form = new FormData();
    form.set('file', new File([PDF], 'audit.pdf', { type: 'application/pdf' }));
    return request('POST', '/api/v2/materials/upload', { token, raw: form });
  },
  'POST /api/v2/materials/complete': async () => {
    const key = `materials/${crypto.randomUUID()}.pdf`;
    await env.FILES.put(key, PDF, { httpMetadata: { contentType: 'application/pdf' } });
    return request('POST', '/api/v2/materials/complete', { token, body: { key, fileName: 'direct.pdf' } });
  },
  'PUT /api/v2/materials/:id': async () =>
    request('PUT', `/api/v2/materials/${await upload('a.pdf', PDF, 'application/pdf')}`, {
      token,
      body: { title: 'Renamed' },
    }),
  'DELETE /api/v2/materials/:id': async () =>
    request('DELETE', `/api/v2/materials/${await upload('b.pdf', PDF, 'application/pdf')}`, { token }),
  'POST /api/v2/materials/:id/captions': async () =>
    request('POST', `/api/v2/materials/${await upload('v.mp4', MP4_HEAD, 'video/mp4')}/captions`, {
      token,
      raw: captionForm(),
    }),
  'DELETE /api/v2/materials/:id/captions/:captionId': async () => {
    const video = await upload('w.mp4', MP4_HEAD, 'video/mp4');
    const added = await api('POST', `/api/v2/materials/${video}/captions`, { token, raw: captionForm() });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    return request('DELETE', `/api/v2/materials/${video}/captions/${added.body.id}`, { token });
  },

  'POST /api/v2/admin/assessments/:componentId/users/:userId/reset': async () => {
    const { componentId, userId } = await exhaustedLearner();
    return request('POST', `/api/v2/admin/assessments/${componentId}/users/${userId}/reset`, {
      token,
      body: { reason: 'Retry allowed' },
    });
  },
  'POST /api/v2/admin/assessments/:componentId/users/:userId/pass': async () => {
    const { componentId, userId } = await exhaustedLearner();
    return request('POST', `/api/v2/admin/assessments/${componentId}/users/${userId}/pass?score=80`, {
      token,
      body: { reason: 'Shown in person' },
    });
  },
  'POST /api/v2/certificates/:certificateId/revoke': async () =>
    request('POST', `/api/v2/certificates/${await certificateId()}/revoke`, {
      token,
      body: { reason: 'Issued in error' },
    }),

  'POST /api/v2/admin/evaluation-templates': async () =>
    request('POST', '/api/v2/admin/evaluation-templates', {
      token,
      body: {
        name: 'Audit template',
        grants: 'Reach truck',
        validityDays: null,
        items: [{ text: 'Horn', critical: false }],
      },
    }),
  'PUT /api/v2/admin/evaluation-templates/:id': async () =>
    request('PUT', `/api/v2/admin/evaluation-templates/${(await evaluationTemplate(true)).id}`, {
      token,
      body: {
        name: 'Audit template v2',
        grants: 'Reach truck',
        validityDays: 365,
        items: [{ text: 'Horn', critical: false }],
      },
    }),
  'POST /api/v2/admin/evaluation-templates/:id/publish': async () =>
    request('POST', `/api/v2/admin/evaluation-templates/${(await evaluationTemplate(false)).id}/publish`, { token }),
  'POST /api/v2/admin/authorisations/:id/revoke': async () =>
    request('POST', `/api/v2/admin/authorisations/${await authorisationId()}/revoke`, {
      token,
      body: { reason: 'Unsafe operation observed' },
    }),

  'POST /api/v2/admin/requirements': async () => {
    const course = await createCourse();
    return request('POST', '/api/v2/admin/requirements', {
      token,
      body: { courseId: course.courseId, bookId: course.domainId },
    });
  },
  'PUT /api/v2/admin/requirements/:id': async () => {
    const { id, bookId } = await requirement();
    const course = await createCourse({ domainId: bookId });
    return request('PUT', `/api/v2/admin/requirements/${id}`, { token, body: { courseId: course.courseId, bookId } });
  },
  'POST /api/v2/admin/requirements/:id/retire': async () =>
    request('POST', `/api/v2/admin/requirements/${(await requirement()).id}/retire`, { token }),
  'POST /api/v2/admin/requirements/:id/exemptions': async () => {
    const { id, bookId } = await requirement();
    const learner = await createUser({ domainIds: [bookId] });
    return request('POST', `/api/v2/admin/requirements/${id}/exemptions`, {
      token,
      body: {
        userId: learner.id,
        reason: 'On leave',
        until: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
      },
    });
  },
  'POST /api/v2/admin/requirements/:id/events': async () => {
    const { id, bookId } = await requirement();
    const learner = await createUser({ domainIds: [bookId] });
    const occurredOn = new Date().toISOString().slice(0, 10);
    return request('POST', `/api/v2/admin/requirements/${id}/events`, {
      token,
      body: { userId: learner.id, kind: 'NEAR_MISS', note: 'Near miss', occurredOn },
    });
  },

  'POST /api/v2/admin/compliance/reminders': async () => {
    // Covered since today: pending, so there is something to remind them of.
    const { bookId } = await requirement();
    const learner = await createUser({ domainIds: [bookId] });
    return request('POST', '/api/v2/admin/compliance/reminders', { token, body: { userIds: [learner.id] } });
  },
  'POST /api/v2/admin/outbox/:id/retry': async () => {
    const id = crypto.randomUUID();
    await db
      .insert(schema.mailOutbox)
      .values({ id, to: 'x@example.test', subject: 'S', bodyText: 'B', status: 'FAILED', tries: 5 });
    return request('POST', `/api/v2/admin/outbox/${id}/retry`, { token });
  },

  'POST /api/v2/admin/credential-types': async () =>
    request('POST', '/api/v2/admin/credential-types', { token, body: { name: `Audit card ${crypto.randomUUID()}` } }),
  'PUT /api/v2/admin/credential-types/:id': async () =>
    request('PUT', `/api/v2/admin/credential-types/${await credentialType()}`, {
      token,
      body: { name: `Audit card ${crypto.randomUUID()}`, expires: false },
    }),
  'POST /api/v2/admin/credential-types/:id/retire': async () =>
    request('POST', `/api/v2/admin/credential-types/${await credentialType()}/retire`, { token }),
  'POST /api/v2/admin/credentials/:id/approve': async () =>
    request('POST', `/api/v2/admin/credentials/${await pendingCredential()}/approve`, { token }),
  'POST /api/v2/admin/credentials/:id/reject': async () =>
    request('POST', `/api/v2/admin/credentials/${await pendingCredential()}/reject`, {
      token,
      body: { reason: 'Unreadable' },
    }),
  'POST /api/v2/admin/talk-topics': async () =>
    request('POST', '/api/v2/admin/talk-topics', {
      token,
      body: { title: `Audit talk ${crypto.randomUUID()}`, body: 'Clip on', languages: ['en'] },
    }),
  'PUT /api/v2/admin/talk-topics/:id': async () =>
    request('PUT', `/api/v2/admin/talk-topics/${await talkTopic()}`, {
      token,
      body: { title: `Audit talk ${crypto.randomUUID()}`, body: 'Clip on', languages: ['en'] },
    }),
  'PUT /api/v2/admin/talk-topics/:id/pdf': async () =>
    request('PUT', `/api/v2/admin/talk-topics/${await talkTopic()}/pdf`, {
      token,
      raw: new TextEncoder().encode('%PDF-1.4\n%%EOF\n'),
      headers: { 'Content-Type': 'application/pdf' },
    }),
  'POST /api/v2/admin/talk-topics/:id/retire': async () =>
    request('POST', `/api/v2/admin/talk-topics/${await talkTopic()}/retire`, { token }),
  'POST /api/v2/admin/sites': async () =>
    request('POST', '/api/v2/admin/sites', { token, body: { name: `Audit site ${crypto.randomUUID()}` } }),
  'PUT /api/v2/admin/sites/:id': async () =>
    request('PUT', `/api/v2/admin/sites/${await site()}`, {
      token,
      body: { name: `Audit site ${crypto.randomUUID()}` },
    }),
  'POST /api/v2/admin/sites/:id/retire': async () =>
    request('POST', `/api/v2/admin/sites/${await site()}/retire`, { token }),
  'POST /api/v2/admin/identity-providers': async () =>
    request('POST', '/api/v2/admin/identity-providers', { token, body: identityProviderBody() }),
  'PUT /api/v2/admin/identity-providers/:id': async () =>
    request('PUT', `/api/v2/admin/identity-providers/${await identityProvider()}`, {
      token,
      body: identityProviderBody(),
    }),
  'DELETE /api/v2/admin/identity-providers/:id': async () =>
    request('DELETE', `/api/v2/admin/identity-providers/${await identityProvider()}`, { token }),
  'POST /api/v2/admin/scim-connections': async () =>
    request('POST', '/api/v2/admin/scim-connections', {
      token,
      body: { name: `Audit directory ${crypto.randomUUID()}` },
    }),
  'POST /api/v2/admin/scim-connections/:id/rotate': async () =>
    request('POST', `/api/v2/admin/scim-connections/${await scimConnection()}/rotate`, { token }),
  'DELETE /api/v2/admin/scim-connections/:id': async () =>
    request('DELETE', `/api/v2/admin/scim-connections/${await scimConnection()}`, { token }),
  'POST /api/v2/admin/tasks': async () => request('POST', '/api/v2/admin/tasks', { token, body: await taskBody() }),
  'PUT /api/v2/admin/tasks/:id': async () =>
    request('PUT', `/api/v2/admin/tasks/${await task()}`, { token, body: await taskBody() }),
  'POST /api/v2/admin/tasks/:id/retire': async () =>
    request('POST', `/api/v2/admin/tasks/${await task()}/retire`, { token }),
  'PUT /api/v2/admin/talk-leaders/:id': async () =>
    request('PUT', `/api/v2/admin/talk-leaders/${(await createUser()).id}`, { token, body: { leadsTalks: true } }),

  'POST /api/v2/admin/sessions': async () =>
    request('POST', '/api/v2/admin/sessions', { token, body: await classroomSessionBody() }),
  'POST /api/v2/admin/sessions/:id/invite': async () => {
    const id = await classroomSession();
    return request('POST', `/api/v2/admin/sessions/${id}/invite`, {
      token,
      body: { userIds: [(await createUser()).id] },
    });
  },
  'PUT /api/v2/admin/sessions/:id/attendance/:userId': async () => {
    const id = await classroomSession();
    return request('PUT', `/api/v2/admin/sessions/${id}/attendance/${(await createUser()).id}`, {
      token,
      body: { present: true },
    });
  },
  'POST /api/v2/admin/sessions/:id/sign-off': async () => {
    const id = await classroomSession();
    // Time passes: the session has started by the time it is signed off.
    await db
      .update(schema.classroomSessions)
      .set({ startsAt: new Date(Date.now() - 3_600_000).toISOString() })
      .where(eq(schema.classroomSessions.id, id));
    return request('POST', `/api/v2/admin/sessions/${id}/sign-off`, { token, body: { password: actorPassword } });
  },

  'POST /api/announcements/admin/create': async () =>
    request('POST', '/api/announcements/admin/create', {
      token,
      body: { title: 'Notice', content: 'Wear gloves', authorName: 'EHS' },
    }),
  'PUT /api/announcements/admin/:id': async () =>
    request('PUT', `/api/announcements/admin/${await announcement()}`, {
      token,
      body: { title: 'Changed', content: 'Wear boots', authorName: 'EHS' },
    }),
  'PUT /api/announcements/admin/:id/toggle': async () =>
    request('PUT', `/api/announcements/admin/${await announcement()}/toggle`, { token }),
  'DELETE /api/announcements/admin/:id': async () =>
    request('DELETE', `/api/announcements/admin/${await announcement()}`, { token }),
};

/** The entries this test's administrator has written so far. */
const entriesOfActor = () =>
  db
    .select({ id: schema.auditLog.id, action: schema.auditLog.action })
    .from(schema.auditLog)
    .where(eq(schema.auditLog.actorId, actor.id));

/**
 * The request under test: its arguments (the arrangement) are evaluated before it runs, so the
 * entries written by arranging are counted before it and only the request's own after.
 */
let before: Set<string> = new Set();
async function request(method: string, path: string, options: Parameters<typeof api>[2]): Promise<ApiResult> {
  before = new Set((await entriesOfActor()).map((e) => e.id));
  return api(method, path, options);
}

beforeAll(async () => {
  const admin = await createAdmin();
  actor = admin;
  actorPassword = admin.password;
  token = await login(admin);
  arrangeAs(token);
});

describe('audit completeness', () => {
  it('knows every admin write route: made here or exempted with a reason, never both', () => {
    expect(adminWrites.length).toBeGreaterThan(40);
    const unknown = adminWrites.filter((route) => !(route in WRITES) && !(route in EXEMPT));
    expect(unknown).toEqual([]);
    const both = Object.keys(WRITES).filter((route) => route in EXEMPT);
    expect(both).toEqual([]);
    // No stale entries: each listed route still exists (the learner's own profile edit is listed too).
    const stale = [...Object.keys(WRITES), ...Object.keys(EXEMPT)].filter(
      (route) => !adminWrites.includes(route) && route !== 'PUT /api/users/:id',
    );
    expect(stale).toEqual([]);
  });

  it.each(Object.keys(WRITES))('%s writes an audit entry with a listed action', async (route) => {
    const result = await WRITES[route]!();
    expect(result.status, JSON.stringify(result.body)).toBeLessThan(300);
    // Arranging may itself write entries (a course's components): only the request's own count.
    const entries = (await entriesOfActor()).filter((e) => !before.has(e.id));
    expect(entries.length, `${route} wrote no audit entry`).toBeGreaterThan(0);
    for (const entry of entries) expect(AUDIT_ACTIONS).toContain(entry.action);
  });
});
