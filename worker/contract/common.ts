import * as v from 'valibot';

/**
 * A required text field whose every failure (missing key, wrong type, blank) answers with the
 * one message for that field. Trimmed.
 */
export const requiredString = (message: string) =>
  v.pipe(v.optional(v.string(message), ''), v.string(message), v.trim(), v.nonEmpty(message));

/** A required text field (as `requiredString`) with a length limit and the message for text over it. */
export const requiredText = (requiredMessage: string, max: number, tooLongMessage?: string) =>
  v.pipe(requiredString(requiredMessage), v.maxLength(max, tooLongMessage));

/**
 * Bidirectional control characters (embeddings, overrides, isolates, directional marks, the Arabic
 * letter mark): in a name they can reorder the text around it, so names and usernames drop them.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;
export const stripBidiControls = (value: string): string => value.replace(BIDI_CONTROLS, '');

/** The zero-width space, word joiner, BOM, soft hyphen, Mongolian vowel separator: never needed to write a name. */
const ZERO_WIDTH = /[\u200B\u2060\uFEFF\u00AD\u180E]/g;
/** The zero-width non-joiner and joiner (an alternation: a class with the joiner reads as an emoji sequence). */
const JOINERS = /\u200C|\u200D/g;
const LETTER = /[\p{L}\p{M}]/u;
const LATIN = /\p{Script=Latin}/u;
/**
 * A zero-width (non-)joiner shapes the letters either side of it in Devanagari, Arabic, Persian and
 * other joining scripts; after a Latin letter, at an end or beside a space it only hides.
 */
function keepsJoiner(text: string, at: number): boolean {
  const before = text[at - 1] ?? '';
  const after = text[at + 1] ?? '';
  return LETTER.test(before) && !LATIN.test(before) && LETTER.test(after);
}

/**
 * The one normal form of what people type about people (usernames, names, department, job title),
 * applied before every check so the stored value is the validated one: Unicode NFC (a precomposed
 * "é" and "e" + combining accent are one name), no direction controls, no zero-width characters,
 * every run of whitespace one space, trimmed. A username loses the zero-width (non-)joiners too; a
 * name keeps them only where a joining script needs them (docs/decisions/2026-11-28-people-text.md).
 */
export function normalizePersonText(value: string, kind: 'username' | 'text' = 'text'): string {
  return stripBidiControls(value.normalize('NFC'))
    .replace(ZERO_WIDTH, '')
    .replace(JOINERS, (joiner, at: number, text: string) => (kind === 'text' && keepsJoiner(text, at) ? joiner : ''))
    .replace(/\s+/g, ' ')
    .trim();
}

/** Optional text: blank becomes null. */
export const optionalText = (max = 5000, message = `Must be at most ${max} characters`) =>
  v.pipe(
    v.optional(v.nullable(v.string()), null),
    v.transform((value) => (value == null || value.trim() === '' ? null : value.trim())),
    v.nullable(v.pipe(v.string(), v.maxLength(max, message))),
  );

export const emailSchema = (requiredMessage = 'Email is required') =>
  v.pipe(requiredString(requiredMessage), v.email('Please enter a valid email address'));

/** A whole number from `min` to `max`; every way of missing it (wrong type, fraction, out of range) answers `message`. */
export const wholeNumber = (min: number, max: number, message: string) =>
  v.pipe(v.number(message), v.integer(message), v.minValue(min, message), v.maxValue(max, message));

/** A number from `min` to `max`, fractions allowed; every way of missing it answers `message`. */
export const numberBetween = (min: number, max: number, message: string) =>
  v.pipe(v.number(message), v.minValue(min, message), v.maxValue(max, message));

/** A list of one to `max` entries of `item`; an empty, missing or overlong list answers `message`. */
export const oneToMany = <TItem extends v.GenericSchema>(item: TItem, max: number, message: string) =>
  v.pipe(v.array(item, message), v.minLength(1, message), v.maxLength(max, message));

/** Query-string integers ("?page=2"): blank means the default; out of range answers `message`. */
export const queryInt = (
  fallback: number,
  min: number,
  max: number,
  message = `Must be a whole number from ${min} to ${max}`,
) =>
  v.pipe(
    v.optional(v.string(), String(fallback)),
    v.transform((value) => (value.trim() === '' ? fallback : Number(value))),
    wholeNumber(min, max, message),
  );

/** Query-string flags: `true`, `1`, `yes`, `on` are true; anything else (or nothing) is false. */
export const queryBool = v.pipe(
  v.optional(v.string(), ''),
  v.transform((value) => ['true', '1', 'yes', 'on'].includes(value.trim().toLowerCase())),
);

/** A free-text search box: trimmed, blank means "no filter". */
export const searchText = v.pipe(v.optional(v.string(), ''), v.trim(), v.maxLength(200, 'Search is too long'));

// ---------------------------------------------------------------------------------------------
// Pagination: the one shape of every paged list
// ---------------------------------------------------------------------------------------------

/** Rows-per-page choices of an admin table that sets no sizes of its own (10, 25, 50, 100). */
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

/** `?page=1&limit=10&search=` — pages count from 1. */
export const pageQueryFields = (defaultLimit: number = DEFAULT_PAGE_SIZE, maxLimit: number = MAX_PAGE_SIZE) => ({
  page: queryInt(1, 1, 100_000, 'page must be a positive whole number'),
  limit: queryInt(defaultLimit, 1, maxLimit, `limit must be between 1 and ${maxLimit}`),
  search: searchText,
});

/**
 * For lists that original clients read as a plain array: without `page` the route answers the
 * whole (filtered) array, with `page` it answers the one paged envelope. `page` stays undefined
 * when absent so the route can tell the two apart.
 */
export const arrayOrPageQueryFields = (defaultLimit: number = DEFAULT_PAGE_SIZE, maxLimit: number = MAX_PAGE_SIZE) => ({
  ...pageQueryFields(defaultLimit, maxLimit),
  page: v.optional(queryInt(1, 1, 100_000, 'page must be a positive whole number')),
});

/** A path id: opaque, but bounded and printable, so a malformed id is a 400, never a 500. */
export const idString = v.pipe(
  v.string('Invalid id'),
  v.nonEmpty('Invalid id'),
  v.maxLength(100, 'Invalid id'),
  v.regex(/^[A-Za-z0-9._~-]+$/, 'Invalid id'),
);

/** A search endpoint's text: `?q=` (also `?query=` or `?search=`, as original clients send). */
export const searchQuery = v.object({ q: searchText, query: searchText, search: searchText });
export const searchTermOf = (value: v.InferOutput<typeof searchQuery>) => value.q || value.query || value.search;

/** Where a page sits in the whole list; every paged list answers `{<items>: [...], pagination}`. */
export interface Pagination {
  /** 1-based. */
  page: number;
  totalPages: number;
  totalItems: number;
  itemsPerPage: number;
}

export function paginationOf(page: number, itemsPerPage: number, totalItems: number): Pagination {
  return { page, totalPages: Math.max(1, Math.ceil(totalItems / itemsPerPage)), totalItems, itemsPerPage };
}

export const idParam = v.object({ id: idString });

/** `items` in runs of `size` (import files, bulk changes and deletions go to the database in parts). */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
