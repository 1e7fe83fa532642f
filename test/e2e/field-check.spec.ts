import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { tick, WIDE } from './admin-steps';
import { accessibilityAudit } from './axe';
import {
  ACCOUNTS,
  app,
  openBrowser,
  sessionCookie,
  signIn,
  VIEWPORTS,
  waitForPath,
  type BrowserSession,
  keepPicture,
} from './browser';
import { scanQrPng } from './qr-scan';
import { apiAs, d1, newLearner, unique } from './server';

// Issue 30, the field check on a phone: an admin defines "Operate a reach truck" on /admin/tasks; a
// supervisor scans a worker's badge (the QR decoded from the printed card's PDF) and sees that the
// worker is not qualified because the reach-truck evaluation is missing; then asks "who can do this
// today?" and gets the qualified worker of the team.

const run = promisify(execFile);

describe('the field check', () => {
  const sessions: BrowserSession[] = [];
  afterEach(async () => {
    await Promise.all(sessions.splice(0).map((s) => s.close()));
  });

  it('an admin defines a task; a supervisor scans a badge and asks who can do it today, at 390 px', async () => {
    const id = unique();
    const taskName = `Operate a reach truck ${id}`;
    const courseTitle = `Reach truck theory ${id}`;
    const templateName = `Reach truck evaluation ${id}`;
    // Arranged through the API (people, managers: the users screen proves them) and the DB (a course,
    // a published evaluation checklist, certificates and an authorisation: the course, template and
    // evaluation screens prove those): the supervisor's crew is Wes (everything) and Nia (no evaluation).
    const admin = await apiAs(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
    // Wes and Nia never sign in: plain accounts (no first password change); the supervisor signs in on a phone.
    const worker = async (first: string) => {
      const username = `fc.${first.toLowerCase()}.${id}`;
      const created = await admin.request<{ user: { id: string } }>('/users', {
        body: { username, email: `${username}@example.com`, role: 'USER', firstName: first, lastName: id },
      });
      return created.user;
    };
    const [sup, wes, nia] = await Promise.all([newLearner(admin, ['Fire Safety']), worker('Wes'), worker('Nia')]);
    await Promise.all(
      [wes, nia].map((person) => admin.request(`/users/${person.id}`, { method: 'PUT', body: { managerId: sup.id } })),
    );
    const books = await admin.request<{ id: string; name: string }[]>('/domains');
    const bookId = books.find((b) => b.name === 'Fire Safety')!.id;
    const ago = new Date(Date.now() - 30 * 86_400_000).toISOString();
    const later = new Date(Date.now() + 700 * 86_400_000).toISOString();
    const cert = (user: { id: string }, n: number) =>
      `INSERT INTO certificates (id, certificate_number, user_id, course_id, user_name, course_name, issued_at, expires_at)
        VALUES ('c${n}-${id}', 'CERT-FC-${n}-${id}', '${user.id}', 'course-${id}', 'Worker', '${courseTitle}', '${ago}', '${later}')`;
    await d1(
      [
        `INSERT INTO courses (id, title, domain_id, status) VALUES ('course-${id}', '${courseTitle}', '${bookId}', 'PUBLISHED')`,
        `INSERT INTO evaluation_templates (id, family_id, name, grants, validity_days, status, published_at)
          VALUES ('tpl-${id}', 'tpl-${id}', '${templateName}', 'Reach truck', 1095, 'PUBLISHED', '${ago}')`,
        cert(wes, 1),
        cert(nia, 2),
        `INSERT INTO evaluations (id, template_id, trainee_id, evaluator_id, outcome, meaning, evaluator_name, trainee_name, body_hash, conducted_at, signed_at)
          VALUES ('ev-${id}', 'tpl-${id}', '${wes.id}', '${sup.id}', 'COMPETENT', 'Evaluated and found competent', 'Sup', 'Wes', 'h-${id}', '${ago}', '${ago}')`,
        `INSERT INTO authorisations (id, number, user_id, template_id, family_id, evaluation_id, title, user_name, issued_at, expires_at)
          VALUES ('au-${id}', 'AUT-FC-${id}', '${wes.id}', 'tpl-${id}', 'tpl-${id}', 'ev-${id}', 'Authorised: reach truck', 'Wes', '${ago}', '${later}')`,
        // 50 more of the crew who hold nothing, named after Nia: the answer lists 50 at once ("Show more").
        `INSERT INTO users (id, username, email, password_hash, role, first_name, last_name, manager_id)
          WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 50)
          SELECT 'fc-crew-' || x || '-${id}', 'fc.crew' || x || '.${id}', 'fc.crew' || x || '.${id}@example.com',
            'pbkdf2$sha256$100000$AAAA$AAAA', 'USER', 'Zed ' || printf('%02d', x), '${id}', '${sup.id}' FROM n`,
      ].join(';\n'),
    );

    // The admin, on a phone: /admin/tasks, Add task. Saving with nothing chosen is refused with the server's words.
    const audit = accessibilityAudit();
    const adminPhone = await openBrowser(VIEWPORTS.phone);
    sessions.push(adminPhone);
    await signIn(adminPhone, ACCOUNTS.admin.username, ACCOUNTS.admin.password);
    await waitForPath(adminPhone.page, '/admin');
    const page = adminPhone.page;
    await adminPhone.open('/admin/tasks');
    await app(page).getByRole('heading', { level: 1, name: 'Tasks' }).waitFor();
    await page.getByRole('button', { name: 'Add task' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a task' });
    await dialog.getByLabel(/^Task/).fill(taskName);
    await dialog.getByRole('button', { name: 'Add task' }).click();
    await dialog
      .getByText(
        'A task needs at least one piece of evidence: a course, an evaluation, a credential type or a toolbox talk',
      )
      .waitFor();
    await dialog.getByLabel('Filter by name').fill(id);
    await tick(dialog.getByRole('group', { name: 'Courses' }).getByRole('checkbox', { name: courseTitle }));
    await tick(
      dialog.getByRole('group', { name: 'Practical evaluations' }).getByRole('checkbox', { name: templateName }),
    );
    await audit.check(page, 'add task dialog at 390 px', { within: dialog });
    await dialog.getByRole('button', { name: 'Add task' }).click();
    await dialog.waitFor({ state: 'detached' });
    // At 390 px the list is cards (the table is hidden).
    await app(page).getByText(taskName).locator('visible=true').first().waitFor();
    await keepPicture(page, 'field-check-tasks-390', { fullPage: true });
    await page.setViewportSize(WIDE);
    await app(page).getByRole('table', { name: 'Tasks' }).getByText(taskName).waitFor();
    await keepPicture(page, 'field-check-tasks-1440', { fullPage: true });

    // The supervisor's phone: the badge card of Nia (as the card button downloads it), its QR read from the
    // PDF rendered to a picture, and the URL it holds opened in the signed-in browser.
    const phone = await openBrowser(VIEWPORTS.phone);
    sessions.push(phone);
    await signIn(phone, sup.username, sup.password);
    await waitForPath(phone.page, '/dashboard');
    const token = await sessionCookie(phone);
    const pdf = await fetch(`${phone.baseURL}/api/v2/users/${nia.id}/badge.pdf`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(pdf.status).toBe(200);
    const dir = await mkdtemp(join(tmpdir(), 'field-check-'));
    try {
      await writeFile(join(dir, 'badge.pdf'), Buffer.from(await pdf.arrayBuffer()));
      await run('pdftoppm', ['-png', '-r', '300', '-singlefile', join(dir, 'badge.pdf'), join(dir, 'badge')]);
      const url = await scanQrPng(phone.page, await readFile(join(dir, 'badge.png')));
      expect(url).toMatch(/\/badge\/[^/]+$/);
      await phone.page.goto(url);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    await phone.page.locator('#status[data-loaded="true"]').waitFor();
    const task = phone.page.locator('#status-task-list li').filter({ hasText: taskName });
    await task.getByText('Not qualified', { exact: true }).waitFor();
    await task.getByText(`${templateName} missing`).waitFor();
    await keepPicture(phone.page, 'field-check-badge-390', { fullPage: true });
    await audit.check(phone.page, 'badge page with full status at 390 px');

    // "Who can do this today?": find the task, choose it, and read the team's answer.
    await phone.open('/team/tasks');
    const body = app(phone.page);
    await body.getByRole('heading', { level: 1, name: 'Who can do this today?' }).waitFor();
    await body.getByLabel('Task', { exact: true }).fill(taskName);
    await body.getByRole('button', { name: taskName }).click();
    const qualified = body.getByRole('region', { name: '1 person qualified today' });
    await qualified.getByText(`Wes ${id}`).waitFor();
    expect(await qualified.getByText(`Nia ${id}`).count()).toBe(0);
    const notQualified = body.getByRole('region', { name: 'Not qualified (51)' });
    await notQualified.getByText(`Nia ${id}`).waitFor();
    await notQualified.getByText(`${templateName} missing`).first().waitFor();
    // 50 listed at once; the keyboard reads the next page of this list, and the button keeps focus.
    expect(await notQualified.getByRole('listitem').count()).toBe(50);
    expect(await notQualified.getByText(`Zed 50 ${id}`).count()).toBe(0);
    const more = notQualified.getByRole('button', { name: 'Show more (50 of 51)' });
    await more.focus();
    await phone.page.keyboard.press('Enter');
    await notQualified.getByText(`Zed 50 ${id}`).waitFor();
    expect(await notQualified.getByRole('listitem').count()).toBe(51);
    await notQualified.getByRole('button').waitFor({ state: 'detached' });
    await notQualified.getByRole('heading', { name: 'Not qualified (51)' }).and(phone.page.locator(':focus')).waitFor();
    await keepPicture(phone.page, 'field-check-team-390', { fullPage: true });
    await audit.check(phone.page, 'who can do this today at 390 px');
    await phone.page.setViewportSize(WIDE);
    await keepPicture(phone.page, 'field-check-team-1440', { fullPage: true });
    audit.assertClean();
  });
});
