import { readFile } from 'node:fs/promises';
import type { Download, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { d1 } from './server';

/*
 * Steps of the safety manager's screens that several journeys take (users, compliance, reminders,
 * the CSV export), and the one date a person cannot move on screen.
 */

/** The width a safety manager evaluates the admin side at (issue 26). */
export const WIDE = { width: 1440, height: 900 } as const;

/** The compliance CSV's header row (issue 26: one column per fact). */
export const COMPLIANCE_CSV_HEADER =
  'Name,Username,Department,Job title,Course,Status,Due date,Valid until,Exemption until,Exemption reason,Certificate number,Authorisation number,Credential,Evidence needed';

/** Picks an option of one of the UI kit's selects (Ark: a combobox button and a listbox in a portal). */
export async function choose(page: Page, scope: Locator | Page, label: RegExp, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label }).click();
  await page.locator('[role="option"]:visible').filter({ hasText: option }).first().click();
}

/**
 * A person's row of the compliance matrix. Rows are named by their content, which begins with the
 * selection box ("Select <name>"), so the row is found by the person's link instead.
 */
export function matrixRow(matrix: Locator, name: string): Locator {
  return matrix.getByRole('row').filter({ has: matrix.page().getByRole('link', { name, exact: true }) });
}

/**
 * Adds, in the requirement dialog of /admin/compliance, a requirement of `book` for one department:
 * of `course`, or of no course with only the evaluations (template names) and credentials (type
 * names) ticked. The dialog's preview must say `covers` (one person unless told) before it is added.
 */
export async function addEvidenceRequirement(
  page: Page,
  terms: {
    book: string;
    department: string;
    course?: string;
    evaluations?: string[];
    credentials?: string[];
    covers?: RegExp;
  },
): Promise<void> {
  await page.getByRole('button', { name: 'Add requirement' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add requirement' });
  await choose(page, dialog, /^Book/, terms.book);
  await choose(page, dialog, /^Course/, terms.course ?? 'No course');
  for (const name of terms.evaluations ?? [])
    await tick(dialog.getByRole('group', { name: 'Practical evaluations' }).getByRole('checkbox', { name }));
  for (const name of terms.credentials ?? [])
    await tick(dialog.getByRole('group', { name: 'Credentials' }).getByRole('checkbox', { name }));
  await dialog.getByLabel('Department').fill(terms.department);
  await dialog
    .getByRole('status')
    .filter({ hasText: terms.covers ?? /Covers 1 person/ })
    .waitFor();
  await dialog.getByRole('button', { name: 'Add requirement' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/**
 * The matrix cell of `person` under the column whose title contains `column`, with the matrix
 * filtered to `department` (read afresh from the page each time it is called).
 */
export async function matrixCell(page: Page, department: string, person: string, column: string): Promise<Locator> {
  const filter = page.getByLabel('Department', { exact: true });
  if ((await filter.inputValue()) !== department) {
    await filter.fill(department);
    await page.waitForURL((url) => url.searchParams.get('department') === department);
  }
  const matrix = page.getByRole('region', { name: 'Compliance matrix' });
  await matrix.getByRole('columnheader').filter({ hasText: column }).first().waitFor();
  const index = (await matrix.getByRole('columnheader').allInnerTexts()).findIndex((text) => text.includes(column));
  return matrixRow(matrix, person).locator('th, td').nth(index);
}

/** Ark's checkbox: a label around a drawn control and a hidden input; a person clicks the label. */
export async function tick(box: Locator): Promise<void> {
  await box.locator('xpath=..').click();
  await box.page().waitForFunction((el) => (el as HTMLInputElement).checked, await box.elementHandle());
}

export interface NewPerson {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  department: string;
  jobTitle: string;
}

/**
 * Adds a person through Add User on the users screen and returns the temporary password the
 * "User Created Successfully" dialog shows once (as a manager reads it to hand it over).
 */
export async function addUserOnScreen(page: Page, person: NewPerson): Promise<string> {
  await page.getByRole('button', { name: 'ADD USER' }).click();
  const add = page.getByRole('dialog', { name: 'Add New User' });
  await add.getByLabel('Username').fill(person.username);
  await add.getByLabel('Email').fill(person.email);
  await add.getByLabel('First Name').fill(person.firstName);
  await add.getByLabel('Last Name').fill(person.lastName);
  await add.getByLabel('Department').fill(person.department);
  await add.getByLabel('Job Title').fill(person.jobTitle);
  await add.getByRole('button', { name: 'Create User' }).click();
  const created = page.getByRole('dialog', { name: 'User Created Successfully' });
  const password = ((await created.getByTestId('generated-password').textContent()) ?? '').trim();
  expect(password.length).toBeGreaterThanOrEqual(8);
  await created.getByRole('button', { name: 'Done' }).click();
  await created.waitFor({ state: 'detached' });
  return password;
}

/**
 * Moves the day people became covered `days` back, as if they had joined their book and department
 * that long ago: the only way for people added today to be overdue, since the requirement dialog's
 * due period is at least one day counted from the later of its start and joining (a person cannot
 * set that day on screen). The compliance and dashboard caches are forgotten, as the day passing
 * would have made them recompute.
 */
export async function backdateCoverage(userIds: readonly string[], days: number): Promise<void> {
  const since = new Date(Date.now() - days * 24 * 3600 * 1000).toISOString();
  const ids = userIds.map((id) => `'${id}'`).join(', ');
  await d1(`UPDATE user_domains SET created_at = '${since}' WHERE user_id IN (${ids})`);
  await d1(`UPDATE users SET audience_since = '${since}' WHERE id IN (${ids})`);
  await d1('DELETE FROM compliance_cache');
  await d1('DELETE FROM admin_snapshots');
}

/** Reads a downloaded compliance CSV: checks its UTF-8 byte-order mark and returns its lines. */
export async function csvLines(download: Download): Promise<string[]> {
  const bytes = await readFile(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return bytes.subarray(3).toString('utf8').trim().split('\r\n');
}
