/**
 * The one place the client turns values into display text: dates, date-times, durations, file
 * sizes, scores, numbers and lists. Screens import from here instead of writing their own `toLocale...` calls, so
 * every table shows the same date the same way.
 */

// Relative import (not @contract/*): the unit-test project has no path alias.
import { formatFileSize as englishFileSize } from '../worker/contract/materials';
import { currentLocale, formatLocale } from './i18n/locale';

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/**
 * File sizes as Bytes, KB, MB or GB (base 1024, 2 decimals). English is the Worker's own function
 * (its messages use it); other languages get the same value with Intl's unit names and digits.
 */
export function formatFileSize(bytes: number | null | undefined): string {
  if (currentLocale() === 'en') return englishFileSize(bytes);
  const size = bytes == null || !Number.isFinite(bytes) || bytes <= 0 ? 0 : bytes;
  const exponent = size === 0 ? 0 : Math.min(BYTE_UNITS.length - 1, Math.floor(Math.log(size) / Math.log(1024)));
  return new Intl.NumberFormat(formatLocale(), {
    style: 'unit',
    unit: BYTE_UNITS[exponent],
    unitDisplay: 'short',
    maximumFractionDigits: 2,
  }).format(size / 1024 ** exponent);
}

type DateInput = string | number | Date | null | undefined;

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A calendar day in the reader's locale ("25 Nov 2026"); `empty` when there is no date. */
export function formatDate(value: DateInput, empty = '—'): string {
  const date = toDate(value);
  return date ? date.toLocaleDateString(formatLocale(), { dateStyle: 'medium' }) : empty;
}

/** A day and time in the reader's locale ("25 Nov 2026, 14:05"); `empty` when there is no date. */
export function formatDateTime(value: DateInput, empty = '—'): string {
  const date = toDate(value);
  return date ? date.toLocaleString(formatLocale(), { dateStyle: 'medium', timeStyle: 'short' }) : empty;
}

/**
 * Certificate dates as printed on the PDF: "21 November 2026", in UTC so that the dialog and the
 * file agree whatever the reader's time zone.
 */
export function formatCertificateDate(value: DateInput, empty = '-'): string {
  const date = toDate(value);
  // English keeps the PDF's own form; other languages read the same UTC day in their own words.
  const locale = currentLocale() === 'en' ? 'en-GB' : formatLocale();
  return date
    ? date.toLocaleDateString(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })
    : empty;
}

/**
 * Time spent, in the reader's locale. By minute (the default): "Xh Ym", minutes only under an hour
 * ("45m"), as a learner's course page shows it. By second (SCORM packages report their own time to
 * the second): "1 hr 5 min", "4 min 10 sec" or "35 sec".
 */
export function formatDuration(seconds: number, precision: 'minute' | 'second' = 'minute'): string {
  type Unit = 'hour' | 'minute' | 'second';
  const unitDisplay = precision === 'minute' ? 'narrow' : 'short';
  const unit = (value: number, name: Unit) =>
    new Intl.NumberFormat(formatLocale(), { style: 'unit', unit: name, unitDisplay }).format(value);
  if (precision === 'minute') {
    const safe = Math.max(0, Math.floor(seconds));
    const h = Math.floor(safe / 3600);
    const m = Math.floor((safe % 3600) / 60);
    return h > 0 ? `${unit(h, 'hour')} ${unit(m, 'minute')}` : unit(m, 'minute');
  }
  const s = Math.max(0, Math.round(seconds));
  if (s >= 3600) return `${unit(Math.floor(s / 3600), 'hour')} ${unit(Math.floor((s % 3600) / 60), 'minute')}`;
  if (s >= 60) return `${unit(Math.floor(s / 60), 'minute')} ${unit(s % 60, 'second')}`;
  return unit(s, 'second');
}

/**
 * A running clock or a position in a video: `m:ss` (`0:07`, `12:03`), `h:mm:ss` past an hour.
 * `minuteDigits: 2` keeps two minute digits under an hour (`04:05`), as the assessment countdown
 * shows it. Digits as written, in every language: a clock reads the same everywhere.
 */
export function formatClock(seconds: number, minuteDigits: 1 | 2 = 1): string {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  if (h > 0) return `${h}:${String(m).padStart(2, '0')}:${s}`;
  return `${String(m).padStart(minuteDigits, '0')}:${s}`;
}

/** A percentage score rounded to a whole number ("85%"); `empty` when there is none yet. */
export function formatScore(score: number | null | undefined, empty = '-'): string {
  if (score === null || score === undefined || Number.isNaN(score)) return empty;
  return new Intl.NumberFormat(formatLocale(), { style: 'percent', maximumFractionDigits: 0 }).format(
    Math.round(score) / 100,
  );
}

/**
 * A calendar day stored as `YYYY-MM-DD` (the day a retraining event happened) in the reader's
 * locale, never shifted by the time zone: the 3rd is the 3rd everywhere. An ISO instant is shown
 * as `formatDate` shows it.
 */
export function formatDay(value: string | null | undefined, empty = '—'): string {
  if (!value) return empty;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return formatDate(value, empty);
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])).toLocaleDateString(formatLocale(), {
    dateStyle: 'medium',
  });
}

/** `date` (default now) as `YYYY-MM-DD` in the reader's time zone: what a date input holds for that day. */
export function dayInputValue(date: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

const pluralRules = new Intl.PluralRules('en');

/**
 * A count with its noun in the right number: "1 attempt", "0 attempts", "2 people". English plural
 * rules (Intl.PluralRules); `plural` defaults to the noun with an "s". Every count the client shows
 * next to a noun goes through here, so "1 attempts left" cannot come back.
 */
export function formatCount(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${pluralRules.select(count) === 'one' ? singular : plural}`;
}

/** A number in the reader's locale ("1,234"; Arabic-Indic digits in Arabic). */
export function formatNumber(value: number): string {
  return new Intl.NumberFormat(formatLocale()).format(value);
}

/**
 * A percentage with up to two decimals ("66.67%"), in the reader's locale: assessment scores as
 * graded. `maximumFractionDigits` narrows it where a figure reads better shorter (compliance: "87.5%").
 */
export function formatPercent(value: number, maximumFractionDigits = 2): string {
  return new Intl.NumberFormat(formatLocale(), { style: 'percent', maximumFractionDigits }).format(value / 100);
}

/** Items joined as the reader's language joins a short list ("English, Spanish, Arabic"; narrow style). */
export function formatList(items: readonly string[]): string {
  return new Intl.ListFormat(formatLocale(), { style: 'narrow' }).format(items);
}
