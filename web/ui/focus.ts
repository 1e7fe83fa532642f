/**
 * Where keyboard focus goes when the screen changes under it (docs/decisions/2026-11-25-focus-and-announcements.md):
 * - a route change: the new page's main heading (`focusPageHeading`, run once by web/hooks/use-route-focus.ts);
 * - new content inside a page (an assessment started, a result shown): that content (`moveFocusTo`);
 * - a dialog closing: the control that opened it, or, when that control is gone (its row was
 *   deleted), the same control of the next (or previous) row, else the page heading (`returnFocusTarget`).
 * The target of a programmatic move gets tabIndex -1, so it is focusable without becoming a Tab stop;
 * its ring shows only to keyboard users (global :focus-visible style).
 */

const FOCUSABLE =
  'a[href], button:not(:disabled), input:not(:disabled):not([type="hidden"]), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

/** How long a route change waits for its page's heading (a page may first load its data). */
export const HEADING_WAIT_MS = 10_000;

/** Top bar height plus a margin: a focused target scrolled into view is not hidden under the fixed bar. */
const TOP_BAR_CLEARANCE = 88;

function makeFocusable(el: HTMLElement): void {
  if (!el.hasAttribute('tabindex')) el.tabIndex = -1;
}

/** The page's main heading: the h1 of the main landmark (a shell's, or a public page's own). */
export function pageHeading(root: ParentNode = document): HTMLElement | null {
  return root.querySelector<HTMLElement>('main h1') ?? root.querySelector<HTMLElement>('h1');
}

/**
 * Focuses `el` and brings it into view: near the top of the page the page is scrolled to its top
 * (so the back link above a heading stays visible), further down the element is put just under
 * the top bar. Returns whether focus landed on it.
 */
export function moveFocusTo(el: HTMLElement | null, options: { scroll?: 'top' | 'element' } = {}): boolean {
  if (!el?.isConnected) return false;
  makeFocusable(el);
  el.focus({ preventScroll: true });
  const top = el.getBoundingClientRect().top + window.scrollY;
  const scroll = options.scroll ?? (top < window.innerHeight / 2 ? 'top' : 'element');
  window.scrollTo({ top: scroll === 'top' ? 0 : Math.max(0, top - TOP_BAR_CLEARANCE) });
  return document.activeElement === el;
}

/**
 * After a route change: focuses the new page's h1 as soon as it is rendered (lazy chunk and data
 * loaded), and scrolls to the top. Nothing is moved when the page put focus somewhere itself (a
 * login form's autofocus field) or the person pressed a key or clicked meanwhile, and the wait
 * ends after HEADING_WAIT_MS. Returns a cancel function (the next route change cancels the wait).
 */
export function focusPageHeading(): () => void {
  let finished = false;
  const observer = new MutationObserver(() => attempt());
  const timer = window.setTimeout(() => stop(), HEADING_WAIT_MS);
  const onUserAction = () => stop();

  function stop() {
    if (finished) return;
    finished = true;
    observer.disconnect();
    window.clearTimeout(timer);
    document.removeEventListener('keydown', onUserAction, true);
    document.removeEventListener('pointerdown', onUserAction, true);
  }

  function attempt() {
    if (finished) return;
    const heading = pageHeading();
    if (!heading) return;
    const active = document.activeElement;
    const main = heading.closest('main');
    // The page focused something of its own (autoFocus): that was deliberate, keep it.
    const pageChoseFocus =
      active instanceof HTMLElement &&
      active !== document.body &&
      active !== main &&
      main?.contains(active) &&
      !heading.contains(active);
    if (!pageChoseFocus) moveFocusTo(heading, { scroll: 'top' });
    stop();
  }

  document.addEventListener('keydown', onUserAction, true);
  document.addEventListener('pointerdown', onUserAction, true);
  observer.observe(document.body, { childList: true, subtree: true });
  attempt();
  return stop;
}

/** What a dialog remembers of the control that opened it. */
export interface OpenerMemo {
  el: HTMLElement;
  /** The list row (table row or card) holding the opener, if any, and its neighbours at open time. */
  next: Element | null;
  previous: Element | null;
  /** The opener's position among its row's focusable controls. */
  index: number;
}

/** Call when a dialog opens, before it takes focus. */
export function captureOpener(): OpenerMemo | null {
  const el = document.activeElement;
  if (!(el instanceof HTMLElement) || el === document.body) return null;
  const row = el.closest('tr, li');
  return {
    el,
    next: row?.nextElementSibling ?? null,
    previous: row?.previousElementSibling ?? null,
    index: row ? Array.from(row.querySelectorAll<HTMLElement>(FOCUSABLE)).indexOf(el) : -1,
  };
}

const usable = (el: HTMLElement) => el.isConnected && !el.matches(':disabled') && el.getClientRects().length > 0;

/**
 * Where focus returns when a dialog closes: the opener while it is still there and usable;
 * otherwise the same control (by position) of the row after it, or before it, so a keyboard user
 * deleting rows keeps their place; otherwise the page heading. A dialog that opened by itself
 * (incomplete attempts, a new certificate) had no opener: focus goes to the page heading too.
 */
export function returnFocusTarget(memo: OpenerMemo | null): HTMLElement | null {
  if (memo && usable(memo.el)) return memo.el;
  for (const row of memo ? [memo.next, memo.previous] : []) {
    if (!row?.isConnected) continue;
    const controls = Array.from(row.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(usable);
    const same = controls[Math.min(Math.max(memo?.index ?? 0, 0), controls.length - 1)];
    if (same) return same;
  }
  const heading = pageHeading();
  if (heading) makeFocusable(heading);
  return heading;
}
