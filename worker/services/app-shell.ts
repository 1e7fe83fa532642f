import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { LANGUAGE_COOKIE, SERVER_DATA_ID, SERVER_MARKUP_ID } from '../contract/landing';
import { isLanguage, languageFromAcceptLanguage, RTL_LANGUAGES, type Language } from '../contract/language';
import type { AppEnv } from '../env';

/**
 * The client's index.html (the app shell), read once per isolate through the ASSETS binding: the
 * Worker fills it with a server-rendered page (routes/landing-page.ts, routes/learner-pages.ts). A
 * deploy starts new isolates, so the copy held here is always the build this Worker was deployed
 * with. `build` names that build (a hash of the shell, which names every hashed script and style)
 * in edge-cache keys.
 */
export interface AppShell {
  html: string;
  build: string;
}

// The resolved value only: a promise still waiting on one request's fetch must not be awaited by
// another request (workerd ties I/O to the request that started it).
let shell: AppShell | null = null;

/** The app shell, or null where there are no static assets (or they failed to answer). */
export async function appShell(assets: Fetcher | undefined, requestUrl: string): Promise<AppShell | null> {
  if (shell) return shell;
  if (!assets) return null;
  try {
    // "/" and not "/index.html", which the assets layer redirects to "/".
    const response = await assets.fetch(new Request(new URL('/', requestUrl)));
    if (!response.ok) throw new Error(`app shell answered ${response.status}`);
    const html = await response.text();
    shell = { html, build: fnv1a(html) };
    return shell;
  } catch (error) {
    console.error(JSON.stringify({ level: 'error', event: 'app-shell.unavailable', error: String(error) }));
    return null;
  }
}

/** FNV-1a over the text: short and stable, not a security boundary. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/** The same headers as every static asset (web/public/_headers `/*`), which do not apply to a Worker's answer. */
export const APP_SHELL_HEADERS: Record<string, string> = {
  'Content-Security-Policy':
    "default-src 'self'; img-src 'self' data: blob:; media-src 'self' blob:; frame-src 'self' blob:; object-src 'self' blob:; style-src 'self' 'unsafe-inline'; frame-ancestors 'self'; base-uri 'self'; form-action 'self'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'SAMEORIGIN',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
};

/**
 * The page's language: the one chosen on this device (the client copies it from its local storage
 * into a cookie), else the browser's Accept-Language, else English: the order the client follows.
 */
export function landingLanguage(c: Context<AppEnv>): Language {
  const chosen = getCookie(c, LANGUAGE_COOKIE);
  return isLanguage(chosen) ? chosen : languageFromAcceptLanguage(c.req.header('accept-language'));
}

/** JSON inside a <script> element: `<` escaped, so no text in it can close the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * The shell with `markup` shown in place of the empty #root (kept, hidden, for the client to render
 * into), and the data it was rendered from as JSON beside it (web/server-rendered.ts reads it).
 */
export function fillShell(shell: string, language: Language, markup: string, data: unknown): string | null {
  // React hoists image preloads to the front of its output: they belong in <head>.
  const hints = /^(?:<link [^>]*\/?>)+/.exec(markup)?.[0] ?? '';
  const body = markup.slice(hints.length);
  const dir = RTL_LANGUAGES.includes(language) ? 'rtl' : 'ltr';
  const root = '<div id="root"></div>';
  if (!shell.includes(root) || !/<html[^>]*>/.test(shell) || !shell.includes('</head>')) return null;
  return (
    shell
      .replace(/<html[^>]*>/, `<html lang="${language}" dir="${dir}">`)
      // The page paints from the HTML and the stylesheet: the app's scripts (they take over a page
      // already shown) go after the stylesheet and the images, not beside them.
      .replace(/<script type="module"/g, '<script type="module" fetchpriority="low"')
      .replace(/<link rel="modulepreload"/g, '<link rel="modulepreload" fetchpriority="low"')
      // Replacer functions, not strings: a course title or a name with `$&` or `$'` in it must land
      // as written, not as String.replace's patterns (which would paste the shell into the page).
      .replace('</head>', () => `${hints}</head>`)
      .replace(
        root,
        () =>
          `<div id="${SERVER_MARKUP_ID}">${body}<script type="application/json" id="${SERVER_DATA_ID}">${scriptJson(data)}</script></div><div id="root" hidden></div>`,
      )
  );
}
