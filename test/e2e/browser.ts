import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { inject } from 'vitest';

/*
 * Debian's Chromium driven by playwright-core, launched with the flags this closed network needs (no background networking, no sandbox as root).
 * Every session gets a fresh browser context (its own cookies and localStorage), so sessions never leak between tests.
 *
 * Writing a journey (test/e2e/<area>.spec.ts, named as a user story):
 *
 *   let session: BrowserSession | undefined;
 *   afterEach(async () => { await session?.close(); session = undefined; });
 *
 *   it('a learner opens the reports page from the menu', async () => {
 *     session = await openBrowser(VIEWPORTS.phone);          // or VIEWPORTS.desktop (default)
 *     await signIn(session, ACCOUNTS.learner.username, ACCOUNTS.learner.password);
 *     await session.page.getByRole('button', { name: 'Open navigation' }).click();
 *     ...
 *     await waitForPath(session.page, '/reports');          // await conditions, never sleep
 *   });
 *
 * The Worker (global-setup.ts) is shared by the whole run and seeded once: create what a story
 * changes (server.ts apiAs(...).request('/users', ...), unique()) instead of editing seed users.
 * playwright-core has no auto-waiting expect: wait with locator.waitFor(), page.waitForURL() or
 * page.waitForFunction(), then assert values with vitest's expect.
 */

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  baseURL: string;
  /** Opens a path of the app (e.g. '/login') and waits for the load event. */
  open(path: string): Promise<void>;
  /** The current path (+ search) of the page. */
  path(): string;
  close(): Promise<void>;
}

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * One Chromium per browser run (each part of `npm test`), one fresh context (its own cookies,
 * localStorage and cache, like a new profile) per session. The e2e project shares its modules
 * between files (`isolate: false` in vitest.config.ts), so this module, and the browser it launched,
 * lives for the whole run instead of a launch and a close per spec file (with the imports, 1-3 s of
 * CPU per file; docs/decisions/2026-11-28-suite-time.md). Closed when the run's worker exits
 * (Playwright ends the browsers it launched with the process).
 */
let shared: Promise<Browser> | undefined;
const browser = () =>
  (shared ??= chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS }));

export async function openBrowser(
  viewport: { width: number; height: number } = VIEWPORTS.desktop,
): Promise<BrowserSession> {
  const baseURL = inject('baseURL');
  let running = await browser();
  // A browser that went away (a crash) is launched again rather than failing every later session.
  if (!running.isConnected()) {
    shared = undefined;
    running = await browser();
  }
  const context = await running.newContext({ viewport, baseURL });
  context.setDefaultTimeout(15_000);
  // The browser journeys share two cores with the workerd API tests: a page load once took over 15 s
  // on CI while the API project was busiest. Navigations get more room than element waits.
  context.setDefaultNavigationTimeout(45_000);
  const page = await context.newPage();
  return {
    context,
    page,
    baseURL,
    open: async (path) => {
      await page.goto(path);
    },
    path: () => {
      const url = new URL(page.url());
      return `${url.pathname}${url.search}`;
    },
    close: async () => {
      await context.close();
    },
  };
}

/**
 * Points at an element as a person does: scroll it into view first, then move the pointer onto it.
 * Playwright's hover scrolls and moves in one step, and the scroll event reaches the page one frame
 * after the pointer arrived; Ark tooltips close on scroll, so a tooltip opened by that hover closed
 * again at once (seen on Chromium 150+). Waiting for the frame that delivers the scroll event keeps
 * the order a person produces.
 */
export async function pointAt(page: Page, locator: Locator): Promise<void> {
  await locator.scrollIntoViewIfNeeded();
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
  await locator.hover();
}

/**
 * Keeps a PNG of what is on screen in E2E_SCREENSHOTS=<dir>, for a person to look at (never compared).
 * Without it nothing is taken: a full-page picture cost Chromium 0.2-0.6 s of CPU, 33 of them in the
 * suite's journeys, and no test read one.
 */
export async function keepPicture(target: Page | Locator, name: string, options: { fullPage?: boolean } = {}) {
  const folder = process.env.E2E_SCREENSHOTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  const path = join(folder, `${name}.png`);
  if ('goto' in target) await target.screenshot({ path, fullPage: options.fullPage, animations: 'disabled' });
  else await target.screenshot({ path, animations: 'disabled' });
}

/** Waits until the page is at `path` (exact pathname). */
export async function waitForPath(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === path);
}

/** Signs in through the real login form and waits to leave /login. */
export async function signIn(session: BrowserSession, username: string, password: string): Promise<void> {
  await session.open('/login');
  await session.page.getByLabel('Username').fill(username);
  await session.page.getByLabel(/^Password/).fill(password);
  await session.page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await session.page.waitForURL((url) => url.pathname !== '/login');
}

/**
 * The session cookie's token (issue 31): HttpOnly, so no page script can read it; a test reads it
 * from the browser context, to check it is gone or to act as that session over the API.
 */
export async function sessionCookie(session: BrowserSession): Promise<string | null> {
  const cookies = await session.context.cookies();
  return cookies.find((cookie) => cookie.name === '__Host-session')?.value ?? null;
}

export const ACCOUNTS = {
  learner: { username: 'learner', password: 'Learner#2026demo' },
  admin: { username: 'admin', password: 'Admin#2026demo' },
} as const;

/**
 * Presses Tab until `target` has the focus, as a keyboard user moves through a page; fails after
 * `maxTabs` presses. Returns the number of presses it took.
 */
export async function tabTo(page: Page, target: Locator, maxTabs = 80): Promise<number> {
  await target.waitFor();
  for (let presses = 1; presses <= maxTabs; presses += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return presses;
  }
  throw new Error(`${maxTabs} presses of Tab never reached ${target}`);
}

/** The accessible text of the focused element (its aria-label, else its text), for focus assertions. */
export async function focusedText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return '';
    return (element.getAttribute('aria-label') ?? element.innerText ?? '').trim();
  });
}

/**
 * The app as it is seen: `#root`. A message (toast, success banner, the assessment clock) is also
 * copied into the live region `#app-live-region`, a sibling of `#root` that only screen readers
 * read, so a page-wide getByText of a message finds it twice: look for what is shown in app(page).
 * (Dialogs are portalled out of #root: find their text through the dialog's locator.)
 */
export const app = (page: Page): Locator => page.locator('#root');

/** Records every layout shift of the pages `page` loads from now on (a PerformanceObserver from the first script). */
export async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { shifts: number[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The sum of the layout shifts recorded since the page loaded (`watchLayoutShifts` first). */
export const layoutShiftSum = (page: Page): Promise<number> =>
  page.evaluate(() => (window as unknown as { shifts: number[] }).shifts.reduce((sum, value) => sum + value, 0));
