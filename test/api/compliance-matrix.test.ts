import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, createUser, db, login, schema, type TestUser } from './helpers';
import { daysFromNow, dayOf, adminToken, signInAdmin, setup, myRequirements, certify } from './compliance-helpers';

beforeAll(signInAdmin);

describe('the compliance matrix', () => {
  let ctx: Awaited<ReturnType<typeof setup>>;
  let people: TestUser[];

  beforeAll(async () => {
    ctx = await setup({ learner: { firstName: 'Aaron', lastName: 'Able' } });
    // Three more people: one overdue, one exempt, one with a formula-like name.
    const overdue = await createUser({
      domainIds: [ctx.bookId],
      firstName: 'Bella',
      lastName: 'Brown',
      department: 'Warehouse',
    });
    const exempt = await createUser({
      domainIds: [ctx.bookId],
      firstName: 'Carl',
      lastName: 'Cole',
      department: 'Office',
    });
    const formula = await createUser({
      domainIds: [ctx.bookId],
      firstName: '=HYPERLINK("x")',
      lastName: 'Zed',
      department: 'Office',
    });
    people = [overdue, exempt, formula];
    await db
      .update(schema.userDomains)
      .set({ createdAt: daysFromNow(-45) })
      .where(eq(schema.userDomains.userId, overdue.id));
    await db
      .update(schema.requirements)
      .set({ activeFrom: daysFromNow(-50) })
      .where(eq(schema.requirements.id, ctx.requirementId));
    await api('POST', `/api/v2/admin/requirements/${ctx.requirementId}/exemptions`, {
      token: adminToken,
      body: { userId: exempt.id, reason: 'Contractor', until: dayOf(daysFromNow(30)) },
    });
    await certify(ctx.token, ctx.course);
  });

  it('answers rows, columns, a summary with the forecast, and pagination', async () => {
    const res = await api('GET', `/api/v2/admin/compliance?bookId=${ctx.bookId}&size=2`, { token: adminToken });
    expect(res.status).toBe(200);
    expect(res.body.requirements).toEqual([
      {
        id: ctx.requirementId,
        courseId: ctx.course.courseId,
        courseTitle: ctx.course.title,
        evidence: [{ kind: 'course', name: ctx.course.title }],
      },
    ]);
    expect(res.body.pagination).toEqual({ page: 1, size: 2, totalItems: 4, totalPages: 2 });
    expect(res.body.rows.map((r: { user: { name: string } }) => r.user.name)).toEqual([
      '=HYPERLINK("x") Zed',
      'Aaron Able',
    ]);
    expect(res.body.summary).toMatchObject({
      pending: 1,
      compliant: 1,
      dueSoon: 0,
      overdue: 1,
      exempt: 1,
      percentCompliant: 33.3,
    });
    // The pending person lapses within 30 days (their due date); the compliant one in a year.
    expect(res.body.summary.forecast).toEqual({ d30: 1, d60: 1, d90: 1 });
    // Cells follow the columns; a cell carries only the fields that have a value.
    const aaron = res.body.rows[1];
    expect(aaron.cells).toHaveLength(1);
    expect(Object.keys(aaron.cells[0]).sort()).toEqual(['certificateNumber', 'dueAt', 'status', 'validUntil']);
    expect(aaron.cells[0]).toMatchObject({ status: 'compliant' });
    expect(aaron.cells[0].certificateNumber).toMatch(/^CERT-/);
    expect(aaron.cells[0].validUntil).toBe(aaron.cells[0].dueAt);
    const zed = res.body.rows[0];
    expect(zed.cells).toEqual([{ status: 'pending', dueAt: expect.any(String) }]);
  });

  it('filters by status, department and search', async () => {
    const overdue = await api('GET', `/api/v2/admin/compliance?bookId=${ctx.bookId}&status=overdue`, {
      token: adminToken,
    });
    expect(overdue.body.rows.map((r: { user: { id: string } }) => r.user.id)).toEqual([people[0].id]);
    const office = await api('GET', `/api/v2/admin/compliance?bookId=${ctx.bookId}&department=office`, {
      token: adminToken,
    });
    expect(office.body.pagination.totalItems).toBe(2);
    const search = await api('GET', `/api/v2/admin/compliance?bookId=${ctx.bookId}&q=bella`, { token: adminToken });
    expect(search.body.rows).toHaveLength(1);
    // %, _ and long terms mean themselves: D1 refuses LIKE patterns over 50 bytes (the fuzz found a 500).
    for (const q of ['%', '_ella', 'b'.repeat(120), '\u0000'.repeat(60)]) {
      const res = await api('GET', `/api/v2/admin/compliance?bookId=${ctx.bookId}&q=${encodeURIComponent(q)}`, {
        token: adminToken,
      });
      expect(res.status, q).toBe(200);
      expect(res.body.rows, q).toEqual([]);
    }
    const exported = await api<string>(
      'GET',
      `/api/v2/admin/compliance/export.csv?bookId=${ctx.bookId}&q=${'b'.repeat(120)}`,
      { token: adminToken },
    );
    expect(exported.status).toBe(200);
    const bad = await api('GET', `/api/v2/admin/compliance?status=late`, { token: adminToken });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('status must be one of pending, compliant, due-soon, overdue, exempt');
  });

  it('exports the matrix as CSV, one line per person and course, formulas neutralised', async () => {
    const res = await api<string>('GET', `/api/v2/admin/compliance/export.csv?bookId=${ctx.bookId}`, {
      token: adminToken,
    });
    expect(res.headers.get('content-type')).toContain('text/csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Name,Username,Department,Job title,Course,Status,Due date,Valid until,Exemption until,Exemption reason,Certificate number,Authorisation number,Credential,Evidence needed',
    );
    expect(lines).toHaveLength(5);
    expect(lines.some((l) => l.startsWith(`"'=HYPERLINK(""x"") Zed"`))).toBe(true);
    expect(lines.filter((l) => l.includes(',Overdue,'))).toHaveLength(1);
    expect(lines.filter((l) => l.includes(',Exempt,'))).toHaveLength(1);
  });

  it('is admin only, and a learner sees only their own requirements', async () => {
    expect((await api('GET', '/api/v2/admin/compliance', { token: ctx.token })).status).toBe(403);
    expect(
      (await api('GET', `/api/v2/admin/users/${ctx.learner.id}/training-record`, { token: ctx.token })).status,
    ).toBe(403);
    const mine = await myRequirements(ctx.token);
    expect(mine.every((r) => r.courseId === ctx.course.courseId)).toBe(true);
    expect(mine).toHaveLength(1);
    const otherToken = await login(people[0]);
    const theirs = await myRequirements(otherToken);
    expect(theirs[0].status).toBe('overdue');
    expect(theirs[0].certificateNumber).toBeNull();
  });
});

describe('the training record PDF', () => {
  it('is a PDF of the person, for admins only', async () => {
    const { token, course, learner } = await setup({ learner: { firstName: 'Pat', lastName: 'Record' } });
    await certify(token, course);
    const { SELF } = await import('cloudflare:test');
    const response = await SELF.fetch(`http://localhost/api/v2/admin/users/${learner.id}/training-record.pdf`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="training-record-.+-\d{4}-\d{2}-\d{2}\.pdf"$/,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const { PDFDocument } = await import('pdf-lib');
    const doc = await PDFDocument.load(bytes);
    expect(doc.getTitle()).toBe('Training record - Pat Record');
    expect((await api('GET', `/api/v2/admin/users/${learner.id}/training-record.pdf`, { token })).status).toBe(403);
    expect((await api('GET', `/api/v2/admin/users/nobody/training-record.pdf`, { token: adminToken })).status).toBe(
      404,
    );
  });
});

describe('the matrix snapshot', () => {
  it('is reused between requests and forgotten by any change to compliance', async () => {
    const { bookId, course, learner, requirementId, token } = await setup();
    const first = await api('GET', `/api/v2/admin/compliance?bookId=${bookId}`, { token: adminToken });
    expect(first.body.summary).toMatchObject({ pending: 1, compliant: 0 });
    const cached = await db.select().from(schema.complianceCache);
    expect(cached.length).toBeGreaterThan(0);
    // A certificate issued through the API clears it: the summary changes at once.
    await certify(token, course);
    expect(
      (await api('GET', `/api/v2/admin/compliance?bookId=${bookId}`, { token: adminToken })).body.summary,
    ).toMatchObject({ pending: 0, compliant: 1 });
    // So does an exemption.
    await api('POST', `/api/v2/admin/requirements/${requirementId}/exemptions`, {
      token: adminToken,
      body: { userId: learner.id, reason: 'Transfer', until: dayOf(daysFromNow(9)) },
    });
    expect(
      (await api('GET', `/api/v2/admin/compliance?bookId=${bookId}`, { token: adminToken })).body.summary,
    ).toMatchObject({ compliant: 0, exempt: 1 });
    // A change to the person's books through the users API too.
    const other = await createUser({ department: 'Warehouse' });
    const assigned = await api('PUT', '/api/users/domains/assign', {
      token: adminToken,
      body: { userIds: [other.id], domainIds: [bookId] },
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    expect(
      (await api('GET', `/api/v2/admin/compliance?bookId=${bookId}`, { token: adminToken })).body.pagination.totalItems,
    ).toBe(2);
  });

  it('expires on its own when a status changes by the clock', async () => {
    const { bookId } = await setup();
    await api('GET', `/api/v2/admin/compliance?bookId=${bookId}`, { token: adminToken });
    const rows = await db.select().from(schema.complianceCache);
    for (const row of rows) expect(Date.parse(row.expiresAt) - Date.parse(row.computedAt)).toBeLessThanOrEqual(60_000);
  });
});
