/**
 * The one greedy word wrap of the Worker's PDFs (certificate and training record), for any font:
 * the caller says whether a candidate line fits (`fits`), this decides where lines break.
 *
 * - Lines break at spaces (U+0020 and the other ASCII blanks; a no-break space keeps its words
 *   together). Runs of blanks count as one and the ends are trimmed.
 * - A word wider than a line on its own (a URL, an e-mail address, a run of CJK with no spaces)
 *   is cut between grapheme clusters (Intl.Segmenter), never inside a surrogate pair, a base and
 *   its combining marks, or an emoji sequence; a cut prefers the word's own joints (hyphen,
 *   slash, dot, @, underscore) when one is no more than half the line back.
 * - Past `maxLines` the last kept line takes the rest and is shortened, grapheme by grapheme,
 *   until it fits with "..." after it.
 */

const BLANKS = /[ \t\n\r\f\v]+/;
const JOINTS = new Set(['-', '/', '.', '@', '_']);
export const ELLIPSIS = '...';

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** The grapheme clusters of a string: what a cut may never split. */
export function graphemes(text: string): string[] {
  return Array.from(segmenter.segment(text), (s) => s.segment);
}

/** The largest n in [lo, hi] with ok(n) true, given ok(lo) (widths grow with n). */
function largest(lo: number, hi: number, ok: (n: number) => boolean): number {
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (ok(mid)) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

export function wrapText(
  text: string,
  fits: (candidate: string) => boolean,
  maxLines = Number.POSITIVE_INFINITY,
): string[] {
  const words = text.split(BLANKS).filter((word) => word !== '');
  const lines: string[] = [];
  // Each line takes the most words that fit, found by binary search: a measure may shape text
  // (Devanagari, Arabic), so a line costs a few measures, not one per word.
  let i = 0;
  // Past maxLines + 1 lines the rest only feeds the ellipsis: no need to wrap it.
  while (i < words.length && lines.length <= maxLines) {
    const take = (n: number) => words.slice(i, i + n).join(' ');
    if (fits(take(1))) {
      const n = largest(1, words.length - i, (m) => fits(take(m)));
      lines.push(take(n));
      i += n;
      continue;
    }
    // A word too wide on its own: cut it where the longest prefix fits (one grapheme at least).
    let rest = graphemes(words[i]!);
    while (rest.length > 1 && !fits(rest.join(''))) {
      let cut = largest(1, rest.length - 1, (n) => fits(rest.slice(0, n).join('')));
      let joint = -1;
      for (let k = cut - 1; k >= 0; k--) {
        if (JOINTS.has(rest[k]!)) {
          joint = k;
          break;
        }
      }
      if (joint + 1 > cut / 2) cut = joint + 1;
      lines.push(rest.slice(0, cut).join(''));
      rest = rest.slice(cut);
    }
    // The word's last piece starts the next line, and the following words may join it.
    const tail = rest.join('');
    i += 1;
    let n = 0;
    while (i + n < words.length && fits(`${tail} ${words.slice(i, i + n + 1).join(' ')}`)) n += 1;
    lines.push(n ? `${tail} ${words.slice(i, i + n).join(' ')}` : tail);
    i += n;
  }
  if (lines.length <= maxLines) return lines;

  const kept = lines.slice(0, maxLines);
  const last = graphemes([kept[maxLines - 1], ...lines.slice(maxLines), ...words.slice(i)].join(' '));
  const withEllipsis = (n: number) => `${last.slice(0, n).join('').trimEnd()}${ELLIPSIS}`;
  const n = fits(withEllipsis(1)) ? largest(1, last.length, (m) => fits(withEllipsis(m))) : 1;
  kept[maxLines - 1] = withEllipsis(n);
  return kept;
}
