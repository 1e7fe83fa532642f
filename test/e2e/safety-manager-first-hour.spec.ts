import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import {
  addUserOnScreen,
  backdateCoverage,
  COMPLIANCE_CSV_HEADER,
  choose,
  csvLines,
  matrixRow,
  tick,
  WIDE,
  type NewPerson,
} from './admin-steps';
import { accessibilityAudit } from './axe';
import { ACCOUNTS, app, openBrowser, signIn, waitForPath, type BrowserSession } from './browser';
import { adminCourse, passInBrowser, type AdminComponent } from './course-steps';
import { apiAs, d1, unique } from './server';

/*
 * Issue 26, the first "Done when": a new safety manager's first hour at 1440 px, all of it on the
 * screens. The test itself makes no API call for anything a person does; it reads the database to
 * check results, reads the course's answer key (what a person who studied knows), and moves one
 * date a person cannot set on screen (`backdateCoverage`, see there) to have overdue people.
 */

const BOOK = 'Hazard Communication';
const COURSE = 'Reading a Safety Data Sheet (SDS)';
const DAY = 24 * 3600 * 1000;
/** A `YYYY-MM-DD` day `days` from now, as a date input takes it. */
const dayFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

const nav = (page: Page) => page.getByRole('navigation', { name: 'Admin navigation' });

/** A person's handout read page by page: each page counts after its time on screen (no sleeping: the progress bar says when). */
async function readMaterial(page: Page) {
  const firstPage = page.getByRole('img', { name: /^Page 1 of \d+$/ });
  await firstPage.waitFor();
  const label = (await firstPage.getAttribute('aria-label')) ?? (await firstPage.getAttribute('alt')) ?? '';
  const total = Number(/of (\d+)$/.exec(label)?.[1]);
  expect(total).toBeGreaterThan(0);
  for (let shown = 1; shown <= total; shown++) {
    await page.waitForFunction(
      (least) =>
        Number(
          document.querySelector('[role=progressbar][aria-label="Material progress"]')?.getAttribute('aria-valuenow'),
        ) >= least,
      Math.floor((100 * shown) / total),
    );
    if (shown < total) {
      await page.getByRole('button', { name: 'Next page' }).first().click();
      await page.getByRole('img', { name: `Page ${shown + 1} of ${total}` }).waitFor();
    }
  }
}

describe("the safety manager's first hour", () => {
  const sessions: BrowserSession[] = [];
  afterEach(async () => {
    await Promise.all(sessions.splice(0).map((s) => s.close()));
  });

  it('adds three people, requires a course of their department, reminds the overdue ones, follows the dashboard, exports the CSV and revokes a certificate', async () => {
    const run = unique();
    const department = `Aisle ${run}`;
    const lastName = `Picker ${run}`;
    const people: (NewPerson & { name: string; password?: string; id?: string })[] = [
      ['Ada', 'Order picker'],
      ['Ben', 'Forklift driver'],
      ['Cleo', 'Team lead'],
    ].map(([firstName, jobTitle]) => {
      const username = `${firstName.toLowerCase()}.aisle.${run}`;
      return {
        username,
        email: `${username}@warehouse.example`,
        firstName,
        lastName,
        department,
        jobTitle,
        name: `${firstName} ${lastName}`,
      };
    });
    const [ada, ben, cleo] = people;
    const audit = accessibilityAudit();

    const manager = await openBrowser(WIDE);
    sessions.push(manager);
    const { page } = manager;
    await signIn(manager, ACCOUNTS.admin.username, ACCOUNTS.admin.password);
    await waitForPath(page, '/admin');

    // 1. Three people of a department of this run, each with a job title, through Add User.
    await nav(page).getByRole('link', { name: 'Users' }).click();
    await waitForPath(page, '/admin/users');
    for (const person of people) person.password = await addUserOnScreen(page, person);
    for (const person of people) {
      const [row] = await d1<{ id: string; department: string; job_title: string }>(
        `SELECT id, department, job_title FROM users WHERE username = '${person.username}'`,
      );
      expect({ department: row.department, jobTitle: row.job_title }).toEqual({
        department,
        jobTitle: person.jobTitle,
      });
      person.id = row.id;
    }

    // 2. A requirement for the department, started 45 days ago: "Covers 3 people", named, before saving.
    await nav(page).getByRole('link', { name: 'Compliance' }).click();
    await waitForPath(page, '/admin/compliance');
    await page.getByRole('button', { name: 'Add requirement' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add requirement' });
    await choose(page, dialog, /^Book/, BOOK);
    await choose(page, dialog, /^Course/, COURSE);
    await dialog.getByLabel('Department').fill(department);
    await dialog.getByLabel('Active from').fill(dayFromNow(-45));
    const preview = dialog.getByRole('status').filter({ hasText: /^Covers/ });
    await preview.filter({ hasText: 'Covers 3 people' }).waitFor();
    for (const person of people) await preview.getByText(person.name, { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Add requirement' }).click();
    await app(page).getByText('Requirement added').waitFor();
    await dialog.waitFor({ state: 'detached' });

    // 3. They are pending in the matrix, narrowed to the department.
    const matrix = page.getByRole('region', { name: 'Compliance matrix' });
    const row = (person: { name: string }) => matrixRow(matrix, person.name);
    await page.getByLabel('Department').fill(department);
    await page.waitForURL((url) => url.searchParams.get('department') === department);
    for (const person of people) await row(person).getByText('Pending').waitFor();
    // The URL changes before the filtered page arrives: the count is polled until it narrows.
    await expect.poll(() => matrix.getByRole('row').count()).toBe(4);

    // 4. Ben signs in on his own browser: he sets his password, the course waits enrolled (Start, not
    // Enroll), and he takes it to the end. (The answer key is read from the course as an admin: it is
    // what a person who studied knows, not something done on a screen.)
    const { course, ordered } = await adminCourse(
      await apiAs(ACCOUNTS.admin.username, ACCOUNTS.admin.password),
      COURSE,
    );
    const component = (type: AdminComponent['type']) => ordered.find((c) => c.type === type)!;
    const worker = await openBrowser(WIDE);
    sessions.push(worker);
    const wp = worker.page;
    await signIn(worker, ben.username, ben.password!);
    await waitForPath(wp, '/change-password');
    const newPassword = `Aisle#${run}`;
    await wp.getByLabel(/^Current \(temporary\) password/).fill(ben.password!);
    await wp.getByLabel(/^New password/).fill(newPassword);
    await wp.getByLabel(/^Confirm new password/).fill(newPassword);
    await wp.getByRole('button', { name: 'Save new password' }).click();
    await waitForPath(wp, '/dashboard');
    await worker.open('/my-courses');
    await wp.getByRole('link', { name: `Start: ${COURSE}` }).click();
    expect(await wp.getByRole('link', { name: `Enroll: ${COURSE}` }).count()).toBe(0);
    await waitForPath(wp, `/course/${course.id}`);
    await wp.getByRole('button', { name: 'Start Course' }).click();
    await waitForPath(wp, `/course/${course.id}/assessment/${component('PRE_ASSESSMENT').id}`);
    await passInBrowser(wp, component('PRE_ASSESSMENT'));
    await wp.getByRole('link', { name: 'Back to Course' }).first().click();
    await waitForPath(wp, `/course/${course.id}`);
    const material = component('MATERIAL');
    await wp.getByRole('link', { name: `Open: ${material.data.title}` }).click();
    await waitForPath(wp, `/course/${course.id}/material/${material.id}`);
    await readMaterial(wp);
    await wp.getByRole('button', { name: 'Complete & Continue' }).click();
    await waitForPath(wp, `/course/${course.id}/assessment/${component('POST_ASSESSMENT').id}`);
    await passInBrowser(wp, component('POST_ASSESSMENT'));
    const [certificate] = await d1<{ id: string; certificate_number: string }>(
      `SELECT id, certificate_number FROM certificates WHERE user_id = '${ben.id}' AND course_id = '${course.id}'`,
    );
    expect(certificate.certificate_number).toMatch(/^CERT-/);
    await worker.close();

    // 5. Ada and Cleo joined long enough ago to be past due (a date no screen sets, see backdateCoverage).
    await backdateCoverage([ada.id!, cleo.id!], 60);
    await page.reload();
    await row(ben).getByText('Compliant').waitFor();
    await choose(page, page, /^Status/, 'Overdue');
    await page.waitForURL((url) => url.searchParams.get('status') === 'overdue');
    await row(ben).waitFor({ state: 'detached' });
    await tick(page.getByRole('checkbox', { name: `Select ${ada.name}` }));
    await tick(page.getByRole('checkbox', { name: `Select ${cleo.name}` }));
    await app(page).getByText('Selected: 2').waitFor();
    await audit.check(page, 'compliance matrix with overdue people selected');
    await page.getByRole('button', { name: 'Send reminder' }).click();
    const remind = page.getByRole('dialog', { name: 'Send a reminder' });
    await remind.getByText(/Each of the 2 people you selected/).waitFor();
    await audit.dialog(page, 'send a reminder dialog', remind);
    await remind.getByRole('button', { name: 'Send reminder' }).click();
    await remind.waitFor({ state: 'detached' });
    await app(page).getByText('Reminders sent: 2').waitFor();
    const sent = await d1<{ user_id: string; kind: string }>(
      `SELECT user_id, kind FROM mail_outbox WHERE user_id IN ('${ada.id}', '${ben.id}', '${cleo.id}')`,
    );
    expect(sent.map((m) => m.user_id).sort()).toEqual([ada.id, cleo.id].sort());

    // 6. The reminder in Ada's mail log, then in the outbox.
    await row(ada).getByRole('link', { name: ada.name }).click();
    await waitForPath(page, `/admin/compliance/people/${ada.id}`);
    const log = page.getByRole('region', { name: 'Reminders and mail' });
    await log.getByText('Reminder from an administrator').waitFor();
    expect(await log.getByText(ada.email).count()).toBe(1);
    await audit.atBothWidths(page, 'training record with its mail log');
    await nav(page).getByRole('link', { name: 'Outbox' }).click();
    await waitForPath(page, '/admin/outbox');
    const outbox = page.getByRole('table', { name: 'Outbox messages' });
    await outbox.getByRole('row').filter({ hasText: ada.email }).getByText('Reminder from an administrator').waitFor();
    await outbox.getByRole('row').filter({ hasText: cleo.email }).waitFor();

    // 7. The dashboard's overdue card opens the matrix filtered to the overdue.
    await nav(page).getByRole('link', { name: 'Dashboard' }).click();
    await waitForPath(page, '/admin');
    await page.getByRole('region', { name: 'Compliance' }).getByRole('link', { name: 'Show overdue' }).click();
    await page.waitForURL(
      (url) => url.pathname === '/admin/compliance' && url.searchParams.get('status') === 'overdue',
    );
    await page.getByLabel('Department').fill(department);
    await page.waitForURL((url) => url.searchParams.get('department') === department);
    await row(ada).getByText('Overdue').waitFor();
    await row(cleo).getByText('Overdue').waitFor();
    await expect.poll(() => matrix.getByRole('row').count()).toBe(3);

    // 8. The compliance CSV of the department: UTF-8 with its byte-order mark, one column per fact.
    await choose(page, page, /^Status/, 'All statuses');
    await page.waitForURL((url) => !url.searchParams.has('status'));
    await row(ben).waitFor();
    const download = page.waitForEvent('download');
    await app(page).getByRole('button', { name: 'Export CSV' }).click();
    const lines = await csvLines(await download);
    expect(lines[0]).toBe(COMPLIANCE_CSV_HEADER);
    expect(lines).toHaveLength(4);
    const line = (person: NewPerson) => lines.find((l) => l.includes(`,${person.username},`)) ?? '';
    expect(line(ada)).toContain(`${department},Order picker,${COURSE},Overdue,`);
    expect(line(cleo)).toContain(`${department},Team lead,${COURSE},Overdue,`);
    expect(line(ben)).toContain(`${department},Forklift driver,${COURSE},Compliant,`);
    // The certificate column, then the authorisation, credential and evidence-needed columns (issue 28), empty here.
    expect(line(ben).endsWith(`,${certificate.certificate_number},,,`)).toBe(true);

    // 9. Ben's certificate revoked with a reason, from his training record.
    const reason = `Took the assessment for a colleague ${run}`;
    await row(ben).getByRole('link', { name: ben.name }).click();
    await waitForPath(page, `/admin/compliance/people/${ben.id}`);
    await page.getByRole('button', { name: `Revoke certificate ${certificate.certificate_number}` }).click();
    const revoke = page.getByRole('dialog', { name: `Revoke certificate ${certificate.certificate_number}` });
    await revoke.getByLabel(/^Reason for revoking/).fill(reason);
    await revoke.getByRole('button', { name: 'Revoke certificate' }).click();
    await revoke.waitFor({ state: 'detached' });
    await page.getByText(`Certificate ${certificate.certificate_number} revoked`).first().waitFor();
    await page.getByText(`Reason: ${reason}`).waitFor();
    await audit.check(page, 'training record with a revoked certificate');
    const [revoked] = await d1<{ revoked_at: string | null; revoked_reason: string | null }>(
      `SELECT revoked_at, revoked_reason FROM certificates WHERE id = '${certificate.id}'`,
    );
    expect(revoked.revoked_at).not.toBeNull();
    expect(revoked.revoked_reason).toBe(reason);
    audit.assertClean();
  }, 300_000);
});
