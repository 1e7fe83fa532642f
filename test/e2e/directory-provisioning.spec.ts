import { afterEach, describe, expect, it } from 'vitest';
import { WIDE } from './admin-steps';
import { accessibilityAudit } from './axe';
import { ACCOUNTS, openBrowser, signIn, tabTo, waitForPath, type BrowserSession } from './browser';
import { d1, unique } from './server';

// Issue 32: an administrator connects the company directory on screen (a SCIM connection), copies
// the token shown once, the directory creates a person with it; the administrator rotates the
// token and the old one is refused at once.

describe('directory provisioning', () => {
  const sessions: BrowserSession[] = [];
  afterEach(async () => {
    await Promise.all(sessions.splice(0).map((s) => s.close()));
  });

  it('creates a connection, the copied token provisions a person, a rotation ends the old token', async () => {
    const run = unique();
    const name = `Contoso Entra ID ${run}`;
    const session = await openBrowser(WIDE);
    sessions.push(session);
    const { page, context, baseURL } = session;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    const audit = accessibilityAudit();
    await signIn(session, ACCOUNTS.admin.username, ACCOUNTS.admin.password);
    await waitForPath(page, '/admin');

    await page.getByRole('link', { name: 'Directory provisioning' }).first().click();
    await waitForPath(page, '/admin/directory-provisioning');
    const baseUrl = (await page.getByTestId('scim-base-url').textContent())!.trim();
    expect(baseUrl).toMatch(/\/scim\/v2$/);

    // Keyboard: Tab to "New connection", Enter opens the form.
    await tabTo(page, page.getByRole('button', { name: 'New connection' }));
    await page.keyboard.press('Enter');
    const add = page.getByRole('dialog', { name: 'New directory connection' });
    await add.getByLabel('Connection name').fill(name);
    await add.getByRole('button', { name: 'Create connection' }).click();

    const shown = page.getByRole('dialog', { name: `Token for ${name}` });
    await shown.getByText('Shown once').waitFor();
    await audit.check(page, 'token shown once', { within: shown });
    await shown.getByRole('button', { name: 'Copy token' }).click();
    await shown.getByRole('button', { name: 'Copied' }).waitFor();
    const token = await page.evaluate(() => navigator.clipboard.readText());
    expect(token).toBe((await shown.getByTestId('scim-token').textContent())!.trim());
    await shown.getByRole('button', { name: 'Done' }).click();

    // The directory provisions a person with the copied token.
    const scim = (method: string, path: string, bearer: string, body?: unknown) =>
      fetch(`${baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/scim+json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const created = await scim('POST', '/Users', token, {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: `mara.${run}@contoso.test`,
      name: { givenName: 'Mara', familyName: 'Okafor' },
      emails: [{ primary: true, type: 'work', value: `mara.${run}@contoso.test` }],
      title: 'Crane operator',
      active: true,
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const [person] = await d1<{ job_title: string; deactivated_at: string | null }>(
      `SELECT job_title, deactivated_at FROM users WHERE username = 'mara.${run}@contoso.test'`,
    );
    expect(person).toEqual({ job_title: 'Crane operator', deactivated_at: null });

    // The list shows the connection as used; both widths are clean.
    const row = page.getByRole('row').filter({ hasText: name });
    await row.waitFor();
    await page.reload();
    await page.getByRole('row').filter({ hasText: name }).filter({ hasNotText: 'Never' }).waitFor();
    await audit.atBothWidths(page, 'directory provisioning');

    // Rotate: the old token is refused from now on, the new one works.
    await page.getByRole('button', { name: `Rotate the token of ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Rotate token' });
    await confirm.getByRole('button', { name: 'Rotate token' }).click();
    const again = page.getByRole('dialog', { name: `Token for ${name}` });
    const rotated = (await again.getByTestId('scim-token').textContent())!.trim();
    expect(rotated).not.toBe(token);
    await again.getByRole('button', { name: 'Done' }).click();
    expect((await scim('GET', '/Users?startIndex=1&count=2', token)).status).toBe(401);
    expect((await scim('GET', '/Users?startIndex=1&count=2', rotated)).status).toBe(200);
    audit.assertClean();
  }, 40_000);
});
