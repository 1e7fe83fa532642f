import { afterEach, describe, expect, it } from 'vitest';
import { accessibilityAudit } from './axe';
import { ACCOUNTS, app, openBrowser, VIEWPORTS, waitForPath, type BrowserSession } from './browser';
import { apiAs, d1, unique } from './server';

/** An account made by an admin, as a new employee would receive it (temporary password). */
async function newEmployee() {
  const admin = await apiAs(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
  const id = unique();
  const username = `e2e${id}`;
  const email = `${username}@example.com`;
  const created = await admin.request<{ password: string }>('/users', {
    method: 'POST',
    body: { username, email, role: 'USER', firstName: 'Eve', lastName: 'Tester' },
  });
  return { username, email, temporaryPassword: created.password };
}

async function fillLogin(session: BrowserSession, username: string, password: string) {
  await session.open('/login');
  await session.page.getByLabel('Username').fill(username);
  await session.page.getByLabel(/^Password/).fill(password);
  await session.page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

describe('account', () => {
  let session: BrowserSession | undefined;
  afterEach(async () => {
    await session?.close();
    session = undefined;
  });

  it('a new employee must replace the temporary password before anything else', async () => {
    const employee = await newEmployee();
    session = await openBrowser(VIEWPORTS.phone);
    const { page } = session;
    await fillLogin(session, employee.username, employee.temporaryPassword);
    await waitForPath(page, '/change-password');

    // Every other route is held until the change.
    await session.open('/my-courses');
    await waitForPath(page, '/change-password');

    await page.getByLabel(/^Current \(temporary\) password/).fill(employee.temporaryPassword);
    await page.getByLabel(/^New password/).fill('short');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText('Password must be at least 8 characters').waitFor();
    await page.getByText('Please confirm your password').waitFor();

    await page.getByLabel(/^New password/).fill('Gr8!Forklifts');
    await page.getByLabel(/^Confirm new password/).fill('Gr8!Forklifts');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await waitForPath(page, '/dashboard');

    // The saved user no longer must change the password, the fresh cookie the change set survives a
    // reload, and the new password works.
    const stored = await page.evaluate(
      () => JSON.parse(localStorage.getItem('user') ?? '{}') as { mustChangePassword?: boolean },
    );
    expect(stored.mustChangePassword).toBe(false);
    await page.reload();
    await waitForPath(page, '/dashboard');
    const again = await apiAs(employee.username, 'Gr8!Forklifts');
    expect(again.token).toBeTruthy();
  });

  it('a learner who forgot the password resets it from the emailed link and signs in with the new one', async () => {
    const employee = await newEmployee();
    session = await openBrowser(VIEWPORTS.desktop);
    const { page } = session;

    await session.open('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await waitForPath(page, '/forgot-password');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('Email is required').waitFor();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('Please enter a valid email address').waitFor();
    await page.getByLabel('Email').fill(employee.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await app(page)
      .getByText("If your email exists in our system, we've sent a password reset link. Please check your inbox.")
      .waitFor();

    const [mail] = await d1<{ body_text: string }>(
      `SELECT body_text FROM mail_outbox WHERE to_address = '${employee.email}' ORDER BY created_at DESC LIMIT 1`,
    );
    const link = mail?.body_text.match(/\/reset-password\?token=[\w-]+/)?.[0];
    expect(link).toBeTruthy();

    await session.open(link!);
    await page.getByLabel(/^New password/).fill('Lockout#Tagout9');
    await page.getByLabel(/^Confirm new password/).fill('Lockout#Tagout8');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Passwords do not match').waitFor();
    const audit = accessibilityAudit();
    await audit.atBothWidths(page, 'reset password with a valid link, errors shown');
    audit.assertClean();
    await page.getByLabel(/^Confirm new password/).fill('Lockout#Tagout9');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await app(page)
      .getByText(/reset successfully/)
      .waitFor();
    // After a successful reset the page returns to /login after 3 s.
    await waitForPath(page, '/login');

    await fillLogin(session, employee.username, 'Lockout#Tagout9');
    await page.waitForURL((url) => url.pathname !== '/login');
    expect(['/change-password', '/dashboard']).toContain(new URL(page.url()).pathname);

    // The link is single-use: opening it again shows the invalid-link message.
    await session.open(link!);
    await page.getByText('Invalid or expired password reset link. Please request a new one.').waitFor();
  });
});
