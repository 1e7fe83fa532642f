import * as v from 'valibot';

/**
 * The interface languages: English, Spanish, Hindi and Arabic (right-to-left). A user's preferred
 * language (`users.language`) is one of these or null ("follow the browser"); the Worker renders
 * e-mails and certificates in it, and the verification page in the viewer's `Accept-Language`.
 */
export const LANGUAGES = ['en', 'es', 'hi', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const RTL_LANGUAGES: readonly Language[] = ['ar'];

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

export const LANGUAGE_MESSAGE = 'Language must be one of en, es, hi, ar (or null for the browser language)';

/** A user's preferred language on a profile or admin write: absent leaves it, null clears it. */
export const preferredLanguage = v.optional(v.nullable(v.picklist(LANGUAGES, LANGUAGE_MESSAGE)));

/**
 * The best of LANGUAGES for an `Accept-Language` header (quality values honoured, `es-MX` matches
 * `es`); English when nothing matches.
 */
export function languageFromAcceptLanguage(header: string | null | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return {
        base: tag.trim().toLowerCase().split('-')[0] ?? '',
        quality: Number.isFinite(quality) ? quality : 0,
        index,
      };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return ranked.map((entry) => entry.base).find(isLanguage) ?? DEFAULT_LANGUAGE;
}
