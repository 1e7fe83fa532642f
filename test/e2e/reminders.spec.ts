import { afterEach, describe, expect, it } from 'vitest';
import { backdateCoverage, tick, WIDE } from './admin-steps';
import { expectAccessible, resize } from './axe';
import {
  ACCOUNTS,
  app,
  openBrowser,
  signIn,
  VIEWPORTS,
  waitForPath,
  type BrowserSession,
  keepPicture,
} from './browser';
import { apiAs, d1, unique } from './server';

const DAY = 24 * 3600 * 1000;

describe('reminders on screen', () => {
  let session: BrowserSession | undefined;
  afterEach(async () => {
    await session?.close();
    session = undefined;
  });

  it('an admin reminds the overdue people from the matrix, then sees it in their record and the outbox', async () => {
    // Arranged through the API (other journeys cover these screens): three packers of their own
    // department, a requirement of the SDS course for it since 45 days ago; two joined the book 60
    // days ago (overdue), one today (pending, so not in the overdue filter).
    const run = unique();
    const department = `Packing ${run}`;
    const admin = await apiAs(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
    const books = await admin.request<{ id: string; name: string }[]>('/domains');
    const hazcom = books.find((b) => b.name === 'Hazard Communication')!;
    const [sds] = await d1<{ id: string }>(
      `SELECT id FROM courses WHERE title = 'Reading a Safety Data Sheet (SDS)' AND domain_id = '${hazcom.id}' LIMIT 1`,
    );
    const people = {} as Record<'ines' | 'omar' | 'pia', { id: string; email: string }>;
    for (const first of ['ines', 'omar', 'pia'] as const) {
      const username = `${first}.${run}`;
      const email = `${username}@packing.example`;
      const { user } = await admin.request<{ user: { id: string } }>('/users', {
        body: {
          username,
          email,
          role: 'USER',
          firstName: first[0].toUpperCase() + first.slice(1),
          lastName: `Crate ${run}`,
        },
      });
      await admin.request(`/users/${user.id}`, { method: 'PUT', body: { department, jobTitle: 'Packer' } });
      people[first] = { id: user.id, email };
    }
    await admin.request('/users/domains/assign', {
      method: 'PUT',
      body: { userIds: Object.values(people).map((p) => p.id), domainIds: [hazcom.id] },
    });
    await admin.request('/v2/admin/requirements', {
      body: {
        courseId: sds.id,
        bookId: hazcom.id,
        department,
        activeFrom: new Date(Date.now() - 45 * DAY).toISOString().slice(0, 10),
      },
    });
    // Both the book and the department count since then (backdating the book alone left them pending).
    await backdateCoverage([people.ines.id, people.omar.id], 60);

    session = await openBrowser(WIDE);
    const { page } = session;
    await signIn(session, ACCOUNTS.admin.username, ACCOUNTS.admin.password);
    await waitForPath(page, '/admin');
    await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Compliance' }).click();
    await waitForPath(page, '/admin/compliance');
    await page.getByLabel('Department').fill(department);
    await page.waitForURL((url) => url.searchParams.get('department') === department);
    await app(page)
      .getByRole('link', { name: `Pia Crate ${run}` })
      .waitFor();

    // The overdue ones: the status filter, then each row's box.
    await page.getByRole('combobox', { name: /^Status/ }).click();
    await page.locator('[role="option"]:visible').filter({ hasText: 'Overdue' }).first().click();
    await page.waitForURL((url) => url.searchParams.get('status') === 'overdue');
    await app(page)
      .getByRole('link', { name: `Pia Crate ${run}` })
      .waitFor({ state: 'detached' });
    await tick(page.getByRole('checkbox', { name: `Select Ines Crate ${run}` }));
    await tick(page.getByRole('checkbox', { name: `Select Omar Crate ${run}` }));
    await app(page).getByText('Selected: 2').waitFor();
    await page.getByRole('button', { name: 'Send reminder' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send a reminder' });
    await dialog.getByText(/Each of the 2 people you selected/).waitFor();
    await dialog.getByRole('button', { name: 'Send reminder' }).click();
    await dialog.waitFor({ state: 'detached' });
    await app(page).getByText('Reminders sent: 2').waitFor();
    await keepPicture(page, 'reminders-matrix-1440', { fullPage: true });

    // Again for Ines the same day: skipped and said so.
    await tick(page.getByRole('checkbox', { name: `Select Ines Crate ${run}` }));
    await page.getByRole('button', { name: 'Send reminder' }).click();
    await dialog.getByRole('button', { name: 'Send reminder' }).click();
    await app(page).getByText('Reminders sent: 0').waitFor();
    await app(page).getByText(`Already reminded today: Ines Crate ${run}`).waitFor();

    const rows = await d1<{ kind: string; user_id: string }>(
      `SELECT kind, user_id FROM mail_outbox WHERE user_id IN ('${people.ines.id}', '${people.omar.id}', '${people.pia.id}')`,
    );
    expect(rows.map((r) => r.user_id).sort()).toEqual([people.ines.id, people.omar.id].sort());

    // The person's record: the reminder in their mail log.
    await app(page)
      .getByRole('link', { name: `Ines Crate ${run}` })
      .click();
    await waitForPath(page, `/admin/compliance/people/${people.ines.id}`);
    const log = page.getByRole('region', { name: 'Reminders and mail' });
    await log.getByText('Reminder from an administrator').waitFor();
    await log.getByText('Recorded (not sent)').waitFor();
    expect(await log.getByText(people.ines.email).count()).toBe(1);

    // The outbox: the same message, and a failed one (arranged in the database) sent again.
    const failedTo = `failed.${run}@packing.example`;
    await d1(
      `INSERT INTO mail_outbox (id, to_address, subject, body_text, status, error, tries) VALUES ('${crypto.randomUUID()}', '${failedTo}', 'Undelivered ${run}', 'x', 'FAILED', 'mail provider answered 503', 5)`,
    );
    await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Outbox' }).click();
    await waitForPath(page, '/admin/outbox');
    await page.getByRole('heading', { name: 'Outbox', level: 1 }).waitFor();
    const table = page.getByRole('table', { name: 'Outbox messages' });
    await table.getByRole('row').filter({ hasText: people.ines.email }).getByText('Recorded (not sent)').waitFor();
    await page.getByRole('tab', { name: 'Failed' }).click();
    await page.waitForURL((url) => url.searchParams.get('status') === 'FAILED');
    const failedRow = table.getByRole('row').filter({ hasText: failedTo });
    await failedRow.getByText('mail provider answered 503').waitFor();
    await keepPicture(page, 'reminders-outbox-1440', { fullPage: true });
    await expectAccessible(page, 'outbox (1440 px)');
    await failedRow.getByRole('button', { name: `Retry the message to ${failedTo}` }).click();
    await app(page).getByText('The message was queued again').waitFor();
    await failedRow.waitFor({ state: 'detached' });
    const [retried] = await d1<{ status: string }>(`SELECT status FROM mail_outbox WHERE to_address = '${failedTo}'`);
    expect(retried.status).toBe('RECORDED');

    await resize(page, VIEWPORTS.phone);
    await page.getByRole('tab', { name: 'All' }).click();
    await page.getByRole('list', { name: 'Outbox messages' }).getByText(failedTo).waitFor();
    await keepPicture(page, 'reminders-outbox-390', { fullPage: true });
    await expectAccessible(page, 'outbox (390 px)');
  });
});
