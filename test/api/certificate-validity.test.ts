import { and, eq } from 'drizzle-orm';
import { SELF } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { NEVER_EXPIRES } from '../../worker/contract/certificates';
import { takeAssessment, type CourseFixture } from './fixtures';
import { api, createDomain, createUser, db, login, schema } from './helpers';
import { adminToken, certify, DAY, setCertificateExpiry, setup, signInAdmin, statusOf } from './compliance-helpers';

/** Issue 26, certificates: validity per course, My certificates (every cycle's), revocation reason. */

beforeAll(signInAdmin);

const courseBody = (domainId: string, extra: Record<string, unknown> = {}) => ({
  title: `Validity ${crypto.randomUUID().slice(0, 6)}`,
  domainId,
  ...extra,
});

async function setValidity(courseId: string, years: 1 | 2 | 3 | null) {
  const days = years === null ? 365 : years * 365;
  await db
    .update(schema.courses)
    .set({ certificateValidityDays: days, certificateNeverExpires: years === null })
    .where(eq(schema.courses.id, courseId));
}

async function certificatesOf(userId: string, courseId: string) {
  return db
    .select()
    .from(schema.certificates)
    .where(and(eq(schema.certificates.userId, userId), eq(schema.certificates.courseId, courseId)))
    .orderBy(schema.certificates.cycle);
}

describe('validity per course in the course editor', () => {
  it('offers 1, 2 or 3 years or no expiry, defaults to 1 year (365 days) and refuses anything else', async () => {
    const domainId = await createDomain();
    const created = await api('POST', '/api/v2/admin/courses', { token: adminToken, body: courseBody(domainId) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ certificateValidityYears: 1, certificateValidityDays: 365 });
    expect(created.body).not.toHaveProperty('certificateNeverExpires');
    const id = created.body.id as string;

    const three = await api('PUT', `/api/v2/admin/courses/${id}`, {
      token: adminToken,
      body: courseBody(domainId, { certificateValidityYears: 3 }),
    });
    expect(three.body).toMatchObject({ certificateValidityYears: 3, certificateValidityDays: 1095 });

    const never = await api('PUT', `/api/v2/admin/courses/${id}`, {
      token: adminToken,
      body: courseBody(domainId, { certificateValidityYears: null }),
    });
    expect(never.body.certificateValidityYears).toBeNull();
    // An edit that does not name the validity leaves it as it is.
    const untouched = await api('PUT', `/api/v2/admin/courses/${id}`, {
      token: adminToken,
      body: courseBody(domainId),
    });
    expect(untouched.body.certificateValidityYears).toBeNull();
    // A copy keeps it.
    const copy = await api('POST', `/api/v2/admin/courses/${id}/clone`, { token: adminToken });
    expect(copy.body.certificateValidityYears).toBeNull();

    for (const bad of [0, 4, 5, '2', 'never']) {
      const res = await api('PUT', `/api/v2/admin/courses/${id}`, {
        token: adminToken,
        body: courseBody(domainId, { certificateValidityYears: bad }),
      });
      expect({ bad, status: res.status }).toEqual({ bad, status: 400 });
      expect(res.body.fields.certificateValidityYears).toBe(
        'Choose how long certificates stay valid: 1, 2 or 3 years, or no expiry',
      );
    }
    const audit = await db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entityId, id), eq(schema.auditLog.action, 'COURSE_UPDATED')));
    expect(audit.some((row) => JSON.stringify(row.after).includes('"certificateValidityYears":3'))).toBe(true);
  });
});

describe('validity used when a certificate is issued and by the compliance rule', () => {
  it('issues a 2-year certificate, and the requirement is valid until its expiry', async () => {
    const { token, course, learner } = await setup();
    await setValidity(course.courseId, 2);
    await certify(token, course);
    const [certificate] = await certificatesOf(learner.id, course.courseId);
    expect(Date.parse(certificate.expiresAt) - Date.parse(certificate.issuedAt)).toBe(730 * DAY);
    expect(await statusOf(token, course.courseId)).toMatchObject({
      status: 'compliant',
      validUntil: certificate.expiresAt,
      dueAt: certificate.expiresAt,
    });
  });

  it('issues a certificate that does not expire: compliant with no due date, "Does not expire" on the page and PDF', async () => {
    const { token, course, learner } = await setup();
    await setValidity(course.courseId, null);
    await certify(token, course);
    const [certificate] = await certificatesOf(learner.id, course.courseId);
    expect(certificate.expiresAt).toBe(NEVER_EXPIRES);
    const status = await statusOf(token, course.courseId);
    expect(status).toMatchObject({ status: 'compliant', validUntil: NEVER_EXPIRES, canRecertify: false });

    // Issued ten years ago, still valid: the rule has nothing to expire.
    await setCertificateExpiry(
      learner.id,
      course.courseId,
      NEVER_EXPIRES,
      new Date(Date.now() - 3650 * DAY).toISOString(),
    );
    expect((await statusOf(token, course.courseId))?.status).toBe('compliant');

    const verify = await api('GET', `/api/v2/certificates/verify/${certificate.certificateNumber}`, {
      headers: { 'cf-connecting-ip': '203.0.113.201' },
    });
    expect(verify.body).toMatchObject({ valid: true, status: 'ACTIVE' });
    const page = await SELF.fetch(`http://localhost/certificate/verify/${certificate.certificateNumber}`, {
      headers: { 'cf-connecting-ip': '203.0.113.202', 'accept-language': 'en' },
    });
    const html = await page.text();
    expect(html).toContain('Does not expire');
    expect(html).not.toContain('9999');

    const pdf = await SELF.fetch(`http://localhost/api/v2/certificates/download/${certificate.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    // Its text ("Does not expire") is checked in test/unit/certificate-pdf.test.ts.
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
  });
});

/** Certifies, lets the certificate come due, recertifies and passes again: two certificates. */
async function recertified(token: string, course: CourseFixture, userId: string) {
  await certify(token, course);
  await setCertificateExpiry(userId, course.courseId, new Date(Date.now() + 10 * DAY).toISOString());
  const started = await api('POST', `/api/v2/user/progress/courses/${course.courseId}/recertify`, { token });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  await takeAssessment(token, course.post!.componentId, course.post!.answers);
  const rows = await certificatesOf(userId, course.courseId);
  expect(rows.map((r) => r.cycle)).toEqual([1, 2]);
  return rows;
}

describe('My certificates', () => {
  it("lists every cycle's certificate with its standing, and each downloads for its holder only", async () => {
    const { token, course, learner } = await setup();
    const [first, second] = await recertified(token, course, learner.id);

    const mine = await api('GET', '/api/v2/certificates/user/all', { token });
    expect(mine.status).toBe(200);
    expect(
      mine.body.map((c: Record<string, unknown>) => [c.certificateNumber, c.cycle, c.standing, c.renewedBy, c.renews]),
    ).toEqual([
      [second.certificateNumber, 2, 'active', null, first.certificateNumber],
      [first.certificateNumber, 1, 'superseded', second.certificateNumber, null],
    ]);

    const earlier = await SELF.fetch(`http://localhost/api/v2/certificates/download/${first.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(earlier.status).toBe(200);
    expect(earlier.headers.get('content-type')).toBe('application/pdf');
    expect(earlier.headers.get('content-disposition')).toContain(first.certificateNumber);

    // Another learner: neither certificate is theirs; the answer does not say whether it exists.
    const other = await createUser({ domainIds: [course.domainId] });
    const otherToken = await login(other);
    for (const row of [first, second])
      for (const kind of ['download', 'view']) {
        const res = await api('GET', `/api/v2/certificates/${kind}/${row.id}`, { token: otherToken });
        expect({ kind, status: res.status }).toEqual({ kind, status: 404 });
      }
    expect((await api('GET', '/api/v2/certificates/user/all', { token: otherToken })).body).toEqual([]);
  });

  it('shows a revoked certificate as revoked, with the reason in the training record', async () => {
    const { token, course, learner } = await setup();
    await certify(token, course);
    const [certificate] = await certificatesOf(learner.id, course.courseId);
    const noReason = await api('POST', `/api/v2/certificates/${certificate.id}/revoke`, {
      token: adminToken,
      body: {},
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.fields).toEqual({ reason: 'A reason for the revocation is required' });
    const revoked = await api('POST', `/api/v2/certificates/${certificate.id}/revoke`, {
      token: adminToken,
      body: { reason: 'Answers copied from a colleague' },
    });
    expect(revoked.status).toBe(200);
    const audit = await db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entityId, certificate.id), eq(schema.auditLog.action, 'CERTIFICATE_REVOKED')));
    expect(audit).toEqual([expect.objectContaining({ reason: 'Answers copied from a colleague' })]);

    const mine = await api('GET', '/api/v2/certificates/user/all', { token });
    expect(mine.body).toEqual([expect.objectContaining({ standing: 'revoked', status: 'REVOKED' })]);
    const record = await api('GET', `/api/v2/admin/users/${learner.id}/training-record`, { token: adminToken });
    const entry = record.body.courses.find((c: { courseId: string }) => c.courseId === course.courseId);
    expect(entry.cycles[0].certificate).toMatchObject({
      certificateId: certificate.id,
      status: 'REVOKED',
      revokedReason: 'Answers copied from a colleague',
    });
  });
});
