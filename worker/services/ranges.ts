export type RangeResult = { offset: number; length: number } | 'unsatisfiable' | null;

/** Single byte ranges (`bytes=a-b`, `bytes=a-`, `bytes=-n`); anything else is served whole (null). */
export function parseRange(header: string | undefined, size: number): RangeResult {
  const match = header?.match(/^bytes=(\d*)-(\d*)$/);
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || end < start) return 'unsatisfiable';
  return { offset: start, length: end - start + 1 };
}
