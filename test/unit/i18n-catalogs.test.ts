import { readdirSync, readFileSync } from 'node:fs';
import { parse, type Token } from '@messageformat/parser';
import { describe, expect, it } from 'vitest';

const DIR = new URL('../../web/i18n/locales/', import.meta.url);
/** Every catalog file there is (web/i18n/locale.ts lists the languages; a file without a language is caught too). */
const LOCALES = readdirSync(DIR).filter((name) => name.endsWith('.json')).map((name) => name.slice(0, -5));
const read = (locale: string): Record<string, string> => JSON.parse(readFileSync(new URL(`${locale}.json`, DIR), 'utf8'));

/** The argument names a message uses (`{name}`, `{count, plural, ...}`), nested ones included. */
function placeholders(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'argument' || token.type === 'function') names.add(token.arg);
      if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
        names.add(token.arg);
        for (const item of token.cases) walk(item.tokens);
      }
    }
  };
  walk(parse(message));
  return [...names].sort();
}

const english = read('en');

describe('message catalogs', () => {
  it('English parses as ICU MessageFormat', () => {
    for (const [id, message] of Object.entries(english)) expect(() => placeholders(message), id).not.toThrow();
  });

  it('exists for each interface language', () => {
    expect(LOCALES.sort()).toEqual(['ar', 'en', 'es', 'hi']);
  });

  for (const locale of LOCALES.filter((l) => l !== 'en')) {
    describe(locale, () => {
      const catalog = read(locale);
      it('has every key English has, and no other', () => {
        expect(Object.keys(english).filter((id) => !(id in catalog)), 'missing').toEqual([]);
        expect(Object.keys(catalog).filter((id) => !(id in english)), 'unknown').toEqual([]);
      });
      it('uses the same placeholders as English in every message', () => {
        const mismatches = Object.keys(english)
          .filter((id) => id in catalog)
          .filter((id) => placeholders(catalog[id]!).join() !== placeholders(english[id]!).join())
          .map((id) => `${id}: ${placeholders(catalog[id]!).join()} vs ${placeholders(english[id]!).join()}`);
        expect(mismatches).toEqual([]);
      });
      it('has no empty message', () => {
        expect(Object.keys(catalog).filter((id) => !catalog[id]?.trim())).toEqual([]);
      });
    });
  }
});
