import {
  DEFAULT_LANGUAGE,
  isLanguage,
  languageFromAcceptLanguage,
  RTL_LANGUAGES,
  type Language,
} from '../contract/language';
import { ar } from './ar';
import type { Catalog } from './catalog';
import { en, type MessageKey } from './en';
import { es } from './es';
import { hi } from './hi';

/**
 * What the Worker renders itself (the verification page, e-mails, certificate and training-record
 * PDFs) in the four interface languages. Plain catalogs of key → template: the Worker has a few
 * dozen messages, no markup inside them and one plural; Lingui's runtime would add a compile step
 * and a dependency for what `Intl.PluralRules` and a replace already do (decision 2026-11-26).
 */
export const CATALOGS: Record<Language, Catalog> = { en, es, hi, ar };

export type { MessageKey };
export type Params = Record<string, string | number>;

/** The catalog's template with each `{name}` replaced; an unknown placeholder is left as written. */
export function t(language: Language, key: MessageKey, params: Params = {}): string {
  return fill(CATALOGS[language][key] ?? en[key], language, params);
}

/** A plural message: `base.one` / `base.other` (and the language's other CLDR forms), chosen by `count`. */
export function tp(language: Language, base: string, count: number, params: Params = {}): string {
  const catalog = CATALOGS[language] as Record<string, string | undefined>;
  const form = new Intl.PluralRules(language).select(count);
  const template =
    catalog[`${base}.${form}`] ?? catalog[`${base}.other`] ?? (en as Record<string, string>)[`${base}.other`] ?? base;
  return fill(template, language, { count, ...params });
}

const numberFormats = new Map<Language, Intl.NumberFormat>();
const numberFormat = (language: Language) => {
  let format = numberFormats.get(language);
  if (!format) numberFormats.set(language, (format = new Intl.NumberFormat(language)));
  return format;
};

function fill(template: string, language: Language, params: Params): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return typeof value === 'number' ? numberFormat(language).format(value) : value;
  });
}

/** The placeholders a template uses, for the catalog test. */
export const placeholders = (template: string) => [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort();

export const isRtl = (language: Language) => RTL_LANGUAGES.includes(language);

/** A user's stored language, English when unset or unknown. */
export const languageOf = (value: string | null | undefined): Language =>
  isLanguage(value) ? value : DEFAULT_LANGUAGE;

/**
 * The language of a document an administrator downloads (the training record): their preferred
 * language when they chose one, else what their browser asks for (the verification page's rule),
 * else English. The two existing rules, composed; no third way of choosing.
 */
export const readerLanguage = (
  preferred: string | null | undefined,
  acceptLanguage: string | null | undefined,
): Language => (isLanguage(preferred) ? preferred : languageFromAcceptLanguage(acceptLanguage));

/** English dates day-first ("21 November 2026"), as certificates have always printed them. */
const dateLocale = (language: Language) => (language === 'en' ? 'en-GB' : language);

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per language and style: making one costs far more than using it (a long training record formats hundreds of dates). */
function dateFormat(language: Language, style: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${style}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(dateLocale(language), options)));
  return format;
}

/**
 * A calendar day in the language ("21 November 2026", "21 de noviembre de 2026", "21 नवंबर 2026",
 * "٢١ نوفمبر ٢٠٢٦"), always in UTC: the same on every server and every reader's screen.
 */
export function formatDay(language: Language, iso: string): string {
  return dateFormat(language, 'day', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(iso),
  );
}

/** The time of day to the minute, 24-hour, in UTC: the part every date-and-time format shares. */
const UTC_MINUTE = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' } as const;

/** A UTC date and time to the minute in the language (the verification page's "checked at"). */
export function formatDateTime(language: Language, iso: string): string {
  return dateFormat(language, 'dateTime', { day: 'numeric', month: 'short', year: 'numeric', ...UTC_MINUTE }).format(
    new Date(iso),
  );
}

/** A UTC date and time to the minute with the month written out ("25 November 2026 at 08:49"): the training record's "generated". */
export function formatLongDateTime(language: Language, iso: string): string {
  return dateFormat(language, 'longDateTime', { day: 'numeric', month: 'long', year: 'numeric', ...UTC_MINUTE }).format(
    new Date(iso),
  );
}

/**
 * A course's delivery language (ISO code) named in the reader's language ("Spanish", "español",
 * "स्पेनिश", "الإسبانية"); an unknown code is shown as it is.
 */
export function formatLanguageName(language: Language, code: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}
