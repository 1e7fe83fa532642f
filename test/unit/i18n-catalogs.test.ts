import { readdirSync, readFileSync } from 'node:fs';
import { parse, type Token } from '@messageformat/parser';
import { describe, expect, it } from 'vitest';

const DIR = new URL('../../web/i18n/locales/', import.meta.url);
/**
 * The catalog areas (web/i18n/index.ts): the app's catalogs at the top of locales/, each other
 * area in its own folder. Every JSON file there is a catalog (a file without a language is caught too).
 */
const AREAS: Record<string, URL> = {
  app: DIR,
  ...Object.fromEntries(
    readdirSync(DIR, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => [entry.name, new URL(`${entry.name}/`, DIR)]),
  ),
};
const localesOf = (dir: URL) =>
  readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -5));
const read = (dir: URL, locale: string): Record<string, string> =>
  JSON.parse(readFileSync(new URL(`${locale}.json`, dir), 'utf8'));

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

describe('message catalogs', () => {
  it('are the app catalog and the two admin areas the runtime loads', () => {
    expect(Object.keys(AREAS).sort()).toEqual(['admin-content', 'admin-people', 'app']);
  });

  it('never define one id in two areas (the runtime merges them)', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const [area, dir] of Object.entries(AREAS)) {
      for (const id of Object.keys(read(dir, 'en'))) {
        if (seen.has(id)) twice.push(`${id}: ${seen.get(id)} and ${area}`);
        seen.set(id, area);
      }
    }
    expect(twice).toEqual([]);
  });

  for (const [area, dir] of Object.entries(AREAS)) {
    describe(area, () => {
      const english = read(dir, 'en');
      const locales = localesOf(dir);

      it('English parses as ICU MessageFormat', () => {
        for (const [id, message] of Object.entries(english)) expect(() => placeholders(message), id).not.toThrow();
      });

      it('exists for each interface language', () => {
        expect(locales.sort()).toEqual(['ar', 'en', 'es', 'hi']);
      });

      for (const locale of locales.filter((l) => l !== 'en')) {
        describe(locale, () => {
          const catalog = read(dir, locale);
          it('has every key English has, and no other', () => {
            expect(
              Object.keys(english).filter((id) => !(id in catalog)),
              'missing',
            ).toEqual([]);
            expect(
              Object.keys(catalog).filter((id) => !(id in english)),
              'unknown',
            ).toEqual([]);
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
  }
});
