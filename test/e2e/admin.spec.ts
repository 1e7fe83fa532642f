import { afterEach, describe, expect, it } from 'vitest';
import { choose, WIDE } from './admin-steps';
import { ACCOUNTS, openBrowser, signIn, VIEWPORTS, waitForPath, type BrowserSession } from './browser';
import { apiAs, d1, unique } from './server';

describe('admin', () => {
  let session: BrowserSession | undefined;
  afterEach(async () => {
    await session?.close();
    session = undefined;
  });

  it('an admin signs in and lands on /admin', async () => {
    session = await openBrowser(VIEWPORTS.desktop);
    const { page } = session;
    await signIn(session, ACCOUNTS.admin.username, ACCOUNTS.admin.password);
    await waitForPath(page, '/admin');
    await page.getByText('SafeWork Academy E-Learning Platform - Admin Dashboard').waitFor();
    const nav = page.getByRole('navigation', { name: 'Admin navigation' });
    expect(await nav.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
  });

  it('an admin uses the "New User" quick action and the users page opens its add dialog', async () => {
    session = await openBrowser(VIEWPORTS.desktop);
    const { page } = session;
    await signIn(session, ACCOUNTS.admin.username, ACCOUNTS.admin.password);
    await waitForPath(page, '/admin');
    await page.getByRole('button', { name: 'New User' }).click();
    await waitForPath(page, '/admin/users');
    const dialog = page.getByRole('dialog', { name: 'Add New User' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Prefix rule: Users stays highlighted on its sub-pages; Dashboard only on /admin.
    const nav = page.getByRole('navigation', { name: 'Admin navigation' });
    expect(await nav.getByRole('link', { name: 'Users' }).getAttribute('aria-current')).toBe('page');
    expect(await nav.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBeNull();
  });

  it('an admin on a phone sees the short title and their details in the drawer', async () => {
    session = await openBrowser(VIEWPORTS.phone);
    const { page } = session;
    await signIn(session, ACCOUNTS.admin.username, ACCOUNTS.admin.password);
    await waitForPath(page, '/admin');
    await page.getByRole('banner').getByText('Admin Dashboard', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByRole('dialog', { name: 'Admin navigation' });
    await drawer.getByText('admin@safework.example').waitFor();
    await drawer.getByRole('link', { name: 'Books' }).click();
    await waitForPath(page, '/admin/domains');
    await drawer.waitFor({ state: 'detached' });
  });

  it('an admin holding only some permission flags is offered only the screens those flags open', {
    timeout: 60_000,
  }, async () => {
    const id = unique();
    session = await openBrowser(WIDE);
    let { page } = session;
    await signIn(session, ACCOUNTS.admin.username, ACCOUNTS.admin.password);
    await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Users' }).click();
    await waitForPath(page, '/admin/users');
    // Add User with the Admin role (the shared step adds learners, so the dialog is filled here).
    await page.getByRole('button', { name: 'ADD USER' }).click();
    const add = page.getByRole('dialog', { name: 'Add New User' });
    await add.getByLabel('Username').fill(`reports${id}`);
    await add.getByLabel('Email').fill(`reports${id}@safework.example`);
    await add.getByLabel('First Name').fill('Rae');
    await add.getByLabel('Last Name').fill(`Reports ${id}`);
    await choose(page, add, /^Role/, 'Admin');
    await add.getByRole('button', { name: 'Create User' }).click();
    const shown = page.getByRole('dialog', { name: 'User Created Successfully' });
    const password = ((await shown.getByTestId('generated-password').textContent()) ?? '').trim();
    expect(password.length).toBeGreaterThanOrEqual(8);
    await session.close();
    const [created] = await d1<{ id: string; role: string }>(
      `SELECT id, role FROM users WHERE username = 'reports${id}'`,
    );
    expect(created?.role).toBe('ADMIN');
    // No screen sets another admin's flags (Add User has none; the profile's Admin Permissions tab is
    // the admin's own and cannot drop User Management): the flags are set through the API.
    const manager = await apiAs(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
    await manager.request(`/users/${created!.id}`, {
      method: 'PUT',
      body: {
        permissions: {
          moduleManagement: true,
          userManagement: false,
          domainConfiguration: false,
          reportGeneration: true,
          aiContentGeneration: false,
          systemConfiguration: false,
        },
      },
    });

    session = await openBrowser(WIDE);
    page = session.page;
    await signIn(session, `reports${id}`, password);
    await waitForPath(page, '/change-password');
    await page.getByLabel(/^Current \(temporary\) password/).fill(password);
    await page.getByLabel(/^New password/).fill('Gr8!Reports2026');
    await page.getByLabel(/^Confirm new password/).fill('Gr8!Reports2026');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await waitForPath(page, '/admin');

    // Module Management and Report Generation: content and compliance, nothing of people, books or system.
    const nav = page.getByRole('navigation', { name: 'Admin navigation' });
    await nav.getByRole('link', { name: 'Compliance' }).waitFor();
    const entries = (await nav.getByRole('link').allTextContents()).map((text) => text.trim());
    expect(entries).toEqual([
      'Dashboard',
      'Compliance',
      'Chapter/Modules',
      'Materials',
      'Evaluation templates',
      'Classroom sessions',
      'Talk topics',
      'Evaluate',
      'Toolbox talks',
      'Statecharts',
    ]);
    const actions = page.getByText('Quick Actions').locator('..');
    await actions.getByRole('button', { name: 'Upload Material' }).waitFor();
    expect(await actions.getByRole('button', { name: 'New User' }).count()).toBe(0);
    // The dashboard's cards link only where this admin may go (courses yes, users and books no).
    await page.getByRole('link', { name: 'Manage Courses' }).waitFor();
    expect(await page.getByRole('link', { name: 'View Users' }).count()).toBe(0);

    // Every entry offered opens without a refusal: the matrix loads for this admin.
    await nav.getByRole('link', { name: 'Compliance' }).click();
    await waitForPath(page, '/admin/compliance');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByText(/needs the .* permission/).count()).toBe(0);
  });
});
