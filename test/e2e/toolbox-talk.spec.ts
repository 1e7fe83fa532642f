import { afterEach, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe';
import { ACCOUNTS, openBrowser, signIn, VIEWPORTS, type BrowserSession } from './browser';
import { scanQr } from './qr-scan';
import { apiAs, d1, newLearner, unique } from './server';
import type { Page } from 'playwright-core';

/*
 * Issue 29's toolbox talk, through the screens: an administrator adds a topic with a PDF handout to
 * the library and makes a person a foreman on the Users screen (1280 px); the foreman, on a phone
 * (390 px), runs a talk for three people: one draws a signature, the signal drops, one signs with
 * the typed name (the keyboard alternative to drawing), the foreman signs for the third with the
 * reason, and signs the talk off while still offline; a fourth, Dee, signs on her own phone from the
 * QR the offline device shows. It waits on the device; when the signal is back it reaches the server
 * once, with both names on the line signed on someone's behalf and Dee's line signed "account".
 */

/** A short, real PDF (the server checks its first bytes). */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** Draws a stroke across a signature pad with the mouse, as a finger would. */
async function draw(page: Page, testId: string) {
  const pad = page.getByTestId(testId);
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 6; i++) await page.mouse.move(box.x + 20 + i * 40, box.y + box.height / 2 + (i % 2 ? -20 : 20));
  await page.mouse.up();
}

describe('a toolbox talk on a phone', () => {
  let session: BrowserSession | undefined;
  afterEach(async () => {
    await session?.close();
    session = undefined;
  });

  it('is set up by an admin, signed by three people on the device and one on her own phone by QR, with the connection dropped once, and stored once', async () => {
    const admin = await apiAs(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
    const run = unique();
    const topicTitle = `Ladder safety ${run}`;
    // People of this run only (the crew and the foreman), named so the sheet tells them apart.
    const people = [];
    for (const [firstName, lastName] of [
      ['Fran', `Foreman${run}`],
      ['Ana', `Crew${run}`],
      ['Ben', `Crew${run}`],
      ['Cy', `Crew${run}`],
      ['Dee', `Crew${run}`],
    ]) {
      const person = await newLearner(admin, ['Fire Safety']);
      await admin.request(`/users/${person.id}`, { method: 'PUT', body: { firstName, lastName } });
      people.push({ ...person, name: `${firstName} ${lastName}` });
    }
    const [foreman, ana, ben, cy, dee] = people as [(typeof people)[number], ...typeof people];

    // The administrator at 1280 px: a topic with its PDF handout, then the foreman capability.
    session = await openBrowser(VIEWPORTS.desktop);
    let page = session.page;
    await signIn(session, ACCOUNTS.admin.username, ACCOUNTS.admin.password);
    await session.open('/admin/talk-topics');
    await page.getByRole('button', { name: 'New topic' }).click();
    const dialog = page.getByRole('dialog', { name: 'New talk topic' });
    await dialog.getByLabel(/^Title/).fill(topicTitle);
    await dialog.getByLabel(/^Text the foreman reads out/).fill('Three points of contact.\nFace the ladder.');
    await dialog.getByText('Spanish', { exact: false }).first().click();
    await dialog
      .locator('#talk-topic-pdf')
      .setInputFiles({ name: 'ladders.pdf', mimeType: 'application/pdf', buffer: PDF });
    await dialog.getByRole('button', { name: 'Save topic' }).click();
    await page.getByRole('link', { name: `View the PDF of ${topicTitle}` }).waitFor();
    await session.open(`/admin/users`);
    await page.getByLabel('Search').first().fill(foreman.username);
    await page.getByRole('button', { name: `Edit ${foreman.username}` }).click();
    const edit = page.getByRole('dialog', { name: /Edit/ });
    await edit.getByText('Leads toolbox talks (foreman)').click();
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await edit.waitFor({ state: 'hidden' });
    await session.close();

    // The foreman on a phone.
    session = await openBrowser(VIEWPORTS.phone);
    page = session.page;
    const talkPosts: number[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (response.request().method() === 'POST' && url.pathname === '/api/v2/talks') talkPosts.push(response.status());
    });
    await signIn(session, foreman.username, foreman.password);
    await session.open('/talks/new');
    await page.locator('label', { hasText: topicTitle }).click();
    await page.getByRole('button', { name: 'Start the talk' }).click();
    await page.getByTestId('signed-count').getByText('0 of 0 signed').waitFor();
    for (const person of [ana, ben, cy]) {
      await page.getByLabel('Search people').fill(person!.username);
      await page.getByRole('button', { name: person!.name }).click();
      await page.getByRole('button', { name: new RegExp(`${person!.name} \\(on the sheet\\)`) }).waitFor();
    }
    await page.getByTestId('signed-count').getByText('0 of 3 signed').waitFor();

    // Ana draws her signature.
    await page.getByRole('button', { name: `Sign: ${ana!.name}` }).click();
    await draw(page, 'attendee-signature');
    await page.getByRole('button', { name: 'Save signature' }).click();
    await page.getByTestId('signed-count').getByText('1 of 3 signed').waitFor();

    // The signal drops; the talk goes on. Ben signs with his typed name, by keyboard only.
    await session.context.setOffline(true);
    await page.getByText('No connection').first().waitFor();
    // Dee, not on the device's sheet, scans the QR the offline device shows and confirms on her phone (keyboard).
    await page.getByRole('button', { name: 'Show the code' }).click();
    const signUrl = await scanQr(page.getByRole('img', { name: `Code to sign ${topicTitle} on your own phone` }));
    const phone = await openBrowser(VIEWPORTS.phone);
    try {
      await signIn(phone, dee!.username, dee!.password);
      await phone.page.goto(signUrl);
      await phone.page.getByRole('button', { name: 'I attended this talk' }).focus();
      await phone.page.keyboard.press('Enter');
      await phone.page.getByTestId('talk-sign-status').getByText('Signed', { exact: true }).waitFor();
      await expectAccessible(phone.page, 'own-phone confirm, 390 px');
    } finally {
      await phone.close();
    }
    await page.getByRole('button', { name: 'Hide the code' }).click();
    await page.getByRole('button', { name: `Sign: ${ben!.name}` }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Sign with the typed name' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Save signature' }).focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('signed-count').getByText('2 of 3 signed').waitFor();
    // Cy's hand is bandaged: the foreman signs for him, with the reason.
    await page.getByRole('button', { name: `Sign on behalf of ${cy!.name}` }).click();
    await page.getByLabel('Why they cannot sign').fill('Bandaged hand');
    await page.getByRole('button', { name: 'Sign on their behalf' }).click();
    await page.getByTestId('signed-count').getByText('3 of 3 signed').waitFor();
    await expectAccessible(page, 'talk sheet, offline, 390 px');

    await draw(page, 'foreman-signature');
    await page.getByRole('button', { name: 'Sign off and send' }).click();
    await page.getByTestId('talk-status').getByText('Signed off: waiting for a connection').waitFor();
    const talkRows = () =>
      d1<{ id: string }>(
        `SELECT t.id FROM talks t JOIN users u ON u.id = t.foreman_id WHERE u.username = '${foreman.username}'`,
      );
    expect(await talkRows()).toHaveLength(0);

    // Back online: sent once, recorded with every line as signed.
    await session.context.setOffline(false);
    await page.getByTestId('talk-status').getByText('Talk recorded').waitFor({ timeout: 20_000 });
    const [talk] = await talkRows();
    expect(talk).toBeDefined();
    const lines = await d1<{
      name: string;
      method: string;
      signed_by_name: string | null;
      reason: string | null;
      signature_key: string | null;
    }>(
      `SELECT name, method, signed_by_name, reason, signature_key FROM talk_attendees WHERE talk_id = '${talk!.id}' ORDER BY position`,
    );
    expect(lines.map((l) => [l.name, l.method, l.signed_by_name, l.reason, Boolean(l.signature_key)])).toEqual([
      [ana!.name, 'signature', null, null, true],
      [ben!.name, 'signature', null, null, true],
      [cy!.name, 'on-behalf', foreman.name, 'Bandaged hand', false],
      [dee!.name, 'account', null, null, false],
    ]);
    const [stored] = await d1<{ foreman_method: string; foreman_name: string }>(
      `SELECT foreman_method, foreman_name FROM talks WHERE id = '${talk!.id}'`,
    );
    expect(stored).toEqual({ foreman_method: 'signature', foreman_name: foreman.name });
    expect(talkPosts).toEqual([201]);

    // The foreman's list has it, with its sign-in sheet.
    await page.getByRole('link', { name: 'All my talks' }).click();
    await page.getByTestId('talks-led').getByText(topicTitle).waitFor();
    await page
      .getByRole('link', { name: /Sign-in sheet TALK-/ })
      .first()
      .waitFor();
  });
});
