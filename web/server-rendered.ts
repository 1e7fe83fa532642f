import { SERVER_DATA_ID, SERVER_MARKUP_ID } from '@contract/landing';
import { formatDate, formatNumber } from './format';
import { changeLocale, isLocale } from './i18n/locale';

/**
 * The landing page arrives rendered by the Worker (worker/routes/landing-page.ts): its markup sits
 * in #server-rendered, visible from the first paint, while the app renders into the hidden #root.
 * When the app's own first screen is ready, in the same task as React's commit (a layout effect,
 * before the browser paints), the Worker's copy leaves and #root shows. The landing page renders
 * the same markup from the same data, so nothing moves. Any other screen (an error, another
 * route) takes over the same way. Everywhere else index.html has no such copy and this does nothing.
 */
export function takeOverServerMarkup(): void {
  const server = document.getElementById(SERVER_MARKUP_ID);
  if (!server) return;
  const clicked = heldClick;
  heldClick = null;
  const root = document.getElementById('root');
  // Focus moved into the Worker's copy (a fast Tab) would fall to <body>: it goes to the same control.
  const focused =
    document.activeElement instanceof HTMLElement && server.contains(document.activeElement)
      ? focusPath(server, document.activeElement)
      : null;
  // A language picked in the Worker's copy (its switcher has no script behind it) is applied now.
  const picked = server.querySelector('select')?.selectedOptions[0];
  server.remove();
  root?.removeAttribute('hidden');
  if (focused && root) elementAt(root, focused)?.focus();
  // A button pressed in the Worker's copy is pressed again on the app's own, once its handlers exist.
  // Found by its name, not its place: the app's shell may hold more (a menu entry read since).
  const again = clicked && root ? namedControls(root, clicked.name)[clicked.nth] : undefined;
  if (again) setTimeout(() => again.click(), 0);
  if (picked && !picked.defaultSelected && isLocale(picked.value)) void changeLocale(picked.value);
}

/** Controls that do nothing without the app's scripts (links and forms' own navigation aside). */
const NEEDS_SCRIPT = 'button, [role="button"], [role="tab"], [role="menuitem"]';
let heldClick: { name: string; nth: number } | null = null;

/** What a control is called: its label, else its text (what a person pressed). */
function controlName(control: Element): string {
  return (control.getAttribute('aria-label') ?? control.textContent ?? '').trim();
}

/** The controls under `scope` that need the app's scripts and are called `name`, in document order. */
function namedControls(scope: Element, name: string): HTMLElement[] {
  return [...scope.querySelectorAll<HTMLElement>(NEEDS_SCRIPT)].filter((control) => controlName(control) === name);
}

/**
 * Until the app takes over, a button in the Worker's copy has no handler: a learner who taps
 * "Download Certificate" on a slow phone would see nothing happen. The press is kept (the last one)
 * and made again on the same button of the app's copy at the take-over. Called as the entry starts.
 */
export function holdServerClicks(): void {
  const server = document.getElementById(SERVER_MARKUP_ID);
  if (!server) return;
  server.addEventListener(
    'click',
    (event) => {
      const control = event.target instanceof Element ? event.target.closest(NEEDS_SCRIPT) : null;
      if (!control || !server.contains(control)) return;
      event.preventDefault();
      const name = controlName(control);
      heldClick = { name, nth: namedControls(server, name).indexOf(control as HTMLElement) };
    },
    true,
  );
}

/**
 * The first number or date formatter a page creates loads the browser's locale data (ICU): 20-50 ms
 * on this machine, four times that on Lighthouse's phone. Left to the take-over it lands inside a
 * card's render (a plural's count, a score); here it is a task of its own, started as the entry
 * runs, while the app's chunks download. Called for the learner pages the Worker rendered whose take-over
 * formats a number (web/main.tsx); on a page that formats none it would only add a task.
 */
export function warmFormattersForTakeOver(): void {
  // Through web/format.ts like every number and date the client shows: the same formatters' data.
  setTimeout(() => {
    formatNumber(1);
    formatDate(0);
  }, 0);
}

let data: { value: unknown } | null = null;

/** The data the Worker rendered its copy from (JSON in the page), or null on any other page. */
export function serverRenderedData<T>(): T | null {
  if (!data) {
    const element = document.getElementById(SERVER_DATA_ID);
    let value: unknown = null;
    try {
      value = element?.textContent ? JSON.parse(element.textContent) : null;
    } catch {
      value = null;
    }
    data = { value };
  }
  return data.value as T | null;
}

/** The child indexes from `root` down to `element`. */
function focusPath(root: Element, element: Element): number[] {
  const path: number[] = [];
  for (let node: Element | null = element; node && node !== root; node = node.parentElement) {
    path.unshift(node.parentElement ? Array.prototype.indexOf.call(node.parentElement.children, node) : 0);
  }
  return path;
}

function elementAt(root: Element, path: number[]): HTMLElement | null {
  let node: Element | undefined = root;
  for (const index of path) node = node?.children[index];
  return node instanceof HTMLElement ? node : null;
}
