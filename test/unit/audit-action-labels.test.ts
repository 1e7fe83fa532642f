import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '../../worker/contract/audit';

/**
 * The audit log names every action in the reader's language (web/components/admin/assessments/
 * audit-log-panel.tsx reads `admin.assessments.action.<ACTION>`). A new entry in AUDIT_ACTIONS
 * fails here, in each language, with the key to add and the file to add it to, until it has words.
 */
const LANGUAGES = ['en', 'es', 'hi', 'ar'] as const;
const catalogFile = (language: string) => `web/i18n/locales/admin-content/${language}.json`;
const catalogOf = (language: string): Record<string, string> =>
  JSON.parse(readFileSync(new URL(`../../${catalogFile(language)}`, import.meta.url), 'utf8'));

describe('audit action labels', () => {
  for (const language of LANGUAGES) {
    it(`names every audit action in ${language}`, () => {
      const catalog = catalogOf(language);
      const missing = AUDIT_ACTIONS.map((action) => `admin.assessments.action.${action}`)
        .filter((key) => !catalog[key]?.trim())
        .map((key) => `add "${key}" to ${catalogFile(language)}`);
      expect(missing, `audit actions without a label in ${language}`).toEqual([]);
    });
  }

  it('shows a translation, not the code, for every action outside English', () => {
    for (const language of ['es', 'hi', 'ar'] as const) {
      const catalog = catalogOf(language);
      const untranslated = AUDIT_ACTIONS.filter((action) => catalog[`admin.assessments.action.${action}`] === action);
      expect(untranslated, language).toEqual([]);
    }
  });
});
