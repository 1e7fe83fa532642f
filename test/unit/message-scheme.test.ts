import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERROR_STATUS, reasonOf, REFUSALS, refusalText, type RefusalReason } from '../../worker/contract/errors';
import { CONTENT_REFUSALS } from '../../worker/contract/refusals/content';
import { PEOPLE_AND_TRAINING_REFUSALS } from '../../worker/contract/refusals/people-and-training';
import { SIGN_IN_AND_TASK_REFUSALS } from '../../worker/contract/refusals/sign-in-and-tasks';
import { CAPTION_MESSAGES } from '../../worker/contract/captions';
import { SCORM_MESSAGES } from '../../worker/contract/scorm';
import { USER_MESSAGES } from '../../worker/contract/users';
import { COMPLIANCE_MESSAGES } from '../../worker/contract/compliance';

/**
 * The one message scheme (web/i18n/error-text.ts): every error code and refusal reason the
 * contract declares has a catalog id in every language, and no catalog key is an English sentence.
 */
const LOCALES_DIR = new URL('../../web/i18n/locales/', import.meta.url);
const LANGUAGES = ['en', 'es', 'hi', 'ar'] as const;
const areas = [
  LOCALES_DIR,
  ...readdirSync(LOCALES_DIR, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => new URL(`${e.name}/`, LOCALES_DIR)),
];
const catalogOf = (language: string): Record<string, string> =>
  Object.assign({}, ...areas.map((dir) => JSON.parse(readFileSync(new URL(`${language}.json`, dir), 'utf8'))));

/** The `key: 'catalog id'` rows of one table in error-text.ts or reason-ids.ts (each typed complete by tsc). */
const source = ['error-text.ts', 'reason-ids.ts']
  .map((file) => readFileSync(new URL(`../../web/i18n/${file}`, import.meta.url), 'utf8'))
  .join('\n');
function tableOf(name: string): Map<string, string> {
  const start = source.indexOf(`const ${name}`);
  const body = source.slice(start, source.indexOf('\n};', start));
  return new Map([...body.matchAll(/^\s+'?([\w.-]+)'?: \[?'([\w.-]+)'/gm)].map((m) => [m[1]!, m[2]!]));
}
const codeIds = tableOf('CODE_IDS');
const reasonIds = tableOf('REASON_IDS');

describe('message scheme', () => {
  it('maps every error code, the client-made ones included, to a catalog id', () => {
    expect([...codeIds.keys()].sort()).toEqual([...Object.keys(ERROR_STATUS), 'NETWORK_ERROR', 'HTTP_ERROR'].sort());
  });

  it('declares each refusal reason in one area only (the areas are joined, so a second one would replace the first)', () => {
    const areas = [PEOPLE_AND_TRAINING_REFUSALS, SIGN_IN_AND_TASK_REFUSALS, CONTENT_REFUSALS];
    const declared = areas.flatMap((area) => Object.keys(area));
    expect(declared.length).toBe(new Set(declared).size);
    expect(declared.length).toBe(Object.keys(REFUSALS).length);
  });

  it('maps every refusal reason to a catalog id', () => {
    expect([...reasonIds.keys()].sort()).toEqual(Object.keys(REFUSALS).sort());
  });

  for (const language of LANGUAGES) {
    it(`has every code's and reason's message in ${language}`, () => {
      const catalog = catalogOf(language);
      const missing = [...codeIds.values(), ...reasonIds.values()].filter((id) => !catalog[id]?.trim());
      expect(missing).toEqual([]);
    });
  }

  it("names in each reason's catalog message only values its refusal carries", () => {
    const english = catalogOf('en');
    for (const [reason, id] of reasonIds) {
      const carried = new Set([...REFUSALS[reason as RefusalReason].matchAll(/\{(\w+)\}/g)].map((m) => m[1]));
      const used = [...(english[id] ?? '').matchAll(/\{(\w+)[,}]/g)]
        .map((m) => m[1])
        .filter((name) => !carried.has(name));
      expect(used, reason).toEqual([]);
    }
  });

  it('has no catalog key that is an English sentence (every key is a dotted id)', () => {
    for (const language of LANGUAGES) {
      const sentences = Object.keys(catalogOf(language)).filter(
        (key) => !/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)+$/.test(key),
      );
      expect(sentences, language).toEqual([]);
    }
  });

  it('gives each refusal text one reason, found again from the text the Worker writes', () => {
    const texts = Object.values(REFUSALS);
    expect(new Set(texts).size).toBe(texts.length);
    for (const reason of Object.keys(REFUSALS) as RefusalReason[]) {
      const params = Object.fromEntries(
        [...REFUSALS[reason].matchAll(/\{(\w+)\}/g)].map((m, i) => [m[1]!, i === 0 ? 'Fire drill' : 3]),
      );
      expect(reasonOf(refusalText(reason, params))?.reason, reason).toBe(reason);
    }
  });

  it('knows the reason of every text the contract tables and their templates write', () => {
    const fixed = [...Object.values(USER_MESSAGES), ...Object.values(CAPTION_MESSAGES)];
    const written = [
      ...fixed,
      SCORM_MESSAGES.tooManyFiles,
      SCORM_MESSAGES.tooLargeExpanded,
      SCORM_MESSAGES.tooLargeZip,
      SCORM_MESSAGES.launchMissing('index.html'),
      COMPLIANCE_MESSAGES.daysRange('Due soon days', 3650),
      COMPLIANCE_MESSAGES.dateFormat('Active from'),
      'Title must be at most 200 characters',
    ];
    const unknown = written.filter((text) => text !== CAPTION_MESSAGES.notFound && reasonOf(text) === null);
    expect(unknown).toEqual([]);
    expect(
      reasonOf(
        '12 learner(s) have progress on this course and 2 certificate(s) were issued for it, so it cannot be deleted. It stays taken down instead.',
      ),
    ).toEqual({
      reason: 'course.hasRecords',
      params: { learners: 12, certificates: 2 },
    });
  });
});
