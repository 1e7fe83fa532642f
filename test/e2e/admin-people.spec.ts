import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { accessibilityAudit } from './axe';
import { ACCOUNTS, app, openBrowser, signIn, VIEWPORTS, waitForPath, type BrowserSession } from './browser';

describe('admin people and operations', () => {
  const sessions: BrowserSession[] = [];
  afterEach(async () => {
    await Promise.all(sessions.splice(0).map((s) => s.close()));
  });
  const open = async (viewport: { width: number; height: number } = VIEWPORTS.desktop) => {
    const session = await openBrowser(viewport);
    sessions.push(session);
    return session;
  };

  it('an admin imports three users from a CSV, assigns them a book and copies a password; that user changes it and enrolls', async () => {
    const run = Date.now().toString(36);
    const names = [`crew.a.${run}`, `crew.b.${run}`, `crew.c.${run}`];
    // BOM, quoted cells, CRLF and the columns in the "wrong" order, like a spreadsheet export.
    const csv = `\uFEFFemail,username\r\n${names.map((n) => `"${n}@plant.example",${n}`).join('\r\n')}\r\n`;
    const file = join(tmpdir(), `crew-${run}.csv`);
    await writeFile(file, csv);

    const admin = await open();
    await admin.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: admin.baseURL });
    const { page } = admin;
    await signIn(admin, ACCOUNTS.admin.username, ACCOUNTS.admin.password);
    await waitForPath(page, '/admin');
    await page.goto('/admin/users');

    await page.getByRole('button', { name: 'BULK IMPORT' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bulk Import Users' });
    await dialog.waitFor();
    // Import without a file: the spec's warning.
    await dialog.getByRole('button', { name: /^Import/ }).click();
    await dialog.getByText('Please select a CSV file to import.').waitFor();
    await dialog.getByLabel('CSV file').setInputFiles(file);
    await dialog.getByText('Preview of the first 3 of 3 rows').waitFor();
    expect(
      await dialog
        .getByRole('table', { name: 'Import preview' })
        .getByRole('cell', { name: 'USER', exact: true })
        .count(),
    ).toBe(3);
    // The preview and the results pass axe, on the page and inside the dialog on a phone.
    const audit = accessibilityAudit();
    await audit.check(page, 'bulk import preview');
    await audit.atBothWidths(page, 'bulk import preview', { within: dialog });
    await dialog.getByRole('button', { name: 'Import 3 Users' }).click();
    await dialog.getByText('3 of 3 rows processed · 3 imported · 0 failed').waitFor();
    await audit.atBothWidths(page, 'bulk import results', { within: dialog });
    audit.assertClean();

    await dialog.getByRole('button', { name: `Copy password of ${names[0]}` }).click();
    await dialog.getByRole('button', { name: `Copy password of ${names[0]} (copied)` }).waitFor();
    const password = await page.evaluate(() => navigator.clipboard.readText());
    expect(password).toBe(await dialog.getByTestId(`import-password-${names[0]}`).innerText());
    expect(password).toMatch(/^.{14}$/);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    // Assign the three a book.
    await page.getByLabel('Search').fill(`.${run}`);
    const table = page.getByRole('table', { name: 'Users' });
    await table.getByRole('cell', { name: `${names[2]}@plant.example`, exact: true }).waitFor();
    // The search is debounced: wait for the filtered list (header + the three).
    await expect.poll(() => table.getByRole('row').count(), { timeout: 10_000 }).toBe(4);
    await page.getByRole('checkbox', { name: 'Select all users' }).check({ force: true });
    await page.getByRole('button', { name: 'ASSIGN BOOKS' }).click();
    const assign = page.getByRole('dialog', { name: 'Assign Books' });
    await assign.getByRole('button', { name: 'Assign Books' }).click();
    await assign.getByText('Please select at least one book').waitFor();
    await assign.getByRole('checkbox', { name: 'Fire Safety' }).check({ force: true });
    await assign.getByRole('button', { name: 'Assign Books' }).click();
    await app(page).getByText('Books assigned to 3 users.').waitFor();
    await assign.waitFor({ state: 'detached' });
    for (const name of names) {
      await table
        .getByRole('row', { name: new RegExp(name.replace(/\./g, '\\.')) })
        .getByText('Fire Safety')
        .waitFor();
    }

    // The new user signs in with the copied password and must replace it first.
    const worker = await open(VIEWPORTS.phone);
    await signIn(worker, names[0], password);
    await waitForPath(worker.page, '/change-password');
    await worker.page.getByLabel('Current (temporary) password').fill(password);
    await worker.page.getByLabel(/^New password/).fill('Crew#Member2026');
    await worker.page.getByLabel(/^Confirm new password/).fill('Crew#Member2026');
    await worker.page.getByRole('button', { name: 'Save new password' }).click();
    await worker.page.waitForURL((url) => url.pathname !== '/change-password');

    // ...and starts a course of the assigned book: PASS is required of everyone in it, so Start
    // opens its first component with no enrolment step (issue 26).
    await worker.page.goto('/my-courses');
    await worker.page
      .getByRole('link', { name: /Fire Extinguisher Use: The PASS Technique/ })
      .first()
      .click();
    await worker.page.getByRole('button', { name: 'Start Course' }).click();
    await worker.page.waitForURL((url) => /^\/course\/[^/]+\/(material|assessment)\//.test(url.pathname));

    // The admin's export no longer carries a password for this user.
    const exported = await page.evaluate(async () => {
      const res = await fetch('/api/users/export');
      return res.text();
    });
    const lines = exported.split('\r\n');
    expect(lines.find((l) => l.startsWith(`${names[0]},`))?.split(',')[2]).toBe('');
    expect(lines.find((l) => l.startsWith(`${names[1]},`))?.split(',')[2]).toMatch(/^.{14}$/);
    expect(exported).not.toMatch(/pbkdf2/);
  });

  it('the admin answers a learner’s Think submission and the learner sees "Responded"', async () => {
    const subject = `Forklift horn broken ${Date.now().toString(36)}`;
    const learner = await open();
    await signIn(learner, ACCOUNTS.learner.username, ACCOUNTS.learner.password);
    await learner.page.goto('/think');
    await learner.page.getByRole('heading', { name: 'Think - Your Submissions' }).waitFor();
    await learner.page.getByRole('button', { name: 'New Submission', exact: true }).click();
    const form = learner.page.getByRole('dialog', { name: 'New Submission' });
    await form.getByRole('combobox', { name: /Type/ }).click();
    await learner.page.locator('[role="option"]:visible').filter({ hasText: 'Complaint' }).first().click();
    await form.getByLabel(/^Subject/).fill(subject);
    await form.getByLabel(/^Description/).fill('The horn on forklift 3 does not sound.');
    await form.getByRole('button', { name: 'Submit Feedback' }).click();
    await form.waitFor({ state: 'detached' });
    const row = learner.page
      .getByRole('table', { name: 'Your submissions' })
      .getByRole('row', { name: new RegExp(subject) });
    await row.getByText('Pending').waitFor();

    const admin = await open();
    await signIn(admin, ACCOUNTS.admin.username, ACCOUNTS.admin.password);
    await admin.page.goto('/admin/think');
    await admin.page.getByRole('tab', { name: 'Complaints' }).click();
    await admin.page.getByRole('button', { name: `Respond to ${subject}` }).click();
    const respond = admin.page.getByRole('dialog', { name: 'Respond to Submission' });
    await respond.getByRole('button', { name: 'Submit Response' }).click();
    await respond.getByText('Response is required').waitFor();
    await respond.getByLabel(/^Response/).fill('Maintenance replaces it today. Use the hand signal until then.');
    await respond.getByRole('button', { name: 'Submit Response' }).click();
    await app(admin.page).getByText('Response submitted successfully').waitFor();
    const adminRow = admin.page.getByRole('row', { name: new RegExp(subject) });
    await adminRow.getByText('Responded').waitFor();
    await adminRow.getByText('Alex Morgan').waitFor();

    await learner.page.reload();
    await row.getByText('Responded').waitFor();
    await row.getByText('In Progress').waitFor();
    await row.getByRole('button', { name: `View ${subject}` }).click();
    await learner.page
      .getByRole('dialog', { name: 'Submission Details' })
      .getByText('Maintenance replaces it today. Use the hand signal until then.')
      .waitFor();
  });

  it('an admin deactivates a leaver with a reason using only the keyboard: the leaver’s open session and sign-in are refused, then reactivated and back in', async () => {
    const admin = await open();
    const { page } = admin;
    await signIn(admin, ACCOUNTS.admin.username, ACCOUNTS.admin.password);
    await waitForPath(page, '/admin');
    const username = `leaver.${Date.now().toString(36)}`;
    const created = await page.evaluate(async (name) => {
      const res = await fetch('/api/users', {
        method: 'POST',
        headers: { 'X-Requested-With': 'fetch', 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: name, email: `${name}@plant.example`, role: 'USER' }),
      });
      return (await res.json()) as { password: string };
    }, username);

    // The leaver is signed in (on the forced password change) when the admin acts.
    const leaver = await open(VIEWPORTS.phone);
    await signIn(leaver, username, created.password);
    await waitForPath(leaver.page, '/change-password');

    await page.goto('/admin/users');
    await page.getByLabel('Search').fill(username);
    const table = page.getByRole('table', { name: 'Users' });
    const row = table.getByRole('row', { name: new RegExp(username.replace(/\./g, '\\.')) });
    await row.getByText('Active', { exact: true }).waitFor();
    await row.getByRole('button', { name: `Deactivate ${username}` }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Deactivate Users' });
    await dialog.waitFor();
    // The reason field has the focus; an empty reason is refused.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await dialog.getByRole('button', { name: 'Deactivate', exact: true }).focus();
    await page.keyboard.press('Enter');
    await dialog.getByText('A reason is required').waitFor();
    await dialog.getByLabel(/^Reason/).focus();
    await page.keyboard.type('Left the company on 2026-11-20');
    await dialog.getByRole('button', { name: 'Deactivate', exact: true }).focus();
    await page.keyboard.press('Enter');
    await app(page).getByText(`${username} deactivated`).waitFor();
    await dialog.waitFor({ state: 'detached' });
    // Active is the default filter: the leaver leaves the list; Deactivated shows them.
    await row.waitFor({ state: 'detached' });
    await page.getByRole('combobox', { name: /Status/ }).click();
    await page
      .locator('[role="option"]:visible')
      .filter({ hasText: /^Deactivated$/ })
      .first()
      .click();
    await row.getByText('Deactivated', { exact: true }).waitFor();

    // The leaver's open session is refused at the next call, and signing in again too, with the reason.
    await leaver.page.getByLabel('Current (temporary) password').fill(created.password);
    await leaver.page.getByLabel(/^New password/).fill('Leaver#Pass2026');
    await leaver.page.getByLabel(/^Confirm new password/).fill('Leaver#Pass2026');
    await leaver.page.getByRole('button', { name: 'Save new password' }).click();
    await leaver.page.getByText('This account has been deactivated. Contact your administrator.').waitFor();
    await leaver.page.evaluate(() => localStorage.clear());
    await leaver.open('/login');
    await leaver.page.getByLabel('Username').fill(username);
    await leaver.page.getByLabel(/^Password/).fill(created.password);
    await leaver.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await leaver.page.getByText('This account has been deactivated. Contact your administrator.').waitFor();

    // Reactivation (reason optional) restores access.
    await row.getByRole('button', { name: `Reactivate ${username}` }).focus();
    await page.keyboard.press('Enter');
    const again = page.getByRole('dialog', { name: 'Reactivate Users' });
    await again.getByRole('button', { name: 'Reactivate', exact: true }).focus();
    await page.keyboard.press('Enter');
    await app(page).getByText(`${username} reactivated`).waitFor();
    await signIn(leaver, username, created.password);
    await waitForPath(leaver.page, '/change-password');
  });
});
