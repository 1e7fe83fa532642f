import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page, Request } from 'playwright-core';
import { VIEWPORTS } from './browser';

/*
 * Accessibility checks for browser journeys: axe-core (through @axe-core/playwright) with the WCAG 2.0,
 * 2.1 and 2.2 level A and AA rules; a violation of impact "critical" or "serious" fails.
 *
 *   await expectAccessible(page, 'reports');                          // the whole page, as it is now
 *   await expectAccessible(page, 'delete dialog', { within: dialog }); // only inside a dialog
 *
 * A journey that checks many screens collects them and fails once, listing every screen:
 *
 *   const audit = accessibilityAudit();
 *   await audit.check(page, 'dashboard');
 *   await audit.atBothWidths(page, 'dashboard');  // 1280 px, then 390 px, back to 1280 px
 *   audit.assertClean();
 *
 * axe is evaluated through the DevTools protocol, so the page's strict CSP does not block it. It runs
 * in "legacy" mode (axe.run in the page, same-origin frames only): the default mode opens a blank page
 * per check to merge frame results, which doubled the time of a check and adds nothing here (the app
 * has no cross-origin frames to audit). A second check on the same document reuses the axe injected
 * by the first.
 */

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] as const;
export const FAILING_IMPACTS: readonly string[] = ['critical', 'serious'];

// The axe-core that @axe-core/playwright itself depends on (not a direct dependency of this project).
const axeCorePath = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve(
  'axe-core/axe.min.js',
);
const AXE_SOURCE = readFileSync(axeCorePath, 'utf8');

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  helpUrl: string;
  targets: string[];
  summaries: string[];
}

export interface AxeCheckOptions {
  /** Audit only inside this element (e.g. an open dialog); the default is the whole page. */
  within?: Locator;
}

const pending = new WeakMap<Page, Set<Request>>();

/**
 * Follows the page's API calls (fetch/XHR) from now on, so a check waits for what they will render.
 * Idempotent; axeFindings calls it, and calling it right after opening the page also covers the
 * calls made before the first check.
 */
export function trackRequests(page: Page): Set<Request> {
  let set = pending.get(page);
  if (!set) {
    const calls = new Set<Request>();
    page.on('request', (request) => {
      if (request.resourceType() === 'fetch' || request.resourceType() === 'xhr') calls.add(request);
    });
    page.on('requestfinished', (request) => calls.delete(request));
    page.on('requestfailed', (request) => calls.delete(request));
    pending.set(page, calls);
    set = calls;
  }
  return set;
}

/**
 * Waits until the page is still: no API call in flight (at most 10 s) and nothing animating
 * (dialogs, drawers, tab indicators; endless spinners aside), then one frame for React to commit.
 * axe reads the page over several hundred milliseconds; content arriving meanwhile gave a control
 * judged enabled and coloured as disabled in one run.
 */
export async function settle(page: Page): Promise<void> {
  const calls = trackRequests(page);
  const deadline = Date.now() + 10_000;
  while (calls.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
  await page.waitForFunction(
    () =>
      document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    undefined,
    { polling: 50 },
  );
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/** The critical and serious violations on the page now. */
export async function axeFindings(page: Page, options: AxeCheckOptions = {}): Promise<AxeFinding[]> {
  await settle(page);
  // axe stays in the document between checks (in-app navigation keeps it): sending and parsing its
  // 550 KB again took half the time of a check.
  const loaded = await page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function');
  const builder = new AxeBuilder({ page, axeSource: loaded ? 'void 0' : AXE_SOURCE })
    .setLegacyMode(true)
    // The WCAG tags; passing and incomplete results are not read, so their node details are left out
    // (faster). Frames are not entered: the app's only iframes show PDFs in the browser's own viewer,
    // third-party content the app cannot change (the iframe element itself is still checked).
    .options({ runOnly: { type: 'tag', values: [...WCAG_TAGS] }, resultTypes: ['violations'], iframes: false });
  let marker: string | undefined;
  if (options.within) {
    marker = `axe-${Math.random().toString(36).slice(2)}`;
    await options.within.evaluate((element, value) => element.setAttribute('data-axe-scope', value), marker);
    builder.include(`[data-axe-scope="${marker}"]`);
  }
  try {
    const results = await builder.analyze();
    return results.violations
      .filter((v) => FAILING_IMPACTS.includes(v.impact ?? ''))
      .map((v) => ({
        id: v.id,
        impact: v.impact ?? '',
        help: v.help,
        helpUrl: v.helpUrl,
        targets: v.nodes.map((n) => n.target.map(String).join(' ')),
        summaries: v.nodes.map((n) => (n.failureSummary ?? '').replace(/\s*\n\s*/g, ' ').trim()),
      }));
  } finally {
    if (options.within)
      await options.within.evaluate((element) => element.removeAttribute('data-axe-scope')).catch(() => undefined);
  }
}

/** One readable block per screen: rule, impact, help, and each failing element with axe's reason. */
export function formatFindings(label: string, findings: AxeFinding[]): string {
  const lines = [`${label}: ${findings.length} critical/serious axe violation(s)`];
  for (const f of findings) {
    lines.push(`  [${f.impact}] ${f.id}: ${f.help} (${f.helpUrl})`);
    f.targets.slice(0, 10).forEach((target, i) => {
      lines.push(`    - ${target}\n      ${f.summaries[i]}`);
    });
    if (f.targets.length > 10) lines.push(`    ... and ${f.targets.length - 10} more`);
  }
  return lines.join('\n');
}

/** Fails with every critical or serious violation of the page (or of `within`). */
export async function expectAccessible(page: Page, label: string, options: AxeCheckOptions = {}): Promise<void> {
  const findings = await axeFindings(page, options);
  if (findings.length > 0) throw new Error(formatFindings(label, findings));
}

/** Sets the viewport width (the height of that device too) and waits for the layout to settle. */
export async function resize(page: Page, viewport: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(viewport);
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

export interface AccessibilityAudit {
  /** Checks the page as it is; `label` names the screen in the failure. */
  check(page: Page, label: string, options?: AxeCheckOptions): Promise<void>;
  /** Checks at 1280 px, then at 390 px, and returns to 1280 px. */
  atBothWidths(page: Page, label: string, options?: AxeCheckOptions): Promise<void>;
  /** An open dialog: the whole page at 1280 px, then only the dialog at 390 px (the page behind was checked already), back to 1280 px. */
  dialog(page: Page, label: string, dialog: Locator): Promise<void>;
  /** The screens checked so far. */
  readonly checked: readonly string[];
  /** Fails listing every screen with a critical or serious violation. */
  assertClean(): void;
}

/** Collects findings over many screens so one failing run lists all of them. */
export function accessibilityAudit(): AccessibilityAudit {
  const failures: string[] = [];
  const checked: string[] = [];
  let last = Date.now();
  const check = async (page: Page, label: string, options: AxeCheckOptions = {}) => {
    const width = page.viewportSize()?.width ?? 0;
    const name = `${label} @${width}px`;
    checked.push(name);
    const started = Date.now();
    const findings = await axeFindings(page, options);
    // AXE_TIMING=1 prints each check's time and the time spent reaching it.
    if (process.env.AXE_TIMING)
      console.log(`axe ${name}: ${Date.now() - started} ms (reached in ${started - last} ms)`);
    last = Date.now();
    if (findings.length > 0) failures.push(formatFindings(name, findings));
  };
  return {
    check,
    checked,
    async atBothWidths(page, label, options) {
      await check(page, label, options);
      await resize(page, VIEWPORTS.phone);
      await check(page, label, options);
      await resize(page, VIEWPORTS.desktop);
    },
    async dialog(page, label, dialog) {
      await check(page, label);
      await resize(page, VIEWPORTS.phone);
      await check(page, label, { within: dialog });
      await resize(page, VIEWPORTS.desktop);
    },
    assertClean() {
      if (failures.length > 0)
        throw new Error(`${failures.length} of ${checked.length} screens fail axe:\n\n${failures.join('\n\n')}`);
    },
  };
}
