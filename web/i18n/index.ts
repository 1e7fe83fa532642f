/**
 * The i18n runtime (Lingui core): `t(id, values)` formats a message of the active catalog, with
 * ICU plurals, selects and numbers through `Intl`. Catalogs are JSON files per language in
 * ./locales, compiled at build time and loaded on demand (one dynamic import per language), so
 * a reader downloads one language only. Adding a string is one line per catalog; English
 * (en.json) is the reference every other catalog must match (test/unit/i18n-catalogs.test.ts).
 *
 * Components call `t` while rendering: a language change re-renders the whole app (the entry keys
 * its tree on the locale), so no hook is needed.
 */
import { i18n } from '@lingui/core';
import type { ReactNode } from 'react';
import type en from './locales/en.json';
import type adminContentEn from './locales/admin-content/en.json';
import type adminPeopleEn from './locales/admin-people/en.json';
import { LANGUAGE_COOKIE } from '@contract/landing';
import { currentLocale, markActive, readStored, type CatalogArea, type Locale } from './locale';

export {
  changeLocale,
  currentLocale,
  formatLocale,
  isLocale,
  isRtl,
  LOCALE_NAMES,
  LOCALES,
  type Locale,
} from './locale';

/** Every message id: the keys of the English catalogs (the app's and each area's). */
export type MessageId = keyof typeof en | keyof typeof adminPeopleEn | keyof typeof adminContentEn;
export type MessageValues = Record<string, string | number | Date | null | undefined>;

type CompiledCatalog = { messages: Record<string, unknown> };

/**
 * One compiled catalog per area and language, each its own chunk. `app` (visitor and learner
 * screens) loads at start-up; an area's catalogs load when its first page does (web/lazy.ts), so a
 * learner never downloads the administrators' messages.
 */
const loaders: Record<CatalogArea, Record<Locale, () => Promise<CompiledCatalog>>> = {
  // The app's catalog files are built in parts (vite.catalogs.ts): `app`, what the first page needs,
  // and the areas `statecharts`, `credentials` and `field`, loaded with their pages.
  app: {
    en: () => import('./locales/en.json?area=app&lingui'),
    es: () => import('./locales/es.json?area=app&lingui'),
    hi: () => import('./locales/hi.json?area=app&lingui'),
    ar: () => import('./locales/ar.json?area=app&lingui'),
  },
  statecharts: {
    en: () => import('./locales/en.json?area=statecharts&lingui'),
    es: () => import('./locales/es.json?area=statecharts&lingui'),
    hi: () => import('./locales/hi.json?area=statecharts&lingui'),
    ar: () => import('./locales/ar.json?area=statecharts&lingui'),
  },
  credentials: {
    en: () => import('./locales/en.json?area=credentials&lingui'),
    es: () => import('./locales/es.json?area=credentials&lingui'),
    hi: () => import('./locales/hi.json?area=credentials&lingui'),
    ar: () => import('./locales/ar.json?area=credentials&lingui'),
  },
  field: {
    en: () => import('./locales/en.json?area=field&lingui'),
    es: () => import('./locales/es.json?area=field&lingui'),
    hi: () => import('./locales/hi.json?area=field&lingui'),
    ar: () => import('./locales/ar.json?area=field&lingui'),
  },
  'admin-people': {
    en: () => import('./locales/admin-people/en.json?lingui'),
    es: () => import('./locales/admin-people/es.json?lingui'),
    hi: () => import('./locales/admin-people/hi.json?lingui'),
    ar: () => import('./locales/admin-people/ar.json?lingui'),
  },
  'admin-content': {
    en: () => import('./locales/admin-content/en.json?lingui'),
    es: () => import('./locales/admin-content/es.json?lingui'),
    hi: () => import('./locales/admin-content/hi.json?lingui'),
    ar: () => import('./locales/admin-content/ar.json?lingui'),
  },
};

/** The areas whose messages the app has needed so far: a language change loads all of them. */
const areas = new Set<CatalogArea>(['app']);

type Messages = Parameters<typeof i18n.load>[1];

async function messagesOf(locale: Locale, wanted: Iterable<CatalogArea>): Promise<Messages> {
  const parts = await Promise.all([...wanted].map((area) => loaders[area][locale]()));
  return Object.assign({}, ...parts.map((part) => part.messages)) as Messages;
}

/** `locale`'s compiled app catalog (downloaded once): the Worker's landing renderer reads it. */
export function loadMessages(locale: Locale): Promise<Messages> {
  return messagesOf(locale, ['app']);
}

/** Makes `messages` (from loadMessages) the active catalog, synchronously. */
export function activateMessages(locale: Locale, messages: Messages): void {
  i18n.loadAndActivate({ locale, messages });
  markActive(locale);
}

/** Loads `locale`'s catalogs (every area in use) and makes them the active ones; `chosen`: the reader picked it (switcher). */
export async function activate(locale: Locale, chosen = false): Promise<void> {
  activateMessages(locale, await messagesOf(locale, areas));
  if (chosen) writeLanguageCookie(locale);
}

/**
 * The Worker renders the landing page before any script runs, so it learns the reader's choice
 * from a cookie (worker/routes/landing-page.ts): a copy of the choice stored on this device, naming
 * only the language, which the shared edge cache may ignore. Local storage stays the client's own
 * record. Written here, in the runtime that loads with the first page, not in the entry chunk.
 */
function writeLanguageCookie(locale: Locale): void {
  if (!globalThis.document) return;
  const secure = globalThis.location?.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Safari and Firefox; the edge-rendered pages read this cookie
  document.cookie = `${LANGUAGE_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}

// A choice stored before the cookie existed reaches the Worker from the next page load on.
const stored = readStored();
if (stored) writeLanguageCookie(stored);

/** Adds `wanted` areas' messages in the active language (once per area); lazy pages await it. */
export async function loadAreas(wanted: readonly CatalogArea[]): Promise<void> {
  const missing = wanted.filter((area) => !areas.has(area));
  if (missing.length === 0) return;
  const locale = currentLocale();
  const messages = await messagesOf(locale, missing);
  for (const area of missing) areas.add(area);
  // Lingui merges: the app's messages stay.
  i18n.load(locale, messages);
  // The language changed while these loaded: load the new one with every area now in use.
  if (currentLocale() !== locale) await activate(currentLocale());
}

/** The message `id` of the active catalog with `values` put in. */
export function t(id: MessageId, values?: MessageValues): string {
  return i18n._(id, values as Record<string, unknown> | undefined);
}

/** For ids built at run time (an API error code): the message when the catalog has it, else `fallback`. */
export function translate(id: string, fallback: string, values?: MessageValues): string {
  return id in i18n.messages ? i18n._(id, values as Record<string, unknown> | undefined) : fallback;
}

/**
 * True when the active catalog has `id` (ids built at run time). Called through the module
 * locale.ts loads at run time, which knip cannot follow.
 * @public
 */
export function hasMessage(id: string): boolean {
  return id in i18n.messages;
}

/**
 * A success message the server wrote (in English, the spec's wording): shown as sent in English;
 * in other languages the catalog's text for the same outcome.
 */
export function serverText(server: string | null | undefined, translated: string): string {
  return currentLocale() === 'en' && server ? server : translated;
}

/**
 * A message with markup around part of it (`Take <0>{title}</0> again`): each `<n>...</n>` is
 * replaced by `render[n](inner text)`, so translators can move the emphasised words.
 */
export function withTags(message: string, render: readonly ((text: string, key: string) => ReactNode)[]): ReactNode[] {
  const out: ReactNode[] = [];
  const pattern = /<(\d+)>(.*?)<\/\1>/gs;
  let last = 0;
  for (let match = pattern.exec(message); match; match = pattern.exec(message)) {
    if (match.index > last) out.push(message.slice(last, match.index));
    const fn = render[Number(match[1])];
    out.push(fn ? fn(match[2] ?? '', `tag-${match.index}`) : (match[2] ?? ''));
    last = match.index + match[0].length;
  }
  if (last < message.length) out.push(message.slice(last));
  return out;
}
