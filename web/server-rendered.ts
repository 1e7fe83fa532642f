import { SERVER_DATA_ID, SERVER_MARKUP_ID } from '@contract/landing';
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
  // Focus moved into the Worker's copy (a fast Tab) would fall to <body>: it goes to the same control.
  const focused =
    document.activeElement instanceof HTMLElement && server.contains(document.activeElement)
      ? focusPath(server, document.activeElement)
      : null;
  // A language picked in the Worker's copy (its switcher has no script behind it) is applied now.
  const picked = server.querySelector('select')?.selectedOptions[0];
  server.remove();
  const root = document.getElementById('root');
  root?.removeAttribute('hidden');
  if (focused && root) elementAt(root, focused)?.focus();
  if (picked && !picked.defaultSelected && isLocale(picked.value)) void changeLocale(picked.value);
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
