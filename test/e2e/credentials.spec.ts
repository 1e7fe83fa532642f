import { deflateSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { addEvidenceRequirement, choose, matrixCell } from './admin-steps';
import { accessibilityAudit } from './axe';
import { ACCOUNTS, openBrowser, signIn, tabTo, VIEWPORTS, waitForPath, type BrowserSession } from './browser';
import { apiAs, d1, newLearner, unique } from './server';
import type { Page } from 'playwright-core';

/*
 * Issue 28, external credentials. An administrator defines a credential type on screen (1440 px); a
 * worker on a phone (390 px) adds a photo of their card; the administrator rejects it with a reason;
 * the worker reads the reason and resubmits; the administrator approves. The database then holds the
 * rejected submission and the approved resubmission that names it, and the compliance matrix and its
 * forecast count the credential on a requirement needing its type.
 */

const WIDE = { width: 1440, height: 900 } as const;
const DAY = 24 * 3600 * 1000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);

/** A small real PNG (a coloured card, `width` x `height`), as a phone camera would hand over a photo. */
function pngCard(width = 48, height = 30): Buffer {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = table[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const tail = Buffer.alloc(4);
    tail.writeUInt32BE(crc(body));
    return Buffer.concat([head, body, tail]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) rows.set(y < 8 ? [200, 30, 40] : [240, 240, 240], y * (width * 3 + 1) + 1 + x * 3);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const photo = { name: 'card.png', mimeType: 'image/png', buffer: pngCard() };

/**
 * The worker fills the form and attaches the photo from the file picker (the camera button is its
 * twin); `keyboard`: the picker is opened by Tab and Space, as a keyboard user does.
 */
async function fillCredential(page: Page, typeName: string | null, issuer: string, keyboard = false, expiresIn = 700) {
  const dialog = page.getByRole('dialog');
  if (typeName) await choose(page, dialog, /Type of credential/, typeName);
  await dialog.getByLabel(/^Issuer/).fill(issuer);
  await dialog.getByLabel(/^Issue date/).fill(day(-30));
  await dialog.getByLabel(/^Expiry date/).fill(day(expiresIn));
  const picker = dialog.getByLabel('Choose a file');
  if (keyboard) {
    await tabTo(page, picker);
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Space')]);
    await chooser.setFiles(photo);
  } else {
    await picker.setInputFiles(photo);
  }
  await dialog.getByText('Chosen: card.png').waitFor();
}

describe('external credentials', () => {
  const sessions: BrowserSession[] = [];
  afterEach(async () => {
    for (const s of sessions.splice(0)) await s.close();
  });

  it('a worker uploads a card photo on a phone, an admin rejects it, the worker resubmits and the admin approves', async () => {
    const admin = await apiAs(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
    const person = await newLearner(admin, ['Hazard Communication']);
    // A department of this run, so the requirement below covers this worker alone (entering work
    // data on the Users screen is another journey's).
    const department = `First aid team ${unique()}`;
    await admin.request(`/users/${person.id}`, { method: 'PUT', body: { department } });
    const typeName = `First aid ${unique()}`;
    const reason = 'The photo is blurred; the expiry date cannot be read';
    const audit = accessibilityAudit();

    // The administrator defines the type on screen.
    const office = await openBrowser(WIDE);
    sessions.push(office);
    await signIn(office, ACCOUNTS.admin.username, ACCOUNTS.admin.password);
    const ap = office.page;
    await ap.getByRole('link', { name: 'Credentials' }).click();
    await waitForPath(ap, '/admin/credentials');
    await ap.getByRole('tab', { name: 'Credential types' }).click();
    await ap.getByRole('button', { name: 'New credential type' }).click();
    const typeDialog = ap.getByRole('dialog');
    await typeDialog.getByLabel(/^Name/).fill(typeName);
    await typeDialog.getByLabel('Description').fill('Workplace first aid card');
    await typeDialog.getByRole('button', { name: 'Save' }).click();
    await typeDialog.waitFor({ state: 'detached' });
    await ap.getByRole('button', { name: `Edit ${typeName}` }).waitFor();
    await audit.atBothWidths(ap, 'admin credential types');
    // The worker's department must hold this credential (no course): a requirement added on screen.
    await ap.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Compliance' }).click();
    await waitForPath(ap, '/admin/compliance');
    await addEvidenceRequirement(ap, { book: 'Hazard Communication', department, credentials: [typeName] });

    // The worker, on a phone, adds the card from the navigation.
    const phone = await openBrowser(VIEWPORTS.phone);
    sessions.push(phone);
    await signIn(phone, person.username, person.password);
    const wp = phone.page;
    await waitForPath(wp, '/dashboard');
    await wp.getByRole('button', { name: 'Open navigation' }).click();
    await wp.getByRole('link', { name: 'My Credentials' }).click();
    await waitForPath(wp, '/my-credentials');
    await wp.getByRole('heading', { name: 'My credentials', level: 1 }).waitFor();
    await wp.getByText('No credentials yet').waitFor();
    await wp.getByRole('button', { name: 'Add credential' }).click();
    await fillCredential(wp, typeName, 'Red Cross');
    await audit.dialog(wp, 'add credential form', wp.getByRole('dialog'));
    await wp.setViewportSize(VIEWPORTS.phone);
    await wp.getByRole('dialog').getByRole('button', { name: 'Send for approval' }).click();
    await wp.getByRole('dialog').waitFor({ state: 'detached' });
    await wp.getByText('Pending').waitFor();

    // The administrator sees it waiting, looks at the photo and rejects it with a reason.
    // The administrator goes back to Credentials from the matrix.
    await ap.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Credentials' }).click();
    await ap.getByRole('tab', { name: 'Waiting for approval', selected: true }).waitFor();
    const review = ap.getByRole('button', { name: `Review ${typeName} of Robin Keys` });
    await review.waitFor();
    await review.click();
    const reviewDialog = ap.getByRole('dialog');
    const photo = reviewDialog.getByRole('img', { name: `Scan of ${typeName} sent by Robin Keys` });
    await photo.waitFor();
    await ap.waitForFunction((img) => (img as HTMLImageElement).naturalWidth === 48, await photo.elementHandle());
    await audit.dialog(ap, 'credential review', reviewDialog);
    await ap.setViewportSize(WIDE);
    // Reject without a reason is stopped on screen; then with one.
    await reviewDialog.getByRole('button', { name: 'Reject' }).click();
    await reviewDialog.getByText('Give the reason for the rejection').waitFor();
    await reviewDialog.getByLabel('Reason for rejection').fill(reason);
    await reviewDialog.getByRole('button', { name: 'Reject' }).click();
    await reviewDialog.waitFor({ state: 'detached' });

    // The worker reads the reason and resubmits a better photo.
    await wp.reload();
    await wp.getByText(`Rejected: ${reason}`).waitFor();
    await audit.atBothWidths(wp, 'my credentials');
    await wp.setViewportSize(VIEWPORTS.phone);
    await wp.getByRole('button', { name: 'Resubmit' }).click();
    // This card runs out in 50 days: counted as valid now, and in the forecast's 60-day window.
    await fillCredential(wp, null, 'Red Cross', true, 50);
    await wp.getByRole('dialog').getByRole('button', { name: 'Resubmit for approval' }).click();
    await wp.getByRole('dialog').waitFor({ state: 'detached' });
    await wp.getByText('Resubmitted: see the newer entry.').waitFor();

    // The administrator sees the earlier reason beside the new photo and approves.
    await ap.reload();
    await ap.getByRole('button', { name: `Review ${typeName} of Robin Keys` }).click();
    await ap.getByText(`Resubmitted after a rejection: ${reason}`).waitFor();
    // By keyboard: Tab to Approve and press Enter.
    await tabTo(ap, ap.getByRole('dialog').getByRole('button', { name: 'Approve' }));
    await ap.keyboard.press('Enter');
    await ap.getByRole('dialog').waitFor({ state: 'detached' });

    // The matrix counts the approved credential: compliant, by the credential; the forecast has the
    // worker lapsing within 60 days (not 30), by this credential.
    await ap.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Compliance' }).click();
    const cell = await matrixCell(ap, department, 'Robin Keys', typeName);
    await cell.getByText('Compliant').waitFor();
    await cell.getByText(typeName, { exact: false }).waitFor();
    // The forecast loads after the matrix: wait for its answer rather than count what is on screen now.
    await ap.getByRole('button', { name: 'Next 30 days: 0 people, show who' }).waitFor();
    await ap.getByRole('button', { name: 'Next 60 days: 1 person, show who' }).click();
    const lapses = ap.getByRole('dialog', { name: 'Lapsing in the next 60 days' });
    const lapse = lapses.getByRole('row').filter({ hasText: 'Robin Keys' });
    await lapse.getByText(typeName).waitFor();

    await wp.reload();
    await wp.getByText('Approved').waitFor();
    // The same screen in Arabic: right to left, the standing in the worker's language.
    await wp.getByLabel('Language').selectOption('ar');
    await wp.getByRole('heading', { name: 'شهاداتي', level: 1 }).waitFor();
    await wp.getByText('معتمدة').waitFor();
    await audit.check(wp, 'my credentials in Arabic');

    const rows = await d1<{
      id: string;
      status: string;
      reject_reason: string | null;
      resubmits_id: string | null;
      scan_key: string;
    }>(
      `SELECT c.id, c.status, c.reject_reason, c.resubmits_id, c.scan_key FROM credentials c
       WHERE c.user_id = '${person.id}' ORDER BY c.submitted_at`,
    );
    expect(rows.map((r) => r.status)).toEqual(['REJECTED', 'APPROVED']);
    expect(rows[0].reject_reason).toBe(reason);
    expect(rows[1].resubmits_id).toBe(rows[0].id);
    expect(rows[1].scan_key).toBe(`credentials/${rows[1].id}/scan.png`);
    const actions = await d1<{ action: string }>(
      `SELECT action FROM audit_log WHERE entity_type = 'CREDENTIAL' AND target_user_id = '${person.id}' ORDER BY action`,
    );
    expect(actions.map((a) => a.action)).toEqual([
      'CREDENTIAL_APPROVED',
      'CREDENTIAL_REJECTED',
      'CREDENTIAL_SUBMITTED',
      'CREDENTIAL_SUBMITTED',
    ]);
    audit.assertClean();
  }, 90_000);
});
