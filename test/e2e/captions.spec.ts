import { afterEach, describe, expect, it } from 'vitest';
import { adminCourse } from './course-steps';
import { ACCOUNTS, openBrowser, signIn, type BrowserSession } from './browser';
import { apiAs } from './server';

/*
 * The captioned demo video, as Alex (`learner`), who completed the PASS course: opening its video
 * again changes nothing that other journeys read.
 */

let session: BrowserSession | undefined;
afterEach(async () => {
  await session?.close();
  session = undefined;
});

describe('captions and transcript', () => {
  it('a learner watching the demo video is offered English captions and a transcript whose cues seek the video', async () => {
    const admin = await apiAs(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
    const { course, ordered } = await adminCourse(admin, 'Fire Extinguisher Use: The PASS Technique');
    const video = ordered.find((c) => c.type === 'MATERIAL' && c.data.title === 'Video: The PASS Technique')!;

    session = await openBrowser();
    const { page } = session;
    await signIn(session, ACCOUNTS.learner.username, ACCOUNTS.learner.password);
    await session.open(`/course/${course.id}/material/${video.id}`);

    // The player offers the English track, shown by default (the browser's language is English).
    const player = page.locator('video');
    await player.waitFor();
    expect(
      await page
        .locator('video track[kind="captions"]')
        .evaluateAll((tracks) => tracks.map((t) => [t.getAttribute('srclang'), t.getAttribute('label')])),
    ).toEqual([['en', 'English']]);
    await page.waitForFunction(() => document.querySelector('video')!.textTracks[0]?.mode === 'showing');

    // The transcript lists the cues the browser parsed from the WebVTT file.
    const cues = page.getByRole('list', { name: 'Transcript, English' }).getByRole('button');
    await cues.first().waitFor();
    expect(await cues.count()).toBe(5);
    expect(await cues.nth(2).textContent()).toBe('0:05A is for Aim: aim the nozzle low, at the base of the fire.');
    await page.waitForFunction(() => document.querySelector('video')!.readyState >= 1);

    // Clicking a cue seeks there and marks it current; Enter on another does the same.
    await cues.nth(2).click();
    await page.waitForFunction(() => Math.abs(document.querySelector('video')!.currentTime - 5.25) < 0.01);
    await page.locator('button[aria-current="true"]', { hasText: 'A is for Aim' }).waitFor();
    await cues.nth(4).focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => Math.abs(document.querySelector('video')!.currentTime - 9.75) < 0.01);
    await page.locator('button[aria-current="true"]', { hasText: 'S is for Sweep' }).waitFor();

    // The panel collapses and opens again from its heading button.
    const toggle = page.getByRole('button', { name: 'Transcript', expanded: true });
    await toggle.click();
    await page.getByRole('button', { name: 'Transcript', expanded: false }).waitFor();
    expect(await cues.count()).toBe(0);
  });
});
