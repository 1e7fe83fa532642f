const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"]), video[controls], audio[controls], iframe';

/**
 * Ref callback for a box that may scroll: a scrolling box must be reachable by keyboard (WCAG 2.1.1,
 * axe scrollable-region-focusable). While its content overflows and nothing inside it can take
 * focus, the box itself is a Tab stop (arrow keys then scroll it); otherwise it stays out of the Tab
 * order. Re-checked when the box or its children resize and when children come and go.
 *
 *   <div ref={keepScrollableFocusable} className={css({ overflowX: 'auto' })}>...</div>
 */
export function keepScrollableFocusable(element: HTMLElement | null): (() => void) | undefined {
  if (!element) return undefined;
  const update = () => {
    const overflows = element.scrollHeight > element.clientHeight + 1 || element.scrollWidth > element.clientWidth + 1;
    const stop = overflows && !element.querySelector(FOCUSABLE);
    if (stop) element.setAttribute('tabindex', '0');
    else if (element.getAttribute('tabindex') === '0') element.removeAttribute('tabindex');
  };
  const sizes = new ResizeObserver(update);
  const watch = () => {
    sizes.disconnect();
    sizes.observe(element);
    for (const child of Array.from(element.children)) sizes.observe(child);
    update();
  };
  const children = new MutationObserver(watch);
  children.observe(element, { childList: true });
  watch();
  return () => {
    sizes.disconnect();
    children.disconnect();
  };
}
