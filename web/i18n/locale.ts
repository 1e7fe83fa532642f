/**
 * The interface language, without the i18n runtime: which languages exist, which one the reader
 * chose (stored locally, else the browser's), `<html lang dir>`, and a tiny store React reads so
 * the app re-renders in the new language. This file is in the entry chunk; the runtime and the
 * catalogs (web/i18n/index.ts) load on demand, in parallel with the first page's chunk.
 */

/** Interface languages, in the order the switcher lists them. */
export const LOCALES = ['en', 'es', 'hi', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];

/** Each language's name for itself: what the switcher shows whatever the current language. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', es: 'Español', hi: 'हिन्दी', ar: 'العربية' };

const RTL: ReadonlySet<Locale> = new Set(['ar']);
export const STORAGE_KEY = 'locale';

/**
 * Message catalogs are split by area: `app` loads at start-up, the others with their pages. The
 * admin areas have their own files (web/i18n/locales/<area>/); `statecharts` and `field` are built
 * out of the app's files (vite.catalogs.ts).
 */
export type CatalogArea = 'app' | 'admin-people' | 'admin-content' | 'statecharts' | 'credentials' | 'field';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The first supported language of a BCP 47 list ("es-MX" -> es), or null. */
export function matchLocale(tags: readonly string[]): Locale | null {
  for (const tag of tags) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLocale(base)) return base;
  }
  return null;
}

/** The language chosen on this device, if any. */
export function readStored(): Locale | null {
  try {
    const value = globalThis.localStorage?.getItem(STORAGE_KEY);
    return isLocale(value) ? value : null;
  } catch {
    return null;
  }
}

/** The language to start in: the one chosen on this device, else the browser's, else English. */
export function initialLocale(): Locale {
  return readStored() ?? matchLocale(globalThis.navigator?.languages ?? []) ?? 'en';
}

export function isRtl(locale: Locale): boolean {
  return RTL.has(locale);
}

let current: Locale = 'en';
const listeners = new Set<() => void>();

/** The active interface language (the one whose catalog is loaded). */
export function currentLocale(): Locale {
  return current;
}

/**
 * The locale to format dates and numbers with: the browser's own tag when it is a variant of the
 * interface language (en-GB, es-MX), else the interface language itself.
 */
export function formatLocale(): string {
  const preferred = globalThis.navigator?.languages?.find((tag) => tag.toLowerCase().split('-')[0] === current);
  return preferred ?? current;
}

/** Called by the runtime once a catalog is active: updates `<html>` and re-renders React readers. */
export function markActive(locale: Locale): void {
  current = locale;
  const root = globalThis.document?.documentElement;
  if (root) {
    root.lang = locale;
    root.dir = isRtl(locale) ? 'rtl' : 'ltr';
  }
  for (const listener of listeners) listener();
}

const choiceListeners = new Set<(locale: Locale) => void>();

/**
 * The reader picked a language (switcher, profile): remembered on this device, loaded and applied.
 * Listeners hear of it first (main.tsx marks every cached server answer stale: course lists and
 * PDFs depend on the language), so what the re-rendered app asks for is asked in the new language.
 */
export function changeLocale(locale: Locale): Promise<void> {
  storeLocale(locale);
  if (locale !== requestLanguage()) {
    requested = locale;
    for (const listener of choiceListeners) listener(locale);
  }
  return loadLocale(locale, true);
}

/** Called when the reader picks another language (not at start-up). */
export function onLocaleChoice(listener: (locale: Locale) => void): () => void {
  choiceListeners.add(listener);
  return () => choiceListeners.delete(listener);
}

let requested: Locale | null = null;

/**
 * The language API calls ask for (`Accept-Language`, web/api/client.ts): the one chosen, even
 * while its catalog is still downloading, so the first requests of a page load already get the
 * course versions in the reader's language.
 */
export function requestLanguage(): Locale {
  requested ??= initialLocale();
  return requested;
}

/** Remembers the reader's choice on this device. */
export function storeLocale(locale: Locale): void {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, locale);
  } catch {
    // Storage blocked: the choice lasts for this page only.
  }
}

export function subscribeLocale(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

type Runtime = typeof import('./index');
let runtime: Runtime | null = null;
let pending: Promise<Runtime> | null = null;

/**
 * Loads the runtime and `locale`'s catalog and activates it. The entry calls it at start-up;
 * lazy pages wait for the promise (see web/lazy.ts) so no page renders untranslated.
 */
export function loadLocale(locale: Locale, chosen = false): Promise<void> {
  requested = locale;
  pending ??= import('./index').then((module) => (runtime = module));
  return pending.then((module) => module.activate(locale, chosen));
}

let ready: Promise<void> = Promise.resolve();

/** The start-up load (main.tsx): the runtime and the chosen catalog start downloading at once. */
export function startLocale(): void {
  ready = loadLocale(initialLocale()).catch((error: unknown) => {
    // A catalog that failed to load (offline after a deploy) leaves the English fallbacks.
    console.error('Interface language failed to load', error);
  });
}

/**
 * Resolves once the start-up catalog is active, and the catalogs of `areas` with it; every lazy
 * page waits for it (web/lazy.ts). A catalog that fails to load leaves the English fallbacks.
 */
export function whenLocaleReady(areas: readonly CatalogArea[] = []): Promise<void> {
  if (areas.length === 0) return ready;
  return ready
    .then(() => pending?.then((module) => module.loadAreas(areas)))
    .catch((error: unknown) => {
      console.error('Interface language failed to load', error);
    });
}

/**
 * For the few texts of the entry chunk (loading, crash screen), which may show before the runtime
 * arrived: the catalog's text when it is loaded, else the English given.
 */
export function entryText(id: string, english: string): string {
  return runtime ? runtime.translate(id, english) : english;
}

/** `id`'s message with `values` put in, when the runtime is loaded and its catalog has `id`; else null. */
export function catalogText(
  id: string,
  values?: Record<string, string | number | Date | null | undefined>,
): string | null {
  return runtime?.hasMessage(id) ? runtime.translate(id, id, values) : null;
}
