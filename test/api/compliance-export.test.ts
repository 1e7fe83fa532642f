import { createExecutionContext } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { app } from '../../worker/app';
import { parseCsv } from '../../worker/contract/user-import';
import { EXPORT_COLUMNS } from '../../worker/contract/users';
import {
  adminToken,
  certify,
  dayOf,
  daysFromNow,
  setCertificateExpiry,
  setup,
  signInAdmin,
} from './compliance-helpers';
import { api, createUser, db, env, login, schema } from './helpers';

beforeAll(signInAdmin);

/** The answer's bytes as sent: `Response.text()` drops a leading byte-order mark, so the test reads bytes. */
async function bytesOf(path: string, token: string) {
  const request = new Request(`http://localhost${path}`, { headers: { authorization: `Bearer ${token}` } });
  const response = await app.fetch(request, env, createExecutionContext());
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

const BOM = [0xef, 0xbb, 0xbf];

/**
 * Issue 26: the compliance summary the admin dashboard shows, the people behind its forecast
 * buckets, exempt cells with their end date, and the CSV exports as UTF-8 with a byte-order mark
 * and one column per fact.
 */
describe('compliance for the dashboard and the CSV export', () => {
  let ctx: Awaited<ReturnType<typeof setup>>;
  let exemptUntil: string;
  let overdueId: string;
  let dueSoonId: string;

  beforeAll(async () => {
    // Aaron: compliant (certificate valid a year). Dana: due soon (certificate expiring in 20 days).
    // Bella: overdue. Carl: exempt. Eve: pending, due in 10 days.
    ctx = await setup({ learner: { firstName: 'Aaron', lastName: 'Export' } });
    const requirement = ctx.requirementId;
    await db
      .update(schema.requirements)
      .set({ activeFrom: daysFromNow(-50) })
      .where(eq(schema.requirements.id, requirement));
    await certify(ctx.token, ctx.course);
    const dana = await createUser({ domainIds: [ctx.bookId], firstName: 'Dana', lastName: 'Export' });
    await certify(await login(dana), ctx.course);
    await setCertificateExpiry(dana.id, ctx.course.courseId, daysFromNow(20));
    dueSoonId = dana.id;
    const bella = await createUser({ domainIds: [ctx.bookId], firstName: 'Bella', lastName: 'Export' });
    await db
      .update(schema.userDomains)
      .set({ createdAt: daysFromNow(-45) })
      .where(eq(schema.userDomains.userId, bella.id));
    overdueId = bella.id;
    const carl = await createUser({ domainIds: [ctx.bookId], firstName: 'Карл', lastName: 'Экспорт' });
    exemptUntil = dayOf(daysFromNow(40));
    const exempted = await api('POST', `/api/v2/admin/requirements/${requirement}/exemptions`, {
      token: adminToken,
      body: { userId: carl.id, reason: 'On leave, returns in spring', until: exemptUntil },
    });
    expect(exempted.status, JSON.stringify(exempted.body)).toBe(201);
    const eve = await createUser({ domainIds: [ctx.bookId], firstName: 'Eve', lastName: 'Export' });
    await db
      .update(schema.userDomains)
      .set({ createdAt: daysFromNow(-20) })
      .where(eq(schema.userDomains.userId, eve.id));
  });

  it('answers the numbers the dashboard cards show: percent compliant, overdue, due soon and the forecast', async () => {
    const res = await api('GET', `/api/v2/admin/compliance?bookId=${ctx.bookId}&size=10`, { token: adminToken });
    expect(res.status).toBe(200);
    // Valid: Aaron and Dana of the four not exempt (Aaron, Dana, Bella, Eve).
    expect(res.body.summary).toEqual({
      pending: 1,
      compliant: 1,
      dueSoon: 1,
      overdue: 1,
      exempt: 1,
      percentCompliant: 50,
      // Eve (due in 10 days) and Dana (expires in 20) lapse within 30 days; Aaron in a year.
      forecast: { d30: 2, d60: 2, d90: 2 },
    });
    // The dashboard's overdue card opens the matrix filtered to overdue people.
    const overdue = await api('GET', `/api/v2/admin/compliance?bookId=${ctx.bookId}&status=overdue`, {
      token: adminToken,
    });
    expect(overdue.body.rows.map((r: { user: { id: string } }) => r.user.id)).toEqual([overdueId]);
  });

  it('shows an exempt cell with the end of its exemption', async () => {
    const res = await api('GET', `/api/v2/admin/compliance?bookId=${ctx.bookId}&status=exempt`, { token: adminToken });
    expect(res.body.rows).toHaveLength(1);
    expect(res.body.rows[0].cells[0]).toEqual({ status: 'exempt', exemptUntil: expect.any(String) });
    expect(dayOf(res.body.rows[0].cells[0].exemptUntil)).toBe(exemptUntil);
  });

  it('lists who lapses within a forecast bucket: names, course and date, soonest first', async () => {
    const res = await api('GET', `/api/v2/admin/compliance/lapses?bookId=${ctx.bookId}&days=30`, {
      token: adminToken,
    });
    expect(res.status).toBe(200);
    expect(res.body.days).toBe(30);
    expect(res.body.people).toBe(2);
    expect(
      res.body.rows.map((r: { user: { name: string }; courseTitle: string; status: string }) => [
        r.user.name,
        r.courseTitle,
        r.status,
      ]),
    ).toEqual([
      ['Eve Export', ctx.course.title, 'pending'],
      ['Dana Export', ctx.course.title, 'due-soon'],
    ]);
    expect(res.body.rows[1].user.id).toBe(dueSoonId);
    expect(Date.parse(res.body.rows[0].lapsesAt)).toBeLessThan(Date.parse(res.body.rows[1].lapsesAt));
    expect(res.body.pagination).toEqual({ page: 1, size: 50, totalItems: 2, totalPages: 1 });
    const paged = await api('GET', `/api/v2/admin/compliance/lapses?bookId=${ctx.bookId}&days=90&size=1&page=2`, {
      token: adminToken,
    });
    expect(paged.body.rows.map((r: { user: { name: string } }) => r.user.name)).toEqual(['Dana Export']);
    expect((await api('GET', '/api/v2/admin/compliance/lapses?days=45', { token: adminToken })).status).toBe(400);
    expect((await api('GET', '/api/v2/admin/compliance/lapses?days=30', { token: ctx.token })).status).toBe(403);
  });

  it('exports UTF-8 with a byte-order mark and a column per fact: due date, valid until, exemption until and reason', async () => {
    const bytes = await bytesOf(`/api/v2/admin/compliance/export.csv?bookId=${ctx.bookId}`, adminToken);
    expect([...bytes.slice(0, 3)]).toEqual(BOM);
    const table = parseCsv(new TextDecoder().decode(bytes));
    const header = table[0];
    expect(header).toEqual([
      'Name',
      'Username',
      'Department',
      'Job title',
      'Course',
      'Status',
      'Due date',
      'Valid until',
      'Exemption until',
      'Exemption reason',
      'Certificate number',
      'Authorisation number',
      'Credential',
      'Evidence needed',
    ]);
    const row = (name: string) => {
      const found = table.find((r) => r[0] === name);
      expect(found, name).toBeDefined();
      return Object.fromEntries(header.map((column, i) => [column, found![i]]));
    };
    // A compliant row's expiry is "Valid until", never "Due date".
    const aaron = row('Aaron Export');
    expect(aaron).toMatchObject({ Status: 'Compliant', 'Due date': '', 'Exemption until': '', 'Exemption reason': '' });
    expect(aaron['Valid until']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(row('Dana Export')).toMatchObject({ Status: 'Due soon', 'Due date': dayOf(daysFromNow(20)) });
    expect(row('Bella Export')).toMatchObject({ Status: 'Overdue', 'Valid until': '' });
    expect(row('Bella Export')['Due date']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // Cyrillic reads back whole from the UTF-8 bytes.
    expect(row('Карл Экспорт')).toMatchObject({
      Status: 'Exempt',
      'Due date': '',
      'Exemption until': exemptUntil,
      'Exemption reason': 'On leave, returns in spring',
    });
  });

  it('starts the users export with the byte-order mark too', async () => {
    const bytes = await bytesOf('/api/users/export', adminToken);
    expect([...bytes.slice(0, 3)]).toEqual(BOM);
    // Exactly one mark, then the header (TextDecoder drops the mark, parseCsv would drop a second one).
    expect(bytes[3]).not.toBe(0xef);
    expect(parseCsv(new TextDecoder().decode(bytes))[0]).toEqual([...EXPORT_COLUMNS]);
  });
});
