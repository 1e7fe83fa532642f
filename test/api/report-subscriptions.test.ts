import { and, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { runScheduled } from '../../worker/scheduled';
import { periodOf } from '../../worker/services/report-subscriptions';
import { createCourse } from './fixtures';
import { api, createAdmin, createDomain, createUser, db, env as workerEnv, login, schema } from './helpers';

/**
 * Scheduled compliance reports (issue 30): a supervisor's team report and an administrator's matrix
 * filter, sent by the cron handler once per period even when it fires twice (or two runs overlap),
 * again the next period; the CSV and PDF behind the e-mail's links hold the report's people only.
 */

const DAY = 24 * 3600_000;
const env = () => workerEnv;
let admin: string;
beforeAll(async () => {
  admin = await login(await createAdmin());
});

/** sup -> (ann, bob), and an outsider; one department, one requirement covering them all. */
async function crew() {
  const tag = crypto.randomUUID().slice(0, 6);
  const department = `Yard ${tag}`;
  const person = (name: string, extra: Parameters<typeof createUser>[0] = {}) =>
    createUser({ username: `${name}_${tag}`, firstName: name, lastName: tag, department, ...extra });
  const sup = await person('sup');
  const ann = await person('ann', { managerId: sup.id });
  const bob = await person('bob', { managerId: sup.id });
  const other = await person('other');
  const bookId = await createDomain();
  const course = await createCourse({ domainId: bookId });
  const created = await api('POST', '/api/v2/admin/requirements', {
    token: admin,
    body: { courseId: course.courseId, bookId, department },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { tag, department, sup, ann, bob, other };
}

const reportsTo = (address: string) =>
  db
    .select()
    .from(schema.mailOutbox)
    .where(eq(schema.mailOutbox.to, address))
    .then((rows) => rows.filter((row) => row.subject.includes('compliance report')));
const linkOf = (text: string, label: string) => new RegExp(`${label}: \\S*(/api/v2/report-files/\\S+)`).exec(text)?.[1];

describe('scheduled reports', () => {
  it('names ISO weeks and months as periods', () => {
    expect(periodOf('weekly', new Date('2026-11-28T09:00:00Z'))).toBe('2026-W48');
    expect(periodOf('weekly', new Date('2026-12-31T12:00:00Z'))).toBe('2026-W53');
    expect(periodOf('weekly', new Date('2027-01-01T00:00:00Z'))).toBe('2026-W53');
    expect(periodOf('weekly', new Date('2027-01-04T00:00:00Z'))).toBe('2027-W01');
    expect(periodOf('weekly', new Date('2024-12-30T00:00:00Z'))).toBe('2025-W01');
    expect(periodOf('monthly', new Date('2026-11-30T23:59:59Z'))).toBe('2026-11');
  });

  it('sends a team report once per period, again the next period, with the team only', async () => {
    const t = await crew();
    const sup = await login(t.sup);
    const created = await api('POST', '/api/v2/report-subscriptions', {
      token: sup,
      body: { scope: 'team', cadence: 'weekly', filter: { department: t.department } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.subscription.id as string;

    // The handler fires twice in the same week, the second time overlapping another run: one report.
    const monday = new Date(Date.UTC(2031, 0, 6, 6)); // a Monday, 2031-W02
    await runScheduled(env(), monday);
    await Promise.all([
      runScheduled(env(), new Date(monday.getTime() + 60_000)),
      runScheduled(env(), new Date(monday.getTime() + 2 * DAY)),
    ]);
    let mails = await reportsTo(t.sup.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(`Weekly compliance report 2031-W02: Team of sup ${t.tag}`);
    expect(mails[0].bodyText).toContain(`Filter: Department: ${t.department}`);
    const listed = await api('GET', '/api/v2/report-subscriptions', { token: sup });
    expect(listed.body.subscriptions).toMatchObject([{ id, lastPeriod: '2031-W02', scope: 'team' }]);

    // The CSV holds the team (ann, bob), never the outsider of the same department; the PDF is one page.
    const csvLink = linkOf(mails[0].bodyText, '\\(CSV\\)')!;
    const csv = await api('GET', csvLink);
    expect(csv.status).toBe(200);
    expect(csv.body).toContain(`ann_${t.tag}`);
    expect(csv.body).toContain(`bob_${t.tag}`);
    expect(csv.body).not.toContain(`other_${t.tag}`);
    const pdfLink = linkOf(mails[0].bodyText, 'Summary \\(PDF\\)')!;
    const pdf = await api('GET', pdfLink);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(String(pdf.body).startsWith('%PDF')).toBe(true);
    const stored = await workerEnv.FILES.get(`reports/${id}/2031-W02.pdf`);
    expect((await PDFDocument.load(await stored!.arrayBuffer())).getPageCount()).toBe(1);
    // A link whose signature was tampered with opens nothing.
    expect((await api('GET', csvLink.replace(/\.[A-Za-z0-9_-]{16}\.csv$/, '.AAAAAAAAAAAAAAAA.csv'))).status).toBe(404);

    // The next week sends again; the previous week's link is replaced.
    await runScheduled(env(), new Date(monday.getTime() + 7 * DAY));
    mails = await reportsTo(t.sup.email);
    expect(mails).toHaveLength(2);
    expect(mails.map((m) => m.subject).sort()[1]).toContain('2031-W03');
    const old = await api('GET', csvLink);
    expect(old.status).toBe(404);
    expect(old.body.message).toMatch(/not valid or has expired/);

    // Cancelled: nothing more, and an audit row for each step.
    expect((await api('DELETE', `/api/v2/report-subscriptions/${id}`, { token: sup })).status).toBe(200);
    await runScheduled(env(), new Date(monday.getTime() + 14 * DAY));
    expect(await reportsTo(t.sup.email)).toHaveLength(2);
    const audit = await db
      .select({ action: schema.auditLog.action })
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entityType, 'REPORT_SUBSCRIPTION'), eq(schema.auditLog.entityId, id)));
    expect(audit.map((row) => row.action).sort()).toEqual(['REPORT_SUBSCRIBED', 'REPORT_UNSUBSCRIBED']);
  });

  it("sends an administrator's matrix filter within their site limit, monthly", async () => {
    const t = await crew();
    const [north, south] = [crypto.randomUUID(), crypto.randomUUID()];
    await db.insert(schema.sites).values([
      { id: north, name: `North ${t.tag}` },
      { id: south, name: `South ${t.tag}` },
    ]);
    await db.update(schema.users).set({ siteId: north }).where(eq(schema.users.id, t.ann.id));
    await db.update(schema.users).set({ siteId: south }).where(eq(schema.users.id, t.bob.id));
    const lead = await createAdmin({ username: `lead_${t.tag}`, adminSiteId: north });
    const token = await login(lead);
    const created = await api('POST', '/api/v2/report-subscriptions', {
      token,
      body: { scope: 'matrix', cadence: 'monthly', filter: { department: t.department, status: '' } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const first = new Date(Date.UTC(2031, 4, 3, 6));
    await runScheduled(env(), first);
    await runScheduled(env(), new Date(first.getTime() + 20 * DAY));
    const mails = await reportsTo(lead.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].bodyText).toContain(`Site: North ${t.tag}`);
    const csv = await api('GET', linkOf(mails[0].bodyText, '\\(CSV\\)')!);
    expect(csv.body).toContain(`ann_${t.tag}`);
    expect(csv.body).not.toContain(`bob_${t.tag}`);
    await runScheduled(env(), new Date(Date.UTC(2031, 5, 1, 0, 5)));
    expect(await reportsTo(lead.email)).toHaveLength(2);
  });

  it('refuses bad input with clear messages and changes nothing', async () => {
    const t = await crew();
    const worker = await login(t.ann);
    const sup = await login(t.sup);
    const post = (token: string, body: unknown) => api('POST', '/api/v2/report-subscriptions', { token, body });
    const cadence = await post(sup, { scope: 'team', cadence: 'daily' });
    expect(cadence.status).toBe(400);
    expect(cadence.body.message).toBe('Choose how often to e-mail the report: weekly or monthly');
    expect((await post(sup, { cadence: 'weekly' })).body.message).toBe(
      'Choose which report to e-mail: your team or the compliance matrix',
    );
    const status = await post(sup, { scope: 'team', cadence: 'weekly', filter: { status: 'late' } });
    expect(status.status).toBe(400);
    expect(status.body.message).toMatch(/status must be one of/);
    const noTeam = await post(worker, { scope: 'team', cadence: 'weekly' });
    expect(noTeam.status).toBe(400);
    expect(noTeam.body.message).toBe('Nobody reports to you, so there is no team report to e-mail');
    const matrix = await post(sup, { scope: 'matrix', cadence: 'weekly' });
    expect(matrix.status).toBe(403);
    expect(matrix.body.message).toMatch(/Report Generation permission/);
    expect((await post(sup, { scope: 'team', cadence: 'weekly' })).status).toBe(201);
    const twice = await post(sup, { scope: 'team', cadence: 'weekly', filter: { q: '' } });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('You already get this report by e-mail at this frequency');
    // Someone else's subscription is not found, not cancelled.
    const [mine] = (await api('GET', '/api/v2/report-subscriptions', { token: sup })).body.subscriptions;
    expect((await api('DELETE', `/api/v2/report-subscriptions/${mine.id}`, { token: worker })).status).toBe(404);
    expect((await api('GET', '/api/v2/report-subscriptions', { token: worker })).body.subscriptions).toEqual([]);
    const rows = await db
      .select()
      .from(schema.reportSubscriptions)
      .where(eq(schema.reportSubscriptions.ownerId, t.sup.id));
    expect(rows).toHaveLength(1);
  });
});
