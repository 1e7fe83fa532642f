import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A list read from the server with a Retry: `items` is null while the first load runs; a failed
 * load shows `failureMessage` and keeps what was already on screen (or an empty list). A load that
 * is overtaken (unmount, refresh) is aborted and ignored.
 */
export function useReloadableList<T>(load: (signal: AbortSignal) => Promise<T[]>, failureMessage: string) {
  const [items, setItems] = useState<T[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);
  const refresh = useCallback(() => setGeneration((n) => n + 1), []);
  // The latest loader, without making every render a new load.
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    const controller = new AbortController();
    loadRef
      .current(controller.signal)
      .then((list) => {
        setItems(list);
        setError(null);
      })
      .catch((e: unknown) => {
        if (e instanceof DOMException && e.name === 'AbortError') return;
        setError(failureMessage);
        setItems((current) => current ?? []);
      });
    return () => controller.abort();
  }, [generation, failureMessage]);

  return { items, error, refresh };
}
