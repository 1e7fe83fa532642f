import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, dayOf } from '../../worker/contract/credentials';
import { api, createAdmin, createUser, db, env, login, mailsTo, schema } from './helpers';
import { PNG } from './team-fixtures';

// Real HTTP calls with uploads: allow for a loaded machine.
vi.setConfig({ testTimeout: 30_000 });

let admin: string;
let typeId: string;
const today = dayOf(new Date());

function credentialForm(fields: Record<string, string>, scan?: { name: string; bytes: Uint8Array; type: string }) {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  if (scan) data.append('scan', new File([scan.bytes], scan.name, { type: scan.type }));
  return data;
}

const submit = (token: string, data: FormData) => api('POST', '/api/v2/user/credentials', { token, raw: data });
const pngScan = { name: 'card.png', bytes: PNG, type: 'image/png' };
const goodFields = () => ({
  typeId,
  issuer: 'Red Cross',
  number: 'FA-123',
  issuedOn: addDays(today, -10),
  expiresOn: addDays(today, 400),
});

async function worker() {
  const user = await createUser();
  return { user, token: await login(user) };
}

const rowsOf = (userId: string) =>
  db.select().from(schema.credentials).where(eq(schema.credentials.userId, userId)).all();
const objectsUnder = async (prefix: string) => (await env.FILES.list({ prefix })).objects.map((o) => o.key);
const auditOf = (id: string) =>
  db
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.entityType, 'CREDENTIAL'), eq(schema.auditLog.entityId, id)))
    .all();

beforeAll(async () => {
  admin = await login(await createAdmin());
  const created = await api('POST', '/api/v2/admin/credential-types', {
    token: admin,
    body: { name: `First aid ${crypto.randomUUID().slice(0, 6)}`, description: 'Workplace first aid card' },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  typeId = created.body.type.id;
});

describe('credential types', () => {
  it('are unique ignoring case, edited with PUT, retired not deleted, and audit-logged', async () => {
    const name = `Forklift licence ${crypto.randomUUID().slice(0, 6)}`;
    const made = await api('POST', '/api/v2/admin/credential-types', {
      token: admin,
      body: { name, expires: false, requiresNumber: true, requiresExpiryDate: true },
    });
    expect(made.status).toBe(201);
    // A type that does not expire asks for no expiry date.
    expect(made.body.type).toMatchObject({ name, expires: false, requiresNumber: true, requiresExpiryDate: false });
    const again = await api('POST', '/api/v2/admin/credential-types', {
      token: admin,
      body: { name: name.toUpperCase() },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('A credential type with this name already exists');

    const id = made.body.type.id;
    const edited = await api('PUT', `/api/v2/admin/credential-types/${id}`, {
      token: admin,
      body: { name: `${name} B`, description: 'Counterbalance', expires: true },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.type).toMatchObject({ description: 'Counterbalance', expires: true, requiresExpiryDate: true });

    expect((await api('POST', `/api/v2/admin/credential-types/${id}/retire`, { token: admin })).status).toBe(200);
    const list = await api('GET', '/api/v2/admin/credential-types', { token: admin });
    expect(list.body.types.some((t: { id: string }) => t.id === id)).toBe(false);
    const all = await api('GET', '/api/v2/admin/credential-types?includeRetired=true', { token: admin });
    expect(all.body.types.find((t: { id: string }) => t.id === id).retiredAt).toBeTruthy();
    const actions = await db
      .select({ action: schema.auditLog.action })
      .from(schema.auditLog)
      .where(eq(schema.auditLog.entityId, id))
      .all();
    expect(actions.map((a) => a.action).sort()).toEqual([
      'CREDENTIAL_TYPE_CREATED',
      'CREDENTIAL_TYPE_RETIRED',
      'CREDENTIAL_TYPE_UPDATED',
    ]);
    // A retired type takes no new submissions.
    const { token } = await worker();
    const refused = await submit(token, credentialForm({ ...goodFields(), typeId: id }, pngScan));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Unknown credential type');
  });

  it('need userManagement: a learner and an admin without it are refused', async () => {
    const { token } = await worker();
    expect((await api('GET', '/api/v2/admin/credential-types', { token })).status).toBe(403);
    const limited = await login(await createAdmin({ permissions: { userManagement: false } }));
    expect(
      (await api('POST', '/api/v2/admin/credential-types', { token: limited, body: { name: 'Nope' } })).status,
    ).toBe(403);
  });
});

describe('a credential from upload to approval', () => {
  it('goes through upload, rejection, resubmission, approval and expiry, every step audit-logged', async () => {
    const { user, token } = await worker();
    const first = await submit(token, credentialForm(goodFields(), pngScan));
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const id = first.body.credential.id as string;
    expect(first.body.credential).toMatchObject({
      status: 'PENDING',
      standing: 'pending',
      scanContentType: 'image/png',
    });
    expect(await objectsUnder(`credentials/${id}/`)).toEqual([`credentials/${id}/scan.png`]);

    // The worker reads their scan through its signed link (no header).
    const own = await api('GET', first.body.credential.scanUrl);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('image/png');

    // A learner cannot approve, not even their own.
    expect((await api('POST', `/api/v2/admin/credentials/${id}/approve`, { token })).status).toBe(403);

    const queue = await api('GET', '/api/v2/admin/credentials?status=PENDING&limit=100', { token: admin });
    expect(queue.status).toBe(200);
    const listed = queue.body.credentials.find((c: { id: string }) => c.id === id);
    expect(listed).toMatchObject({ userId: user.id, username: user.username, issuer: 'Red Cross' });
    expect(queue.body.pagination.itemsPerPage).toBe(100);
    // The admin opens the scan from the queue's signed link.
    expect((await api('GET', listed.scanUrl)).status).toBe(200);

    const noReason = await api('POST', `/api/v2/admin/credentials/${id}/reject`, {
      token: admin,
      body: { reason: ' ' },
    });
    expect(noReason.status).toBe(400);
    const rejected = await api('POST', `/api/v2/admin/credentials/${id}/reject`, {
      token: admin,
      body: { reason: 'The photo is blurred' },
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body.credential).toMatchObject({ status: 'REJECTED', rejectReason: 'The photo is blurred' });
    // Decided once: a second decision is refused.
    expect((await api('POST', `/api/v2/admin/credentials/${id}/approve`, { token: admin })).status).toBe(409);

    const mine = await api('GET', '/api/v2/user/credentials', { token });
    expect(mine.body.credentials[0]).toMatchObject({ id, standing: 'rejected', rejectReason: 'The photo is blurred' });
    expect(mine.body.types.some((t: { id: string }) => t.id === typeId)).toBe(true);

    const second = await submit(token, credentialForm({ ...goodFields(), resubmitsId: id }, pngScan));
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    const secondId = second.body.credential.id as string;
    expect(second.body.credential.resubmitsId).toBe(id);
    // A rejected credential is answered once.
    const third = await submit(token, credentialForm({ ...goodFields(), resubmitsId: id }, pngScan));
    expect(third.status).toBe(409);
    expect(third.body.message).toBe('Only a rejected credential of yours can be resubmitted, once');
    const after = await api('GET', '/api/v2/user/credentials', { token });
    expect(after.body.credentials.find((c: { id: string }) => c.id === id).resubmittedById).toBe(secondId);

    const review = await api('GET', `/api/v2/admin/credentials/${secondId}`, { token: admin });
    expect(review.body.credential.previousRejectReason).toBe('The photo is blurred');
    const approved = await api('POST', `/api/v2/admin/credentials/${secondId}/approve`, { token: admin });
    expect(approved.status).toBe(200);
    expect(approved.body.credential).toMatchObject({ status: 'APPROVED', standing: 'approved' });

    expect((await auditOf(id)).map((a) => a.action).sort()).toEqual(['CREDENTIAL_REJECTED', 'CREDENTIAL_SUBMITTED']);
    const secondAudit = await auditOf(secondId);
    expect(secondAudit.map((a) => a.action).sort()).toEqual(['CREDENTIAL_APPROVED', 'CREDENTIAL_SUBMITTED']);
    expect(secondAudit.every((a) => a.targetUserId === user.id)).toBe(true);

    // Expiring soon within 30 days, Expired the day after its expiry day.
    await db
      .update(schema.credentials)
      .set({ expiresOn: addDays(today, 20) })
      .where(eq(schema.credentials.id, secondId));
    expect((await api('GET', '/api/v2/user/credentials', { token })).body.credentials[0].standing).toBe('expiringSoon');
    await db.update(schema.credentials).set({ expiresOn: today }).where(eq(schema.credentials.id, secondId));
    expect((await api('GET', '/api/v2/user/credentials', { token })).body.credentials[0].standing).toBe('expiringSoon');
    await db
      .update(schema.credentials)
      .set({ expiresOn: addDays(today, -1) })
      .where(eq(schema.credentials.id, secondId));
    const expired = (await api('GET', '/api/v2/user/credentials', { token })).body.credentials[0];
    expect(expired).toMatchObject({ id: secondId, status: 'APPROVED', standing: 'expired' });
  });

  it('clears the compliance caches when a credential is approved or rejected', async () => {
    const { token } = await worker();
    const made = await submit(token, credentialForm(goodFields(), pngScan));
    const later = new Date(Date.now() + 3_600_000).toISOString();
    await db
      .insert(schema.adminSnapshots)
      .values({ key: `probe-${made.body.credential.id}`, expiresAt: later, body: {} });
    await db
      .insert(schema.complianceCache)
      .values({ key: `probe-${made.body.credential.id}`, computedAt: later, expiresAt: later, body: {} });
    await api('POST', `/api/v2/admin/credentials/${made.body.credential.id}/approve`, { token: admin });
    expect(await db.select().from(schema.adminSnapshots).all()).toEqual([]);
    expect(await db.select().from(schema.complianceCache).all()).toEqual([]);
  });
});

describe('scans', () => {
  it('open only for the owner and admins with userManagement', async () => {
    const { token } = await worker();
    const made = await submit(
      token,
      credentialForm(goodFields(), {
        name: 'card.pdf',
        bytes: new TextEncoder().encode('%PDF-1.7\n%%EOF\n'),
        type: 'application/pdf',
      }),
    );
    expect(made.status).toBe(201);
    const id = made.body.credential.id as string;
    const path = `/api/v2/credentials/${id}/scan`;
    expect((await api('GET', path, { token })).headers.get('content-type')).toBe('application/pdf');
    expect((await api('GET', path, { token: admin })).status).toBe(200);
    const limited = await login(await createAdmin({ permissions: { userManagement: false } }));
    const forbidden = await api('GET', path, { token: limited });
    expect(forbidden.status).toBe(403);
    expect((await api('GET', `/api/v2/admin/credentials?status=PENDING`, { token: limited })).status).toBe(403);
    // Another worker learns nothing about it.
    expect((await api('GET', path, { token: (await worker()).token })).status).toBe(404);
    // A signed link is bound to the credential it was made for.
    const other = await submit(token, credentialForm(goodFields(), pngScan));
    const forged = other.body.credential.scanUrl.replace(other.body.credential.id, id);
    expect((await api('GET', forged)).status).toBe(401);
    // And nobody without a session or link.
    expect((await api('GET', path)).status).toBe(401);
  });
});

describe('bad input is refused with a clear message and nothing is stored', () => {
  const cases: [string, (fields: Record<string, string>) => FormData, number, string][] = [
    [
      'an unknown type',
      (f) => credentialForm({ ...f, typeId: crypto.randomUUID() }, pngScan),
      400,
      'Unknown credential type',
    ],
    ['no type', (f) => credentialForm({ ...f, typeId: '' }, pngScan), 400, 'Choose the type of credential'],
    [
      'a missing issuer',
      (f) => credentialForm({ ...f, issuer: '' }, pngScan),
      400,
      'Issuer is required for this credential type',
    ],
    [
      'a missing expiry date',
      (f) => credentialForm({ ...f, expiresOn: '' }, pngScan),
      400,
      'Expiry date is required for this credential type',
    ],
    [
      'no scan',
      (f) => credentialForm(f),
      400,
      'A scan or photo of the credential is required for this credential type',
    ],
    [
      'an expiry before the issue date',
      (f) => credentialForm({ ...f, issuedOn: addDays(today, -10), expiresOn: addDays(today, -20) }, pngScan),
      400,
      'The expiry date must be after the issue date',
    ],
    [
      'an issue date in the future',
      (f) => credentialForm({ ...f, issuedOn: addDays(today, 2) }, pngScan),
      400,
      'The issue date cannot be in the future',
    ],
    [
      'an expiry already past',
      (f) => credentialForm({ ...f, issuedOn: addDays(today, -100), expiresOn: addDays(today, -1) }, pngScan),
      400,
      'This credential has already expired',
    ],
    [
      'a date that does not exist',
      (f) => credentialForm({ ...f, issuedOn: '2026-02-30' }, pngScan),
      400,
      'Issue date must be a date (YYYY-MM-DD)',
    ],
    [
      'an .exe renamed .jpg',
      (f) =>
        credentialForm(f, {
          name: 'card.jpg',
          type: 'image/jpeg',
          bytes: new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0]),
        }),
      415,
      'The scan must be a JPEG, PNG or WebP photo or a PDF',
    ],
    [
      'a 20 MB scan',
      (f) => {
        const big = new Uint8Array(20 * 1024 * 1024);
        big.set(PNG);
        return credentialForm(f, { name: 'big.png', type: 'image/png', bytes: big });
      },
      413,
      'The scan must be at most 10 MB',
    ],
  ];
  for (const [what, make, status, message] of cases) {
    it(`refuses ${what}`, async () => {
      const { user, token } = await worker();
      const before = await objectsUnder('credentials/');
      const res = await submit(token, make(goodFields()));
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.body.message).toBe(message);
      expect(await rowsOf(user.id)).toEqual([]);
      expect(await objectsUnder('credentials/')).toEqual(before);
      const audits = await db.select().from(schema.auditLog).where(eq(schema.auditLog.actorId, user.id)).all();
      expect(audits).toEqual([]);
    });
  }

  it('refuses a resubmission of a credential that was not rejected, or of someone else', async () => {
    const { token } = await worker();
    const pending = await submit(token, credentialForm(goodFields(), pngScan));
    const res = await submit(
      token,
      credentialForm({ ...goodFields(), resubmitsId: pending.body.credential.id }, pngScan),
    );
    expect(res.status).toBe(409);
    const stranger = await worker();
    const theirs = await submit(
      stranger.token,
      credentialForm({ ...goodFields(), resubmitsId: pending.body.credential.id }, pngScan),
    );
    expect(theirs.status).toBe(409);
    expect(await rowsOf(stranger.user.id)).toEqual([]);
  });
});

describe('reminders before expiry (scheduled handler)', () => {
  it('queues one e-mail at 30 days and one at 7 days before expiry, never twice', async () => {
    const { runScheduled } = await import('../../worker/scheduled');
    const { user, token } = await worker();
    const expiresOn = addDays(today, 900);
    const made = await submit(token, credentialForm({ ...goodFields(), expiresOn }, pngScan));
    await api('POST', `/api/v2/admin/credentials/${made.body.credential.id}/approve`, { token: admin });
    const at = (daysBefore: number) => new Date(`${addDays(expiresOn, -daysBefore)}T06:00:00Z`);
    const sent = async () =>
      (await db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.userId, user.id)).all()).length;

    await runScheduled(env, at(31));
    expect(await sent()).toBe(0);
    await runScheduled(env, at(30));
    expect(await sent()).toBe(1);
    const mail = (await mailsTo(user.email))[0];
    expect(mail.subject).toContain('expires on');
    expect(mail.bodyText).toContain('First aid');
    // The same day again, and the next days: nothing new.
    await runScheduled(env, new Date(at(30).getTime() + 60_000));
    await runScheduled(env, at(29));
    await runScheduled(env, at(8));
    expect(await sent()).toBe(1);
    await runScheduled(env, at(7));
    expect(await sent()).toBe(2);
    await runScheduled(env, at(6));
    await runScheduled(env, at(0));
    expect(await sent()).toBe(2);
    const claims = await db.select().from(schema.reminders).where(eq(schema.reminders.userId, user.id)).all();
    expect(claims.map((r) => r.kind).sort()).toEqual(['CREDENTIAL_D30', 'CREDENTIAL_D7']);
  });
});
