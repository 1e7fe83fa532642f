import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { addEvidenceRequirement, matrixCell, WIDE } from './admin-steps';
import { expectAccessible, resize } from './axe';
import { ACCOUNTS, openBrowser, signIn, VIEWPORTS, type BrowserSession } from './browser';
import { apiAs, d1, newLearner, unique } from './server';

/*
 * An evaluator on a warehouse floor without a signal, on a phone: the whole evaluation is done
 * offline (Chromium's offline emulation), the page is reloaded once without a signal and keeps
 * everything, and when the connection returns the signed record reaches the server exactly once
 * with its photos; the trainee acknowledges on the same phone, the compliance matrix turns the
 * trainee compliant on a requirement needing that evaluation, and the authorisation's verification
 * page opens from the record.
 */

const ITEMS = 15;

/** Takes the device's copy of the signing key out of IndexedDB, or puts it back. */
function cachedSigningKey(page: BrowserSession['page'], action: 'take' | 'put', kept?: unknown): Promise<unknown> {
  return page.evaluate(
    ({ action, kept }) =>
      new Promise<unknown>((resolve, reject) => {
        const open = indexedDB.open('ehs-evaluations');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const database = open.result;
          const store = database.transaction('cache', 'readwrite').objectStore('cache');
          const entry = kept as { key: IDBValidKey; value: unknown } | undefined;
          if (action === 'put' && entry) {
            store.put(entry.value, entry.key).onsuccess = () => resolve(null);
            return;
          }
          const cursor = store.openCursor();
          cursor.onsuccess = () => {
            const at = cursor.result;
            if (!at) return resolve(null);
            if (String(at.key).startsWith('signing-key:')) {
              const taken = { key: at.key, value: at.value };
              at.delete().onsuccess = () => resolve(taken);
              return;
            }
            at.continue();
          };
        };
      }),
    { action, kept },
  );
}

/** Everything in the evaluator's IndexedDB database (every store, every record), as JSON text. */
function deviceDatabase(page: BrowserSession['page']): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('ehs-evaluations');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const database = open.result;
          const names = Array.from(database.objectStoreNames);
          const tx = database.transaction(names, 'readonly');
          const dump: Record<string, unknown[]> = {};
          for (const name of names) {
            const request = tx.objectStore(name).getAll();
            request.onsuccess = () => {
              dump[name] = request.result;
            };
          }
          tx.oncomplete = () => {
            database.close();
            resolve(JSON.stringify(dump));
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
  );
}
const PHOTO = new URL('../../web/public/default-course-icon.png', import.meta.url);

/**
 * A published checklist for the journey that starts after it (the one above publishes its own on
 * the template screen): arranged through the admin API. No evaluator qualification: administrators
 * evaluate with it.
 */
async function publishedTemplate(name: string): Promise<{ id: string; items: { id: string }[] }> {
  const admin = await apiAs(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
  const created = await admin.request<{ template: { id: string; items: { id: string }[] } }>(
    '/v2/admin/evaluation-templates',
    {
      body: {
        name,
        grants: `Reach truck ${name}`,
        validityDays: 1095,
        evaluatorQualification: null,
        items: Array.from({ length: ITEMS }, (_, i) => ({ text: `${name} item ${i + 1}`, critical: i < 2 })),
      },
    },
  );
  await admin.request(`/v2/admin/evaluation-templates/${created.template.id}/publish`, { method: 'POST' });
  return created.template;
}

describe('an evaluation on the floor without a signal', () => {
  let session: BrowserSession | undefined;
  afterEach(async () => {
    await session?.close();
    session = undefined;
  });

  it('is completed offline with two photos, survives a reload, comes back when the password was wrong, arrives once, and is acknowledged by the trainee', async () => {
    const name = `Reach truck ${unique()}`;
    const admin = await apiAs(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
    const trainee = await newLearner(admin, ['Fire Safety']);
    // The trainee's department of this run, so the requirement below covers them alone (entering
    // work data on the Users screen is another journey's).
    const department = `Warehouse ${unique()}`;
    await admin.request(`/users/${trainee.id}`, { method: 'PUT', body: { department } });

    session = await openBrowser(VIEWPORTS.phone);
    const { page, context } = session;
    await signIn(session, ACCOUNTS.admin.username, ACCOUNTS.admin.password);
    // The administrator publishes the 15-item checklist on the template screen (no evaluator
    // qualification: administrators evaluate with it, so they are the evaluator here too).
    await session.open('/admin/evaluation-templates/new');
    await page.getByRole('textbox', { name: /^Name/ }).fill(name);
    await page.getByLabel(/^A pass authorises/).fill(`Reach truck (${name})`);
    for (let i = 1; i <= ITEMS; i++) {
      if (i > 1) await page.getByRole('button', { name: 'Add item' }).click();
      await page.getByLabel(`Item ${i}`, { exact: true }).fill(`${name} item ${i}`);
    }
    await page.getByRole('button', { name: 'Save and publish' }).click();
    await page.getByText('Version 1 published').first().waitFor();
    // The department's requirement needs this evaluation (no course): the trainee is pending.
    await session.open('/admin/compliance');
    await page.setViewportSize(WIDE);
    await addEvidenceRequirement(page, { book: 'Fire Safety', department, evaluations: [name] });
    await (await matrixCell(page, department, 'Robin Keys', name)).getByText('Pending').waitFor();
    await page.setViewportSize(VIEWPORTS.phone);
    await session.open('/evaluate');

    // With a signal: the checklist and the trainee are chosen (both are kept on the device).
    await page.locator('label', { hasText: name }).click();
    expect(await page.getByRole('radio', { name: new RegExp(name) }).isChecked()).toBe(true);
    await page.getByLabel('Search people').fill(trainee.username);
    await page.locator('label', { hasText: trainee.username }).click();
    await page.getByRole('button', { name: 'Start evaluation' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/evaluate/'));
    const id = new URL(page.url()).pathname.split('/').pop()!;
    const items = page.getByTestId('evaluation-item');
    await items.nth(ITEMS - 1).waitFor();
    expect(await items.count()).toBe(ITEMS);
    // The app's files are in the service worker's cache before the signal goes.
    await expect
      .poll(
        () =>
          page.evaluate(async (path) => {
            const cache = await caches.open('app-shell-v1');
            return Boolean((await cache.match(path)) && navigator.serviceWorker.controller);
          }, `/evaluate/${id}`),
        { timeout: 15_000 },
      )
      .toBe(true);

    await context.setOffline(true);
    await page.getByText('You are offline').waitFor();
    for (let i = 0; i < 8; i++) await items.nth(i).getByText('Pass', { exact: true }).click();
    await items
      .nth(2)
      .getByRole('button', { name: /Add note/ })
      .click();
    await page.getByLabel('Note on item 3').fill('Checked both forks for cracks');
    const photo = await readFile(PHOTO);
    await page.getByTestId('photo-file').setInputFiles([
      { name: 'forks.png', mimeType: 'image/png', buffer: photo },
      { name: 'mast.png', mimeType: 'image/png', buffer: photo },
    ]);
    await page.getByRole('heading', { name: 'Photos (2 of 10)' }).waitFor();
    await page.getByRole('img', { name: 'Photo 2' }).waitFor();

    // A reload without a signal: the page comes from the device and so does the evaluation.
    await page.reload();
    await items.nth(ITEMS - 1).waitFor();
    expect(await items.nth(7).getByRole('radio', { name: 'Pass' }).isChecked()).toBe(true);
    expect(await items.nth(8).getByRole('radio', { name: 'Pass' }).isChecked()).toBe(false);
    expect(await page.getByLabel('Note on item 3').inputValue()).toBe('Checked both forks for cracks');
    await page.getByRole('heading', { name: 'Photos (2 of 10)' }).waitFor();

    for (let i = 8; i < ITEMS; i++)
      await items
        .nth(i)
        .getByText(i === ITEMS - 1 ? 'N/A' : 'Pass', { exact: true })
        .click();
    await page.getByLabel('Overall note').fill('Smooth and safe operation');
    expect(await page.getByTestId('implied-outcome').textContent()).toBe('Competent');
    await page
      .getByTestId('signature-meaning')
      .getByText(/found them competent/)
      .waitFor();
    await expectAccessible(page, 'evaluation form, offline, 390 px');
    // A device that never kept the server's signing key (it comes with the checklists) cannot seal a
    // signature offline, and says so rather than keeping the password.
    const key = await cachedSigningKey(page, 'take');
    await page.getByLabel('Your password').fill('not-my-password');
    await page.getByRole('button', { name: 'Sign evaluation' }).click();
    await page.getByText(/does not have the signing key yet/).waitFor();
    await cachedSigningKey(page, 'put', key);
    // A mistyped password cannot be checked without a signal: it is found out when the record is sent.
    await page.getByRole('button', { name: 'Sign evaluation' }).click();

    // Signed without a signal: it waits on the device, and nothing has reached the server. (Chromium
    // reports navigator.onLine as true on a page reloaded under offline emulation, so the page learns
    // of the lost signal from its failed send and retries with backoff, as on a network without internet.)
    await page
      .getByTestId('evaluation-status')
      .getByText(/kept on this device/i)
      .waitFor();
    // The signed record waits with its password sealed to the server's key, never in clear: every
    // store of the device's database, read as a script on the page could, holds no trace of it.
    const device = await deviceDatabase(page);
    expect(device).not.toContain('not-my-password');
    expect(device).not.toContain(btoa('not-my-password').replace(/=+$/, ''));
    expect(device).toMatch(/"envelope":\{"keyId":"[0-9a-f-]{36}","wrappedKey":"[\w-]{500,}"/);
    await page.getByRole('link', { name: 'All evaluations' }).click();
    await page.getByTestId('outbox-title').getByText('Waiting to send (1)').waitFor();
    await page
      .getByRole('link', { name: new RegExp(name) })
      .getByText('Waiting to send')
      .waitFor();
    expect(await d1(`SELECT id FROM evaluations WHERE id = '${id}'`)).toHaveLength(0);
    await page.getByRole('link', { name: new RegExp(name) }).click();

    // The signal returns: the server refuses the signature, and the evaluation comes back to the
    // evaluator with the reason, answers kept, nothing stored. Signed again, it is sent once, then its photos.
    await context.setOffline(false);
    await page
      .getByRole('alert')
      .getByText(/Your password is incorrect/)
      .waitFor({ timeout: 30_000 });
    expect(await d1(`SELECT id FROM evaluations WHERE id = '${id}'`)).toHaveLength(0);
    expect(await items.nth(7).getByRole('radio', { name: 'Pass' }).isChecked()).toBe(true);
    await page.getByLabel('Your password').fill(ACCOUNTS.admin.password);
    await page.getByRole('button', { name: 'Sign evaluation' }).click();
    await page.getByRole('heading', { name: /Acknowledgement by/ }).waitFor({ timeout: 30_000 });
    const rows = await d1<{ outcome: string; photo_count: number }>(
      `SELECT outcome, photo_count FROM evaluations WHERE id = '${id}'`,
    );
    expect(rows).toEqual([{ outcome: 'COMPETENT', photo_count: 2 }]);
    expect(await d1(`SELECT id FROM evaluation_photos WHERE evaluation_id = '${id}'`)).toHaveLength(2);
    expect(await d1(`SELECT id FROM evaluations WHERE trainee_id = '${trainee.id}'`)).toHaveLength(1);

    // The trainee takes the phone and acknowledges with their own password.
    await page.getByLabel("Trainee's username").fill(trainee.username);
    await page.getByLabel("Trainee's password").fill(trainee.password);
    await page.getByRole('button', { name: 'Acknowledge', exact: true }).click();
    await page
      .getByTestId('record-acknowledgement')
      .getByText(/with their password/)
      .waitFor();
    const [ack] = await d1<{ acknowledgement_method: string }>(
      `SELECT acknowledgement_method FROM evaluations WHERE id = '${id}'`,
    );
    expect(ack?.acknowledgement_method).toBe('password');
    // Both photos came from the device to the server and are shown from it (signed links).
    const stored = page.getByTestId('evaluation-record').getByRole('img', { name: 'Photo 2' });
    await stored.waitFor();
    await expect
      .poll(() => stored.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await expectAccessible(page, 'acknowledged evaluation, 390 px');

    // The authorisation's verification page opens from the record's link.
    const link = page.getByRole('link', { name: /^Verify AUT-\d{4}-/ });
    const number = (await link.textContent())!.replace('Verify ', '').trim();
    const [verification] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await verification.waitForLoadState();
    expect(new URL(verification.url()).pathname).toBe(`/authorisation/verify/${number}`);
    await verification.getByText(number).first().waitFor();

    // Back in the office, the matrix counts the authorisation: the trainee is compliant, by its number.
    await verification.close();
    await page.setViewportSize(WIDE);
    await session.open(`/admin/compliance?department=${encodeURIComponent(department)}`);
    const cell = await matrixCell(page, department, 'Robin Keys', name);
    await cell.getByText('Compliant').waitFor();
    await cell.getByText(number, { exact: false }).waitFor();
  });

  it('the trainee acknowledges later from their own account, under Evaluations to acknowledge', async () => {
    const name = `Reach truck ${unique()}`;
    const template = await publishedTemplate(name);
    const admin = await apiAs(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
    const trainee = await newLearner(admin, ['Fire Safety']);
    // The evaluation an evaluator signed on their phone (the journey above does that on screen).
    const id = crypto.randomUUID();
    await admin.request('/v2/evaluations', {
      body: {
        id,
        templateId: template.id,
        traineeId: trainee.id,
        items: template.items.map((item) => ({ itemId: item.id, result: 'PASS' })),
        outcome: 'COMPETENT',
        conductedAt: new Date().toISOString(),
        photoCount: 0,
        password: ACCOUNTS.admin.password,
      },
    });

    session = await openBrowser({ width: 1440, height: 900 });
    const { page } = session;
    await signIn(session, trainee.username, trainee.password);
    await page.getByRole('link', { name: 'My Evaluations' }).click();
    const pending = page.getByRole('region', { name: 'Evaluations to acknowledge (1)' });
    await pending.getByText(name).waitFor();
    await expectAccessible(page, 'my evaluations, 1440 px');
    await resize(page, VIEWPORTS.phone);
    await expectAccessible(page, 'my evaluations, 390 px');

    await pending.getByRole('button', { name: `Acknowledge ${name}` }).click();
    await page.getByRole('region', { name: 'Acknowledged' }).getByText(name).waitFor();
    expect(await pending.count()).toBe(0);
    await page.getByRole('link', { name }).click();
    await page
      .getByTestId('record-acknowledgement')
      .getByText(/from their account/)
      .waitFor();
    await page.getByRole('link', { name: /^Verify AUT-\d{4}-/ }).waitFor();
    const [row] = await d1<{ acknowledgement_method: string }>(
      `SELECT acknowledgement_method FROM evaluations WHERE id = '${id}'`,
    );
    expect(row?.acknowledgement_method).toBe('account');
  });
});
