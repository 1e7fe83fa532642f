import { describe, expect, it } from 'vitest';
import { languageFromAcceptLanguage, LANGUAGES } from '../../worker/contract/language';
import { CATALOGS, formatDay, placeholders, t, tp } from '../../worker/i18n';
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
