import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { WIDE } from './admin-steps';
import { expectAccessible } from './axe';
import { ACCOUNTS, openBrowser, signIn, VIEWPORTS, waitForPath, type BrowserSession, keepPicture } from './browser';
import { d1, unique } from './server';

/** A PNG of the screen in E2E_SCREENSHOTS=<dir>, when set (browser.ts keepPicture). */
const snap = (page: Page, name: string) => keepPicture(page, name, { fullPage: true });

describe('evaluation templates', () => {
  let session: BrowserSession | undefined;
  afterEach(async () => {
    await session?.close();
    session = undefined;
  });

  it('an admin creates a 3-item template, publishes it, edits it into version 2 while version 1 stays read-only', {
    timeout: 90_000,
  }, async () => {
    const name = `Reach truck check ${unique()}`;
    session = await openBrowser(WIDE);
    const { page } = session;
    await signIn(session, ACCOUNTS.admin.username, ACCOUNTS.admin.password);

    // From the admin navigation, next to the course content.
    await page.getByRole('link', { name: 'Evaluation templates' }).first().click();
    await waitForPath(page, '/admin/evaluation-templates');
    await page.getByRole('heading', { name: 'Evaluation templates', level: 1 }).waitFor();
    await expectAccessible(page, 'template list');
    await page.getByRole('button', { name: 'New template' }).click();
    await waitForPath(page, '/admin/evaluation-templates/new');

    await page.getByRole('textbox', { name: /^Name/ }).fill(name);
    await page.getByLabel(/^A pass authorises/).fill(`Powered industrial truck — reach truck (${name})`);
    await page.getByLabel('Item 1', { exact: true }).fill('Pre-use inspection done');
    // The box is named for its item ("Item 1 is critical ..."); a person clicks its visible "Critical" label.
    await page.getByText('Critical', { exact: true }).first().click();
    await page.waitForFunction(
      () => document.querySelector<HTMLInputElement>('input[type=checkbox]')?.checked === true,
    );
    await page.getByRole('button', { name: 'Add item' }).click();
    await page.getByLabel('Item 2', { exact: true }).fill('Parks with forks lowered');
    await page.getByRole('button', { name: 'Add item' }).click();
    await page.getByLabel('Item 3', { exact: true }).fill('Horn at blind corners');
    // Reorder by keyboard: item 3 moves up to second place.
    await page.getByRole('button', { name: 'Move item 3 up' }).focus();
    await page.keyboard.press('Enter');
    expect(await page.getByLabel('Item 2', { exact: true }).inputValue()).toBe('Horn at blind corners');
    await expectAccessible(page, 'template editor (new)');
    await snap(page, 'template-editor-new-1440');

    await page.getByRole('button', { name: 'Save and publish' }).click();
    await page.getByText('Version 1 published').first().waitFor();
    await page.waitForURL((url) => /^\/admin\/evaluation-templates\/[0-9a-f-]{36}$/.test(url.pathname));
    const v1Path = new URL(page.url()).pathname;
    await page.getByText('This version is published and read-only').waitFor();
    expect(await page.getByRole('textbox', { name: /^Name/ }).getAttribute('readonly')).not.toBeNull();

    // Editing the published version drafts version 2.
    await page.getByRole('button', { name: 'Edit as version 2' }).click();
    await page.getByLabel('Item 3', { exact: true }).fill('Parks with forks lowered and brake set');
    // Version 2 asks evaluators for an approved credential (the demo data's credential type).
    await page.getByRole('combobox', { name: /^Evaluator must hold/ }).click();
    await page.getByRole('option', { name: 'An approved credential' }).click();
    await page.getByRole('combobox', { name: /^Credential type/ }).click();
    await page.getByRole('option', { name: 'First aid certificate', exact: true }).click();
    await page.getByRole('button', { name: 'Save as version 2' }).click();
    await page.getByText('Version 2 drafted').first().waitFor();
    await page.waitForURL((url) => url.pathname !== v1Path && url.pathname.startsWith('/admin/evaluation-templates/'));
    await page.getByRole('link', { name: /Version 1 · published/ }).waitFor();
    await snap(page, 'template-editor-v2-1440');

    // Version 1 is unchanged and read-only.
    await page.getByRole('link', { name: /Version 1 · published/ }).click();
    await waitForPath(page, v1Path);
    await page.getByText('Evaluators use this version until version 2, drafted from it, is published.').waitFor();
    expect(await page.getByLabel('Item 3', { exact: true }).inputValue()).toBe('Parks with forks lowered');
    expect(await page.getByRole('button', { name: /Edit as version/ }).count()).toBe(0);
    await page.setViewportSize(VIEWPORTS.phone);
    await expectAccessible(page, 'earlier version, read-only (phone)');
    await snap(page, 'template-editor-v1-390');
    await page.setViewportSize(WIDE);

    const rows = await d1<{ version: number; status: string; kind: string | null; type: string | null }>(
      `SELECT t.version, t.status, t.evaluator_qualification_kind AS kind, c.name AS type
       FROM evaluation_templates t LEFT JOIN credential_types c ON c.id = t.evaluator_qualification_id
       WHERE t.name = '${name.replace(/'/g, "''")}' ORDER BY t.version`,
    );
    expect(rows).toEqual([
      { version: 1, status: 'PUBLISHED', kind: null, type: null },
      { version: 2, status: 'DRAFT', kind: 'credential', type: 'First aid certificate' },
    ]);

    // The list shows the template once, as its newest version; on a phone too.
    await page.getByRole('link', { name: 'Evaluation templates' }).first().click();
    await page.getByRole('link', { name }).first().waitFor();
    await page.setViewportSize(VIEWPORTS.phone);
    await page.getByRole('link', { name }).first().waitFor();
    await expectAccessible(page, 'template list (phone)');
    await snap(page, 'template-list-390');
  });
});
