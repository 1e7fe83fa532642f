import * as v from 'valibot';
import { idString } from './common';
import { REFUSALS } from './errors';

/**
 * Delivery languages: the language a course version is written in, recorded on the progress,
 * attempts and certificate of that version. A course family is the same course in several
 * languages within one book; a certificate of any version satisfies a requirement of the family.
 */
export const DELIVERY_LANGUAGES = ['en', 'es', 'hi', 'ar'] as const;
export type DeliveryLanguage = (typeof DELIVERY_LANGUAGES)[number];

/** The English name, as certificates, the verification page and training records print it. */
export const DELIVERY_LANGUAGE_NAMES: Record<DeliveryLanguage, string> = {
  en: 'English',
  es: 'Spanish',
  hi: 'Hindi',
  ar: 'Arabic',
};
/** The language's own name, for the "Also available in" control (a reader of that language finds it). */
export const DELIVERY_LANGUAGE_AUTONYMS: Record<DeliveryLanguage, string> = {
  en: 'English',
  es: 'Español',
  hi: 'हिन्दी',
  ar: 'العربية',
};

export const isDeliveryLanguage = (value: unknown): value is DeliveryLanguage =>
  typeof value === 'string' && (DELIVERY_LANGUAGES as readonly string[]).includes(value);

/** A stored code shown by name; an unknown code (none today) is shown as it is. */
export const deliveryLanguageName = (code: string): string =>
  isDeliveryLanguage(code) ? DELIVERY_LANGUAGE_NAMES[code] : code;

export const languageMessages = {
  invalid: REFUSALS['language.invalid'],
  familyCourseNotFound: REFUSALS['language.familyCourseNotFound'],
  sameCourse: REFUSALS['language.sameCourse'],
  otherBook: REFUSALS['language.otherBook'],
  languageTaken: REFUSALS['language.taken'],
} as const;

export const deliveryLanguageSchema = v.picklist(DELIVERY_LANGUAGES, languageMessages.invalid);

/**
 * The learner's preferred language for choosing a course version: `?lang=` when given, else the
 * first supported language of `Accept-Language` by quality (the client sends its chosen interface
 * language there; a browser sends its own by default). Region subtags are ignored (`es-MX` is
 * `es`). Null when nothing supported is asked for.
 */
export function preferredLanguage(
  acceptLanguage: string | null | undefined,
  lang?: string | null,
): DeliveryLanguage | null {
  const asked = lang?.trim().toLowerCase().split(/[-_]/)[0];
  if (isDeliveryLanguage(asked)) return asked;
  if (!acceptLanguage) return null;
  const ranges = acceptLanguage
    .slice(0, 512)
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { code: tag.trim().toLowerCase().split('-')[0], quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((r) => r.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const range of ranges) if (isDeliveryLanguage(range.code)) return range.code;
  return null;
}

/** One language version of a course, as the learner's course page and the admin editor list them. */
export interface CourseVersion {
  id: string;
  language: DeliveryLanguage;
  title: string;
}

/**
 * `PUT /api/v2/admin/courses/{id}/family`: the course's language and its family. `familyWith`
 * absent keeps the family as it is, `null` takes the course out of its family, a course id puts it
 * in that course's family (same book, one version per language).
 */
export const courseFamilyBody = v.object({
  language: v.pipe(v.optional(v.string(), ''), v.trim(), v.toLowerCase(), deliveryLanguageSchema),
  familyWith: v.optional(v.nullable(idString)),
});
export type CourseFamilyBody = v.InferInput<typeof courseFamilyBody>;
