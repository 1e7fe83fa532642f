import { afterEach, describe, expect, it } from 'vitest';
import { WIDE } from './admin-steps';
import { accessibilityAudit } from './axe';
import { ACCOUNTS, app, openBrowser, signIn, waitForPath, type BrowserSession, keepPicture } from './browser';
import { d1, unique } from './server';

describe("people's work data on screen", () => {
  const sessions: BrowserSession[] = [];
  afterEach(async () => {
    await Promise.all(sessions.splice(0).map((s) => s.close()));
  });

  it('an admin adds a person with department and job title, sees them in the table, edits the job title and opens their training record from the row', async () => {
    const run = unique();
    const username = `dock.${run}`;
    const session = await openBrowser(WIDE);
    sessions.push(session);
    const { page } = session;
    await signIn(session, ACCOUNTS.admin.username, ACCOUNTS.admin.password);
    await waitForPath(page, '/admin');
    await page.goto('/admin/users');

    // Add User: the work fields sit beside the name fields.
    await page.getByRole('button', { name: 'ADD USER' }).click();
    const add = page.getByRole('dialog', { name: 'Add New User' });
    await add.getByLabel('Username').fill(username);
    await add.getByLabel('Email').fill(`${username}@warehouse.example`);
    await add.getByLabel('First Name').fill('Dana');
    await add.getByLabel('Last Name').fill(`Okafor ${run}`);
    // Typed as people paste: an extra space inside, one at the end.
    await add.getByLabel('Department').fill('Goods  In ');
    await add.getByLabel('Job Title').fill('Forklift driver');
    const audit = accessibilityAudit();
    await audit.atBothWidths(page, 'add user dialog with work fields', { within: add });
    await page.setViewportSize({ width: 390, height: 844 });
    await keepPicture(add, 'people-add-390');
    await page.setViewportSize(WIDE);
    await add.getByRole('button', { name: 'Create User' }).click();
    const created = page.getByRole('dialog', { name: 'User Created Successfully' });
    await created.getByRole('button', { name: 'Done' }).click();
    await created.waitFor({ state: 'detached' });

    // The table shows the name, department and job title.
    await page.getByLabel('Search').fill(username);
    const table = page.getByRole('table', { name: 'Users' });
    const row = table.getByRole('row').filter({ hasText: username });
    await expect.poll(() => table.getByRole('row').count(), { timeout: 10_000 }).toBe(2);
    const headers = await table.getByRole('columnheader').allTextContents();
    expect(headers.map((h) => h.trim())).toEqual(expect.arrayContaining(['Name', 'Email', 'Department', 'Job title']));
    await row.getByRole('cell', { name: 'Goods In', exact: true }).waitFor();
    await row.getByRole('cell', { name: 'Forklift driver', exact: true }).waitFor();
    const [stored] = await d1<{ department: string; job_title: string }>(
      `SELECT department, job_title FROM users WHERE username = '${username}'`,
    );
    expect(stored).toEqual({ department: 'Goods In', job_title: 'Forklift driver' });
    await keepPicture(page, 'people-users-1440');

    // Edit User: the job title changes; the department stays.
    await row.getByRole('button', { name: `Edit ${username}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit User' });
    expect(await edit.getByLabel('Department').inputValue()).toBe('Goods In');
    await edit.getByLabel('Job Title').fill('Shift lead');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await edit.waitFor({ state: 'detached' });
    await row.getByRole('cell', { name: 'Shift lead', exact: true }).waitFor();
    await row.getByRole('cell', { name: 'Goods In', exact: true }).waitFor();

    // The name opens the person's training record; no requirement covers them, so it says so.
    await audit.check(page, 'users table with work data');
    await row.getByRole('link', { name: `Training record: Dana Okafor ${run}` }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/admin/compliance/people/'));
    await app(page)
      .getByRole('heading', { level: 1, name: `Dana Okafor ${run}` })
      .waitFor();
    await app(page).getByText('No training yet').waitFor();
    await app(page).getByText('Goods In').first().waitFor();
    await app(page).getByText('Shift lead').first().waitFor();
    await keepPicture(page, 'people-record-1440', { fullPage: true });
    await audit.atBothWidths(page, 'training record of an uncovered person');
    audit.assertClean();

    // The way back leads to the users list, as it was left.
    await app(page).getByRole('link', { name: 'User Management' }).click();
    await waitForPath(page, '/admin/users');
    await page.getByRole('table', { name: 'Users' }).waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await page
      .getByRole('link', { name: `Training record: Dana Okafor ${run}` })
      .last()
      .waitFor();
    await keepPicture(page, 'people-users-390', { fullPage: true });
  });
});
