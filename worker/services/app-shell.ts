/**
 * The client's index.html (the app shell), read once per isolate through the ASSETS binding: the
 * Worker fills it with a server-rendered page (routes/landing-page.ts). A deploy starts new isolates,
 * so the copy held here is always the build this Worker was deployed with. `build` names that build
 * (a hash of the shell, which names every hashed script and style) in edge-cache keys.
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
