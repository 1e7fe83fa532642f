import { MIN_SECONDS_PER_PAGE } from '@contract/rules/viewing';
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Which pages of a PDF the learner has actually seen: a page counts once it was mostly visible
 * (at least half of it on screen, or filling at least half of the screen when zoomed in), in a
 * visible tab, for MIN_SECONDS_PER_PAGE in total. Counted pages are remembered in this browser
 * under `memoryKey` (the learner's progress record on the component), so a reload or a return
 * visit adds to them instead of starting over; the server's progress stays the floor either way.
 */

const MIN_VIEW_MS = MIN_SECONDS_PER_PAGE * 1000;

function readMemory(key: string | null, startFresh: boolean): number[] {
  if (!key) return [];
  try {
    if (startFresh) {
      localStorage.removeItem(key);
      return [];
    }
    const parsed: unknown = JSON.parse(localStorage.getItem(key) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((n): n is number => Number.isInteger(n) && n > 0) : [];
  } catch {
    return [];
  }
}

function writeMemory(key: string | null, pages: Set<number>) {
  if (!key) return;
  try {
    localStorage.setItem(key, JSON.stringify([...pages].sort((a, b) => a - b)));
  } catch {
    /* storage blocked: pages are then counted within this visit only */
  }
}

/** True while `element` is mostly visible on screen. */
function useMostlyVisible(element: HTMLElement | null): boolean {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!element) return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry) return;
        const screen = entry.rootBounds?.height ?? window.innerHeight;
        setVisible(
          entry.isIntersecting && (entry.intersectionRatio >= 0.5 || entry.intersectionRect.height >= screen / 2),
        );
      },
      { threshold: [0, 0.1, 0.25, 0.4, 0.5, 0.6, 0.75, 0.9, 1] },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return visible;
}

function useTabVisible(): boolean {
  const [visible, setVisible] = useState(() => document.visibilityState === 'visible');
  useEffect(() => {
    const update = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}

/**
 * Times the page on screen (`shownPage`: the page whose drawing is finished, null while none is)
 * and answers the set of viewed pages (remembered ones included).
 */
export function usePageViews({
  element,
  shownPage,
  memoryKey,
  startFresh,
}: {
  element: HTMLElement | null;
  shownPage: number | null;
  memoryKey: string | null;
  /** Forget what was remembered (a material not started yet: e.g. a new training cycle reuses the record). */
  startFresh: boolean;
}): ReadonlySet<number> {
  const [viewed, setViewed] = useState<ReadonlySet<number>>(() => new Set(readMemory(memoryKey, startFresh)));
  const shownMs = useRef(new Map<number, number>());
  const visible = useMostlyVisible(element);
  const tabVisible = useTabVisible();

  const count = useCallback(
    (page: number) => {
      setViewed((before) => {
        if (before.has(page)) return before;
        const next = new Set(before).add(page);
        writeMemory(memoryKey, next);
        return next;
      });
    },
    [memoryKey],
  );

  useEffect(() => {
    if (shownPage === null || !visible || !tabVisible || viewed.has(shownPage)) return;
    const page = shownPage;
    const since = performance.now();
    const id = window.setTimeout(() => count(page), Math.max(0, MIN_VIEW_MS - (shownMs.current.get(page) ?? 0)));
    return () => {
      window.clearTimeout(id);
      shownMs.current.set(page, (shownMs.current.get(page) ?? 0) + performance.now() - since);
    };
  }, [shownPage, visible, tabVisible, viewed, count]);

  return viewed;
}
