import { describe, expect, it } from 'vitest';
import { languageFromAcceptLanguage, LANGUAGES } from '../../worker/contract/language';
import { CATALOGS, formatDay, formatLongDateTime, placeholders, readerLanguage, t, tp } from '../../worker/i18n';
import { en } from '../../worker/i18n/en';

/** The Worker's own catalogs (verification page, e-mails, PDF labels) against English, the source. */
const PLURAL_FORMS = ['zero', 'one', 'two', 'few', 'many', 'other'];
const pluralBase = (key: string) => {
  const dot = key.lastIndexOf('.');
  return PLURAL_FORMS.includes(key.slice(dot + 1)) ? key.slice(0, dot) : null;
};

describe('Worker catalogs', () => {
  const english = en as Record<string, string>;
  for (const language of LANGUAGES.filter((l) => l !== 'en')) {
    const catalog = CATALOGS[language] as Record<string, string>;
    it(`${language} has every English key, with the same placeholders`, () => {
      const missing = Object.keys(english).filter((key) => !(key in catalog));
      expect(missing, `${language} lacks keys`).toEqual([]);
      for (const key of Object.keys(english)) {
        // A plural form may write its number as a word ("one person": no {count}); nothing else may differ.
        const drop = (names: string[]) => (pluralBase(key) ? names.filter((name) => name !== 'count') : names);
        expect(drop(placeholders(catalog[key] ?? '')), `${language} ${key}`).toEqual(drop(placeholders(english[key]!)));
        expect(catalog[key]!.trim(), `${language} ${key} is empty`).not.toBe('');
      }
    });
    it(`${language} adds no key of its own except the other plural forms of an English plural`, () => {
      const extra = Object.keys(catalog).filter((key) => !(key in english));
      for (const key of extra) {
        const base = pluralBase(key);
        expect(base && `${base}.other` in english, `${language} has an unknown key ${key}`).toBe(true);
        // A plural form may leave out {count} (Arabic writes "one person" as a word), nothing else.
        const allowed = placeholders(english[`${base}.other`]!);
        for (const name of placeholders(catalog[key]!)) expect(allowed, `${language} ${key}`).toContain(name);
      }
    });
  }

  it('translates every label of the training record PDF: none is left as the English text', () => {
    const recordKeys = Object.keys(english).filter((key) => key.startsWith('record.'));
    expect(recordKeys.length).toBeGreaterThan(60);
    // Only what is the same in every language: a time in UTC.
    const same = new Set(['record.utcTime']);
    for (const language of LANGUAGES.filter((l) => l !== 'en')) {
      const catalog = CATALOGS[language] as Record<string, string>;
      const untranslated = recordKeys.filter((key) => !same.has(key) && catalog[key] === english[key]);
      expect(untranslated, language).toEqual([]);
    }
    expect(t('ar', 'record.utcTime', { time: 'x' })).toBe('x بالتوقيت العالمي');
  });

  it("counts required courses with each language's plural forms", () => {
    expect(tp('en', 'record.requiredCount', 1)).toBe('1 required course');
    expect(tp('es', 'record.requiredCount', 3)).toBe('3 cursos obligatorios');
    expect(tp('ar', 'record.requiredCount', 2)).toBe('دورتان إلزاميتان');
    expect(tp('ar', 'record.requiredCount', 0)).toBe('لا توجد دورات إلزامية');
  });

  it("chooses a downloaded document's language: the preferred one, else Accept-Language, else English", () => {
    expect(readerLanguage('es', 'ar,en;q=0.5')).toBe('es');
    expect(readerLanguage(null, 'ar,en;q=0.5')).toBe('ar');
    expect(readerLanguage(undefined, 'hi-IN')).toBe('hi');
    expect(readerLanguage('fr', 'fr-FR')).toBe('en');
    expect(readerLanguage(null, null)).toBe('en');
  });

  it("writes the record's generation time with the month in full, in UTC", () => {
    expect(formatLongDateTime('en', '2026-11-25T08:49:00.000Z')).toBe('25 November 2026 at 08:49');
    expect(formatLongDateTime('es', '2026-11-25T08:49:00.000Z')).toMatch(/^25 de noviembre de 2026.*08:49$/);
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(t('es', 'cert.book', { book: 'Incendios' })).toBe('Libro: Incendios');
    expect(t('en', 'cert.book')).toBe('Book: {book}');
  });

  it('chooses plural forms with Intl.PluralRules', () => {
    expect(tp('en', 'mail.digest.subject', 1, { app: 'A' })).toBe('A: weekly compliance digest (1 person overdue)');
    expect(tp('en', 'mail.digest.subject', 3, { app: 'A' })).toBe('A: weekly compliance digest (3 people overdue)');
    expect(tp('ar', 'mail.digest.subject', 2, { app: 'A' })).toContain('شخصان');
    expect(tp('ar', 'mail.digest.subject', 5, { app: 'A' })).toContain('أشخاص');
  });

  it('writes dates with Intl, in UTC, per language', () => {
    const iso = '2026-11-21T23:30:00.000Z';
    expect(formatDay('en', iso)).toBe('21 November 2026');
    expect(formatDay('es', iso)).toBe('21 de noviembre de 2026');
    expect(formatDay('hi', iso)).toBe('21 नवंबर 2026');
    expect(formatDay('ar', iso)).toMatch(/نوفمبر/);
  });

  it('reads Accept-Language: quality, regions and order; English when nothing matches', () => {
    expect(languageFromAcceptLanguage('es-MX,es;q=0.9,en;q=0.8')).toBe('es');
    expect(languageFromAcceptLanguage('fr-FR,fr;q=0.9,hi;q=0.5,ar;q=0.4')).toBe('hi');
    expect(languageFromAcceptLanguage('en;q=0.2, ar')).toBe('ar');
    expect(languageFromAcceptLanguage('de, *;q=0.1')).toBe('en');
    expect(languageFromAcceptLanguage('ar;q=0')).toBe('en');
    expect(languageFromAcceptLanguage(undefined)).toBe('en');
  });
});
