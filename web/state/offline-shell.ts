import { useEffect } from 'react';

/** The service worker's cache name (web/public/sw.js). */
const CACHE = 'app-shell-v1';

/**
 * Keeps the app openable without a signal from the screen that calls it (the evaluator's): the
 * service worker answers a reload from its copy when the network cannot, and this page's own files,
 * loaded before the worker took over, are copied into that cache now (the worker copies later ones).
 */
export function useOfflineShell(): void {
  useEffect(() => {
    if (!('serviceWorker' in navigator) || !('caches' in window)) return;
    let cancelled = false;
    void (async () => {
      try {
        await navigator.serviceWorker.register('/sw.js');
        const files = performance
          .getEntriesByType('resource')
          .map((entry) => new URL(entry.name))
          .filter((url) => url.origin === location.origin && url.pathname.startsWith('/assets/'))
          .map((url) => url.pathname);
        const cache = await caches.open(CACHE);
        if (cancelled) return;
        await cache.addAll([...new Set([location.pathname, '/evaluate', ...files])]);
      } catch {
        // Without it the form still keeps its state; only a reload without a signal is lost.
      }
    })();
    return () => {
      cancelled = true;
    };
  }, []);
}
