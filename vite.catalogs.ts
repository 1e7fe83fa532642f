import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';

/**
 * Areas cut out of the app's catalogs (web/i18n/locales/<locale>.json) when they are built, by
 * message prefix: each is its own chunk per language, loaded with the pages that declare it
 * (web/lazy.ts), so a learner's first page downloads only the rest. The catalog files stay whole
 * (one file per language to translate). `statecharts`: the public statecharts page. `field`:
 * classroom sessions, toolbox talks, practical evaluations, My team and the kiosk (trainers',
 * supervisors' and admins' screens) with their refusals. `credentials`: the credential screens (a
 * learner's own cards, their review by supervisors and admins). test/unit/catalog-areas.test.ts checks
 * that every page naming one of these messages loads its area.
 */
export const SPLIT_AREAS = {
  statecharts: ['statecharts.'],
  credentials: ['credentials.', 'error.credential.'],
  field: [
    'sessions.',
    'sessionQr.',
    'talks.',
    'evaluate.',
    'evaluations.',
    'team.',
    'teamTasks.',
    'kiosk.',
    'kioskProfile.',
    'reportEmail.',
    'error.evaluation.',
    'error.session.',
    'error.talk.',
    'error.talkTopic.',
    'error.template.',
    'error.kiosk.',
    'error.task.',
    'error.site.',
    'error.report.',
  ],
} as const satisfies Record<string, readonly string[]>;

export type SplitArea = keyof typeof SPLIT_AREAS;

/** The area a message of the app's catalogs is built into. */
export function areaOfMessage(id: string): SplitArea | 'app' {
  for (const [area, prefixes] of Object.entries(SPLIT_AREAS)) {
    if (prefixes.some((prefix) => id.startsWith(prefix))) return area as SplitArea;
  }
  return 'app';
}

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The catalog file of `locale` (the app's, or an admin area's folder). */
export const catalogPath = (locale: string, folder?: string) =>
  fromRoot(`./web/i18n/locales/${folder ? `${folder}/` : ''}${locale}.json`);

/**
 * A compiled catalog module, as @lingui/vite-plugin writes one (`export const messages`, keys
 * sorted, messages compiled from ICU), of the messages `keep` selects. English stands in for a
 * message the language lacks, as the runtime's fallbackLocales does.
 */
export function compiledCatalog(locale: string, keep: (id: string) => boolean, folder?: string): string {
  const read = (from: string) => JSON.parse(readFileSync(catalogPath(from, folder), 'utf8')) as Record<string, string>;
  const catalog = { ...read('en'), ...read(locale) };
  const messages = Object.fromEntries(
    Object.keys(catalog)
      .filter(keep)
      .sort()
      .map((id) => [id, compileMessageOrThrow(catalog[id] || id)]),
  );
  return `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(messages))});`;
}
