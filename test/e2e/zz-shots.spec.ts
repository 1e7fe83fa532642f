import { describe, it, inject } from 'vitest';
import { ACCOUNTS, openBrowser, signIn, VIEWPORTS } from './browser';

describe('shots', () => {
  it('takes screenshots', async () => {
    const baseURL = inject('baseURL');
    for (const [name, vp] of Object.entries(VIEWPORTS)) {
      for (const user of ['jordan', 'casey']) {
        const s = await openBrowser(vp);
        await signIn(s, user, ACCOUNTS.learner.password);
        await s.open('/dashboard');
        await s.page.getByRole('heading', { name: 'Your Completed Courses' }).waitFor();
        await s.page.waitForTimeout(1500);
        await s.page.screenshot({ path: `/tmp/cert-shots/dashboard-${user}-${name}.png`, fullPage: true });
        await s.open('/reports');
        await s.page.getByRole('heading', { name: 'My Learning Reports' }).waitFor();
        await s.page.waitForTimeout(1500);
        await s.page.screenshot({ path: `/tmp/cert-shots/reports-${user}-${name}.png`, fullPage: true });
        if (user === 'jordan') {
          await s.page.getByRole('tab').nth(1).click();
          await s.page.waitForTimeout(500);
          await s.page.screenshot({ path: `/tmp/cert-shots/reports-tab2-${name}.png`, fullPage: true });
          await s.page.getByRole('tab').nth(2).click();
          await s.page.waitForTimeout(500);
          await s.page.screenshot({ path: `/tmp/cert-shots/reports-tab3-${name}.png`, fullPage: true });
          const token = await (await fetch(`${baseURL}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'jordan', password: ACCOUNTS.learner.password }) })).json();
          const progresses = await (await fetch(`${baseURL}/api/v2/user/progress/courses`, { headers: { authorization: `Bearer ${token.token}` } })).json();
          const done = progresses.progresses.find((p: any) => p.status === 'COMPLETED');
          const cert = await (await fetch(`${baseURL}/api/v2/certificates/user/${done.courseId}`, { headers: { authorization: `Bearer ${token.token}` } })).json();
          await s.open(`/certificate/verify/${cert.certificateNumber}`);
          await s.page.screenshot({ path: `/tmp/cert-shots/verify-valid-${name}.png`, fullPage: true });
          await s.open(`/certificate/verify/CERT-2000-000001`);
          await s.page.screenshot({ path: `/tmp/cert-shots/verify-missing-${name}.png`, fullPage: true });
        }
        await s.close();
      }
    }
  }, 120_000);
});
