import { describe, expect, it } from 'vitest';
import { MACHINES } from '../../statecharts/tooling/registry';
import { MACHINE_TEXT } from './statechart-ids';

// The catalogs as plain JSON (Vite's glob: the client's tests touch no Node API).
const files = import.meta.glob<Record<string, string>>('./locales/*.json', { eager: true, import: 'default' });
const catalogs: Record<string, Record<string, string>> = Object.fromEntries(
  ['en', 'es', 'hi', 'ar'].map((language) => [language, files[`./locales/${language}.json`]!]),
);

describe('the /statecharts machines in the four languages', () => {
  it.each(MACHINES.map((m) => [m.key, m] as const))('%s: English word for word as the registry', (key, entry) => {
    const ids = MACHINE_TEXT[key];
    expect(ids, `${key} has no catalog ids in web/i18n/statechart-text.ts`).toBeDefined();
    const [title, description] = ids!;
    expect(catalogs.en[title]).toBe(entry.title);
    expect(catalogs.en[description]).toBe(entry.description);
  });

  it.each(['es', 'hi', 'ar'])('%s: every machine has its own title and account', (language) => {
    for (const entry of MACHINES) {
      const [title, description] = MACHINE_TEXT[entry.key]!;
      expect(catalogs[language][title], `${language} ${title}`).toBeTruthy();
      expect(catalogs[language][title]).not.toBe(entry.title);
      expect(catalogs[language][description]).not.toBe(entry.description);
    }
  });
});
