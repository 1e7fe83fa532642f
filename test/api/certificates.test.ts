import { and, eq } from 'drizzle-orm';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { verificationUrl } from '../../worker/contract/certificates';
import { readConfig } from '../../worker/config';
import { backfillCertificates } from '../../worker/services/certificates';
import { fontsFor } from '../../worker/services/pdf/fonts';
import { storageFor } from '../../worker/services/storage';
import { api, completeCourse, createAdmin, createDomain, createUser, db, env, login, schema } from './helpers';

const NUMBER = /^CERT-\d{4}-\d{6}$/;
const DAY_MS = 24 * 3600 * 1000;

/** A published course of one book with the three component kinds. */
async function createCourse(options: { validityDays?: number; title?: string } = {}) {
  const domainId = await createDomain();
  const courseId = crypto.randomUUID();
  await db.insert(schema.courses).values({
    id: courseId,
    title: options.title ?? `Confined Space Entry ${courseId.slice(0, 4)}`,
    domainId,
    status: 'PUBLISHED',
    hasBeenPublished: true,
    certificateValidityDays: options.validityDays ?? 365,
    publishedAt: new Date().toISOString(),
  });
  return { courseId, domainId };
}

async function enroll(userId: string, courseId: string, status: 'ENROLLED' | 'IN_PROGRESS' | 'COMPLETED') {
  const now = new Date().toISOString();
  await db.insert(schema.courseProgress).values({
    id: crypto.randomUUID(),
    userId,
    courseId,
    status,
    overallProgress: status === 'COMPLETED' ? 100 : status === 'IN_PROGRESS' ? 40 : 0,
    completedAt: status === 'COMPLETED' ? now : null,
  });
}

/** A learner with a completed course and a generated certificate. */
async function certifiedLearner(options: { validityDays?: number } = {}) {
  const { courseId, domainId } = await createCourse(options);
  const user = await createUser({ firstName: 'Priya', lastName: 'Raman', domainIds: [domainId] });
  await enroll(user.id, courseId, 'COMPLETED');
  const token = await login(user);
  const generated = await api('POST', `/api/v2/certificates/generate/${courseId}`, { token });
  expect(generated.status, JSON.stringify(generated.body)).toBe(201);
  return { user, token, courseId, domainId, certificate: generated.body };
}

async function rawPdf(path: string, token: string) {
  const response = await SELF.fetch(`http://localhost${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

describe('who may call what', () => {
  it('answers 401 to a visitor on every certificate route except verification', async () => {
    const { certificate, courseId } = await certifiedLearner();
    for (const [method, path] of [
      ['GET', `/api/v2/certificates/user/${courseId}`],
      ['POST', `/api/v2/certificates/generate/${courseId}`],
      ['GET', `/api/v2/certificates/view/${certificate.certificateId}`],
      ['GET', `/api/v2/certificates/download/${certificate.certificateId}`],
      ['POST', `/api/v2/certificates/${certificate.certificateId}/revoke`],
    ] as const) {
      const res = await api(method, path, method === 'POST' ? { body: { reason: 'x' } } : {});
      expect({ path, status: res.status }).toEqual({ path, status: 401 });
    }
    const verify = await api('GET', `/api/v2/certificates/verify/${certificate.certificateNumber}`, {
      headers: { 'cf-connecting-ip': '203.0.113.30' },
    });
    expect(verify.status).toBe(200);
  });
});

describe('generating a certificate', () => {
  it('refuses a course that is not completed, or not enrolled, with a clear 409', async () => {
    const { courseId } = await createCourse();
    const inProgress = await createUser();
    await enroll(inProgress.id, courseId, 'IN_PROGRESS');
    const notEnrolled = await createUser();
    for (const user of [inProgress, notEnrolled]) {
      const res = await api('POST', `/api/v2/certificates/generate/${courseId}`, { token: await login(user) });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('COURSE_NOT_COMPLETED');
      expect(res.body.message).toMatch(/completed course/);
    }
    const rows = await db.select().from(schema.certificates).where(eq(schema.certificates.courseId, courseId));
    expect(rows).toHaveLength(0);
  });

  it('answers 404 for an unknown course and 401 without a session', async () => {
    const token = await login(await createUser());
    const unknown = await api('POST', `/api/v2/certificates/generate/${crypto.randomUUID()}`, { token });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Course not found', code: 'NOT_FOUND', reason: 'course.notFound' });
    const anonymous = await api('POST', `/api/v2/certificates/generate/${crypto.randomUUID()}`);
    expect(anonymous.status).toBe(401);
  });

  it('issues a CERT-<year>-<6 digits> number valid for the course validity, and returns the same one when generated twice', async () => {
    const { token, courseId, certificate } = await certifiedLearner({ validityDays: 30 });
    expect(certificate.certificateNumber).toMatch(NUMBER);
    expect(certificate.certificateNumber.slice(5, 9)).toBe(String(new Date().getUTCFullYear()));
    expect(certificate).toMatchObject({ status: 'ACTIVE', message: 'Certificate generated successfully', courseId });
    const validity = Date.parse(certificate.expiryDate) - Date.parse(certificate.issuedDate);
    expect(validity).toBe(30 * DAY_MS);

    const again = await api('POST', `/api/v2/certificates/generate/${courseId}`, { token });
    expect(again.status).toBe(200);
    expect(again.body.certificateId).toBe(certificate.certificateId);
    expect(again.body.certificateNumber).toBe(certificate.certificateNumber);
    const rows = await db.select().from(schema.certificates).where(eq(schema.certificates.courseId, courseId));
    expect(rows).toHaveLength(1);
  });

  it('defaults to one year of validity', async () => {
    const { certificate } = await certifiedLearner();
    expect(Date.parse(certificate.expiryDate) - Date.parse(certificate.issuedDate)).toBe(365 * DAY_MS);
  });
});

describe("the learner's certificate of a course", () => {
  it('answers exists:false before issue and the fields with status after', async () => {
    const { courseId } = await createCourse();
    const user = await createUser();
    await enroll(user.id, courseId, 'COMPLETED');
    const token = await login(user);
    const before = await api('GET', `/api/v2/certificates/user/${courseId}`, { token });
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ exists: false });
    const generated = await api('POST', `/api/v2/certificates/generate/${courseId}`, { token });
    const after = await api('GET', `/api/v2/certificates/user/${courseId}`, { token });
    expect(after.body).toMatchObject({
      exists: true,
      certificateId: generated.body.certificateId,
      certificateNumber: generated.body.certificateNumber,
      issuedDate: generated.body.issuedDate,
      expiryDate: generated.body.expiryDate,
      status: 'ACTIVE',
    });
  });

  it("never shows another learner's certificate", async () => {
    const { courseId } = await certifiedLearner();
    const other = await createUser();
    const res = await api('GET', `/api/v2/certificates/user/${courseId}`, { token: await login(other) });
    expect(res.body).toEqual({ exists: false });
  });
});

describe('the certificate PDF', () => {
  it('is one landscape A4 page carrying the number in its metadata and a link to the verification page', async () => {
    const { token, certificate } = await certifiedLearner();
    const { response, bytes } = await rawPdf(`/api/v2/certificates/view/${certificate.certificateId}`, token);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toMatch(/^private/);
    expect(response.headers.get('content-disposition')).toBe(
      `inline; filename="certificate-${certificate.certificateNumber}.pdf"`,
    );

    const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(pdf.getPageCount()).toBe(1);
    const { width, height } = pdf.getPage(0).getSize();
    expect(width).toBeGreaterThan(height);
    expect(Math.round(width)).toBe(842);
    expect(Math.round(height)).toBe(595);
    expect(pdf.getSubject()).toContain(certificate.certificateNumber);
    expect(pdf.getKeywords()).toContain(certificate.certificateNumber);
    expect(pdf.getTitle()).toContain(certificate.courseName);
    expect(pdf.getCreator()).toBe('SafeWork Academy');
    expect(pdf.getSubject()).toContain('Priya Raman');

    // The link over the QR code opens exactly the public verification URL the QR code encodes.
    const annots = pdf.getPage(0).node.lookup(PDFName.of('Annots'), PDFArray);
    const link = annots.lookup(0, PDFDict);
    const action = link.lookup(PDFName.of('A'), PDFDict);
    const uri = action.lookup(PDFName.of('URI'), PDFString).decodeText();
    expect(uri).toBe(verificationUrl('http://localhost:8787', certificate.certificateNumber));
  });

  it('is stored once in R2 and served as an attachment under the certificate file name', async () => {
    const { token, certificate } = await certifiedLearner();
    const first = await rawPdf(`/api/v2/certificates/download/${certificate.certificateId}`, token);
    expect(first.response.status).toBe(200);
    expect(first.response.headers.get('content-disposition')).toBe(
      `attachment; filename="certificate-${certificate.certificateNumber}.pdf"`,
    );

    const row = await db
      .select()
      .from(schema.certificates)
      .where(eq(schema.certificates.id, certificate.certificateId))
      .get();
    expect(row?.storageKey).toBe(`certificates/${certificate.certificateId}.pdf`);
    const stored = await env.FILES.get(row!.storageKey!);
    expect(stored).not.toBeNull();
    expect(new Uint8Array(await stored!.arrayBuffer())).toEqual(first.bytes);

    // Later requests serve the stored object instead of rendering again: mark it and look for the mark.
    const marked = new Uint8Array([...first.bytes, ...new TextEncoder().encode('\n%stored-copy\n')]);
    await env.FILES.put(row!.storageKey!, marked, { httpMetadata: { contentType: 'application/pdf' } });
    const second = await rawPdf(`/api/v2/certificates/view/${certificate.certificateId}`, token);
    expect(second.bytes).toEqual(marked);
  });

  it('cannot be viewed or downloaded by another learner (404), but can by an admin', async () => {
    const { certificate } = await certifiedLearner();
    const otherToken = await login(await createUser());
    for (const kind of ['view', 'download']) {
      const res = await api('GET', `/api/v2/certificates/${kind}/${certificate.certificateId}`, { token: otherToken });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Certificate not found', code: 'NOT_FOUND' });
    }
    const adminToken = await login(await createAdmin());
    const asAdmin = await rawPdf(`/api/v2/certificates/download/${certificate.certificateId}`, adminToken);
    expect(asAdmin.response.status).toBe(200);
    expect(asAdmin.response.headers.get('content-type')).toBe('application/pdf');
    const anonymous = await api('GET', `/api/v2/certificates/view/${certificate.certificateId}`);
    expect(anonymous.status).toBe(401);
    const unknown = await api('GET', `/api/v2/certificates/view/${crypto.randomUUID()}`, { token: adminToken });
    expect(unknown.status).toBe(404);
  });
});

describe('public verification', () => {
  it('works without a token and reports an active certificate as valid', async () => {
    const { certificate } = await certifiedLearner();
    const res = await api('GET', `/api/v2/certificates/verify/${certificate.certificateNumber}`, {
      headers: { 'cf-connecting-ip': '203.0.113.10' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      valid: true,
      status: 'ACTIVE',
      certificateNumber: certificate.certificateNumber,
      userName: 'Priya Raman',
      courseName: certificate.courseName,
      issuedDate: certificate.issuedDate,
      expiryDate: certificate.expiryDate,
    });
    expect(JSON.stringify(res.body)).not.toMatch(/userId|email|password/i);
  });

  it('reports EXPIRED once the expiry date has passed', async () => {
    const { certificate } = await certifiedLearner();
    await db
      .update(schema.certificates)
      .set({ expiresAt: new Date(Date.now() - DAY_MS).toISOString() })
      .where(eq(schema.certificates.id, certificate.certificateId));
    const res = await api('GET', `/api/v2/certificates/verify/${certificate.certificateNumber}`, {
      headers: { 'cf-connecting-ip': '203.0.113.11' },
    });
    expect(res.body).toMatchObject({ valid: false, status: 'EXPIRED' });
  });

  it('reports REVOKED after an admin revokes it, with an audit log entry', async () => {
    const { certificate, token, user, courseId } = await certifiedLearner();
    const adminUser = await createAdmin();
    const adminToken = await login(adminUser);

    const byLearner = await api('POST', `/api/v2/certificates/${certificate.certificateId}/revoke`, {
      token,
      body: { reason: 'mine' },
    });
    expect(byLearner.status).toBe(403);
    const noReason = await api('POST', `/api/v2/certificates/${certificate.certificateId}/revoke`, {
      token: adminToken,
      body: { reason: '  ' },
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.fields).toEqual({ reason: 'A reason for the revocation is required' });

    const revoked = await api('POST', `/api/v2/certificates/${certificate.certificateId}/revoke`, {
      token: adminToken,
      body: { reason: 'Issued to the wrong person' },
    });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ status: 'REVOKED', message: 'Certificate revoked' });

    const verify = await api('GET', `/api/v2/certificates/verify/${certificate.certificateNumber}`, {
      headers: { 'cf-connecting-ip': '203.0.113.12' },
    });
    expect(verify.body).toMatchObject({ valid: false, status: 'REVOKED' });
    const mine = await api('GET', `/api/v2/certificates/user/${courseId}`, { token });
    expect(mine.body.status).toBe('REVOKED');

    const audit = await db
      .select()
      .from(schema.auditLog)
      .where(
        and(eq(schema.auditLog.entityId, certificate.certificateId), eq(schema.auditLog.action, 'CERTIFICATE_REVOKED')),
      )
      .all();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: adminUser.id,
      targetUserId: user.id,
      reason: 'Issued to the wrong person',
      entityType: 'CERTIFICATE',
    });

    const twice = await api('POST', `/api/v2/certificates/${certificate.certificateId}/revoke`, {
      token: adminToken,
      body: { reason: 'again' },
    });
    expect(twice.status).toBe(409);
  });

  it('records one revocation and one audit entry when two admins revoke at the same moment', async () => {
    const { certificate } = await certifiedLearner();
    const adminToken = await login(await createAdmin());
    const results = await Promise.all(
      ['first reason', 'second reason'].map((reason) =>
        api('POST', `/api/v2/certificates/${certificate.certificateId}/revoke`, {
          token: adminToken,
          body: { reason },
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const audit = await db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.entityId, certificate.certificateId))
      .all();
    expect(audit).toHaveLength(1);
    const row = await db
      .select()
      .from(schema.certificates)
      .where(eq(schema.certificates.id, certificate.certificateId))
      .get();
    expect(row?.revokedReason).toBe(audit[0].reason);
  });

  it('answers 404 "Certificate not found" for an unknown number', async () => {
    const res = await api('GET', '/api/v2/certificates/verify/CERT-1999-000000', {
      headers: { 'cf-connecting-ip': '203.0.113.13' },
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Certificate not found', code: 'NOT_FOUND' });
  });

  it('rate limits lookups per client IP', async () => {
    const headers = { 'cf-connecting-ip': '198.51.100.77' };
    for (let i = 0; i < 60; i++) {
      const res = await api('GET', `/api/v2/certificates/verify/CERT-2026-${String(i).padStart(6, '0')}`, { headers });
      expect(res.status).toBe(404);
    }
    const limited = await api('GET', '/api/v2/certificates/verify/CERT-2026-999999', { headers });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('RATE_LIMITED');
    const otherIp = await api('GET', '/api/v2/certificates/verify/CERT-2026-999999', {
      headers: { 'cf-connecting-ip': '198.51.100.78' },
    });
    expect(otherIp.status).toBe(404);
  });
});

describe('the certificate backfill job', () => {
  it('issues the missing certificate of a completed course, dated by the completion, and stores its PDF', async () => {
    const { courseId } = await createCourse();
    const user = await createUser();
    const completedAt = new Date(Date.now() - 3 * DAY_MS).toISOString();
    await completeCourse(user.id, courseId, completedAt);

    // Runs until nothing is left (other tests' rows may be pending too).
    for (let i = 0; i < 20; i++) {
      const done = await backfillCertificates(
        { storage: storageFor(env), config: readConfig(env), fonts: fontsFor(env) },
        db,
      );
      if (done.issued === 0 && done.rendered === 0) break;
    }
    const row = await db
      .select()
      .from(schema.certificates)
      .where(and(eq(schema.certificates.userId, user.id), eq(schema.certificates.courseId, courseId)))
      .get();
    expect(row?.issuedAt).toBe(completedAt);
    expect(row?.storageKey).toBe(`certificates/${row?.id}.pdf`);
    const object = await env.FILES.get(row!.storageKey!);
    const pdf = await PDFDocument.load(new Uint8Array(await object!.arrayBuffer()), { updateMetadata: false });
    expect(pdf.getKeywords()).toContain(row!.certificateNumber);
  });
});
