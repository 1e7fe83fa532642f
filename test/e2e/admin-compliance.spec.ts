import { afterEach, describe, expect, it } from 'vitest';
import { COMPLIANCE_CSV_HEADER, choose, csvLines, matrixRow } from './admin-steps';
import { ACCOUNTS, app, openBrowser, signIn, waitForPath, type BrowserSession } from './browser';
import { apiAs, d1, fireCron, unique } from './server';

const DAY = 24 * 3600 * 1000;
/** A `YYYY-MM-DD` day `days` from now, as a date input takes it. */
const dayFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

describe('admin compliance', () => {
  let session: BrowserSession | undefined;
  afterEach(async () => {
    await session?.close();
    session = undefined;
  });

  it('an admin creates a requirement and sees the matrix change', async () => {
    // Three dock workers of their own department (so no other journey's people show), in the Hazard
    // Communication book (no demo requirement there); Ada joined the book two months ago, the others today.
    const run = unique();
    const department = `Dock ${run}`;
    const admin = await apiAs(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
    const books = await admin.request<{ id: string; name: string }[]>('/domains');
    const hazcom = books.find((b) => b.name === 'Hazard Communication')!;
    const people = {} as Record<'ada' | 'ben' | 'cleo', { id: string; username: string }>;
    for (const first of ['ada', 'ben', 'cleo'] as const) {
      const username = `${first}.${run}`;
      const { user } = await admin.request<{ user: { id: string } }>('/users', {
        body: {
          username,
          email: `${username}@dock.example`,
          role: 'USER',
          firstName: first[0].toUpperCase() + first.slice(1),
          lastName: 'Harbor',
        },
      });
      await admin.request(`/users/${user.id}`, { method: 'PUT', body: { department, jobTitle: 'Dock Worker' } });
      people[first] = { id: user.id, username };
    }
    await admin.request('/users/domains/assign', {
      method: 'PUT',
      body: { userIds: Object.values(people).map((p) => p.id), domainIds: [hazcom.id] },
    });
    // Covered since the later of joining the book and the department: both two months back for Ada.
    const twoMonthsAgo = new Date(Date.now() - 60 * DAY).toISOString();
    await d1(`UPDATE user_domains SET created_at = '${twoMonthsAgo}' WHERE user_id = '${people.ada.id}'`);
    await d1(`UPDATE users SET audience_since = '${twoMonthsAgo}' WHERE id = '${people.ada.id}'`);

    session = await openBrowser();
    const { page } = session;
    await signIn(session, ACCOUNTS.admin.username, ACCOUNTS.admin.password);
    await waitForPath(page, '/admin');
    await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Compliance' }).click();
    await waitForPath(page, '/admin/compliance');
    await page.getByRole('heading', { name: 'Compliance', level: 1 }).waitFor();

    // Nobody of the department is covered yet; the filter goes into the address.
    await page.getByLabel('Department').fill(department);
    await page.waitForURL((url) => url.searchParams.get('department') === department);
    await page.getByRole('heading', { name: /^(No required training yet|No people match)$/ }).waitFor();

    // Add a requirement that started 45 days ago, for that department only.
    await page.getByRole('button', { name: 'Add requirement' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add requirement' });
    await dialog.getByRole('button', { name: 'Add requirement' }).click();
    await dialog.getByText('Book is required').waitFor();
    await choose(page, dialog, /^Book/, 'Hazard Communication');
    await choose(page, dialog, /^Course/, 'Reading a Safety Data Sheet (SDS)');
    await dialog.getByLabel('Department').fill(department);
    await dialog.getByLabel('Active from').fill(dayFromNow(-45));
    await dialog.getByRole('button', { name: 'Add requirement' }).click();
    await app(page).getByText('Requirement added').waitFor();
    await dialog.waitFor({ state: 'detached' });

    // Ada's due date passed (covered 45 days, 30 to do it); the others have 30 days from joining.
    const matrix = page.getByRole('region', { name: 'Compliance matrix' });
    const row = (name: string) => matrixRow(matrix, `${name} Harbor`);
    await row('Ada').getByText('Overdue').waitFor();
    await row('Ben').getByText('Pending').waitFor();
    await row('Cleo').getByText('Pending').waitFor();
    // Exact: a requirement needing more than this course (another journey's) has its own column titled with every piece.
    expect(
      await matrix.getByRole('columnheader', { name: 'Reading a Safety Data Sheet (SDS)', exact: true }).count(),
    ).toBe(1);
    expect(await row('Ben').getByText(/^due /).count()).toBe(1);
    const tile = (name: string) => page.getByRole('group', { name });
    expect(await tile('Overdue').getByText('1', { exact: true }).count()).toBe(1);
    expect(await tile('Pending').getByText('2', { exact: true }).count()).toBe(1);
    expect(await tile('Compliant').getByText('0%', { exact: true }).count()).toBe(1);
    await page.getByText('Next 90 days: 2 people').waitFor();

    // Filter by status, then search by name.
    await choose(page, page, /^Status/, 'Overdue');
    await page.waitForURL((url) => url.searchParams.get('status') === 'overdue');
    await expect.poll(() => matrix.getByRole('row').count()).toBe(2);
    await row('Ada').waitFor();
    await choose(page, page, /^Status/, 'All statuses');
    await page.getByLabel('Search').fill('cleo');
    await page.waitForURL((url) => url.searchParams.get('q') === 'cleo');
    await expect.poll(() => matrix.getByRole('row').count()).toBe(2);
    await row('Cleo').waitFor();
    await page.getByLabel('Search').fill('');
    await expect.poll(() => matrix.getByRole('row').count()).toBe(4);

    // The export carries the same filters: the department's three people.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    // UTF-8 with a byte-order mark, one column per fact (issue 26).
    const lines = await csvLines(await download);
    expect(lines[0]).toBe(COMPLIANCE_CSV_HEADER);
    expect(lines).toHaveLength(4);
    expect(lines.find((l) => l.includes(people.ada.username))).toContain(
      `${department},Dock Worker,Reading a Safety Data Sheet (SDS),Overdue,`,
    );

    // The same filter by e-mail every week: the cron (fired as the runtime's trigger does) sends the
    // CSV and the one-page PDF summary behind links; the admin cancels it where they set it up.
    await page.getByRole('button', { name: 'Email me this report' }).click();
    const emailDialog = page.getByRole('dialog', { name: 'Email me this report' });
    await emailDialog.getByText(department).waitFor();
    await emailDialog.getByRole('button', { name: 'Start the e-mails' }).click();
    await app(page).getByText('Report e-mail set up').waitFor();
    const reports = page.getByRole('region', { name: 'Your report e-mails' });
    await reports.getByText(`Weekly (Mondays) · ${department}`).waitFor();
    expect((await fireCron()).failed).toEqual([]);
    const [mail] = await d1<{ body_text: string }>(
      `SELECT body_text FROM mail_outbox WHERE to_address = 'admin@safework.example' AND body_text LIKE '%Department: ${department}%'`,
    );
    expect(mail?.body_text).toContain('Overdue: 1 · Pending: 2');
    const link = (label: string) => new RegExp(`${label}: (\\S+)`).exec(mail!.body_text)![1]!;
    const csv = await fetch(link('\\(CSV\\)'));
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const csvText = await csv.text();
    expect(csvText).toContain(people.ada.username);
    expect(csvText.trim().split('\n')).toHaveLength(4);
    const pdf = new Uint8Array(await (await fetch(link('Summary \\(PDF\\)'))).arrayBuffer());
    expect(new TextDecoder().decode(pdf.slice(0, 5))).toBe('%PDF-');
    await page.reload();
    await reports.getByText(/^Last sent /).waitFor();
    await reports.getByRole('button', { name: /^Cancel the report e-mail: Weekly/ }).click();
    await app(page).getByText('Report e-mail cancelled').waitFor();
    await reports.waitFor({ state: 'detached' });

    // Ada's training record: grant an exemption and see it in the record and the matrix.
    await row('Ada').getByRole('link', { name: 'Ada Harbor' }).click();
    await waitForPath(page, `/admin/compliance/people/${people.ada.id}`);
    await page.getByRole('heading', { name: 'Ada Harbor', level: 1 }).waitFor();
    const course = page.getByRole('article', { name: 'Reading a Safety Data Sheet (SDS)' });
    await course.getByText('Overdue').waitFor();
    const grant = page.getByRole('button', { name: 'Grant exemption' });
    await grant.click();
    const exemption = page.getByRole('dialog', { name: 'Grant exemption' });
    // The only requirement is chosen already; Escape closes the dialog and gives focus back.
    await exemption
      .getByRole('combobox', { name: /^Requirement/ })
      .getByText('Reading a Safety Data Sheet (SDS)')
      .waitFor();
    await page.keyboard.press('Escape');
    await exemption.waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.activeElement?.textContent?.includes('Grant exemption'));
    await grant.click();
    await exemption.getByLabel(/^Reason/).fill('On light duties after surgery');
    await exemption.getByLabel(/^Exempt until/).fill(dayFromNow(20));
    await exemption.getByRole('button', { name: 'Grant exemption' }).click();
    await app(page).getByText('Exemption granted').waitFor();
    await course.getByText('Exempt', { exact: true }).waitFor();
    await page.getByRole('region', { name: 'Exemptions' }).getByText('On light duties after surgery').waitFor();

    // Back to the matrix as it was left (its filters), not the bare page the navigation opens.
    await page.getByRole('main').getByRole('link', { name: 'Compliance' }).click();
    await page.waitForURL(
      (url) => url.pathname === '/admin/compliance' && url.searchParams.get('department') === department,
    );
    await row('Ada').getByText('Exempt', { exact: true }).waitFor();
    expect(await tile('Exempt').getByText('1', { exact: true }).count()).toBe(1);
  });
});
