import { useEffect, useState } from 'react';
import { useSearchParams } from 'wouter';

/** Values to write into the query string; blank, null and undefined remove the key. */
export type SearchPatch = Readonly<Record<string, string | number | null | undefined>>;

/** The query string after `patch`, other keys kept in their order. */
export function patchSearch(current: URLSearchParams | string, patch: SearchPatch): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(patch)) {
    if (value === null || value === undefined || value === '') next.delete(key);
    else next.set(key, String(value));
  }
  return next;
}

/** A whole number from the query string, or `fallback` when it is missing or not one of `allowed`. */
export function searchInt(value: string | null, fallback: number, allowed?: readonly number[]): number {
  const n = Number(value);
  if (value === null || value === '' || !Number.isInteger(n) || n < 1) return fallback;
  return allowed && !allowed.includes(n) ? fallback : n;
}

/**
 * A screen whose filters live in the address: a reload, a shared link or Back from a detail page
 * shows the same rows. Changes replace the history entry, so Back leaves the screen instead of
 * stepping through every keystroke.
 */
export function useSearchState() {
  const [params, setParams] = useSearchParams();
  return {
    params,
    get: (key: string) => params.get(key) ?? '',
    update: (patch: SearchPatch) => setParams((current) => patchSearch(current, patch), { replace: true }),
  };
}

/**
 * A text box bound to a query-string value, written after a pause in typing (one request per
 * pause, not per keystroke). A change of the address from elsewhere (Back, "Clear filters")
 * shows in the box.
 */
export function useDebouncedSearchText(value: string, write: (text: string) => void, delayMs: number) {
  const [text, setText] = useState(value);
  useEffect(() => {
    setText((current) => (current.trim() === value ? current : value));
  }, [value]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `write` is a new function every render and would restart the pause
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => write(text.trim()), delayMs);
    return () => clearTimeout(timer);
    // Not on `write`: it is a new function every render and would restart the pause.
  }, [text, value, delayMs]);
  return [text, setText] as const;
}
