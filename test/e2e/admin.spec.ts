import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNTS, openBrowser, signIn, VIEWPORTS, waitForPath, type BrowserSession } from './browser';

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
});
