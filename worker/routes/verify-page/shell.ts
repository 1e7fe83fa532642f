import type { Context } from 'hono';
import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { CERTIFICATE_DASHES } from '../../contract/certificates';
import { languageFromAcceptLanguage, type Language } from '../../contract/language';
import type { AppEnv } from '../../env';
import { formatDateTime, isRtl, t, type MessageKey, type Params } from '../../i18n';

/**
 * The frame every verification page shares (worker/routes/verify-page.ts): header, the result
 * card, the lookup form and the footer, with its own small stylesheet and no script but one.
 */

/** Markup built with Hono's `html` template: every interpolated value is escaped unless it is itself markup. */
export type Markup = HtmlEscapedString | Promise<HtmlEscapedString>;

/** The page's language: the best match of the viewer's Accept-Language (English otherwise). */
export const pageLanguage = (c: Context<AppEnv>): Language =>
  languageFromAcceptLanguage(c.req.header('accept-language'));

const CSP_BASE = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  'img-src data:',
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
];

/**
 * The one script a verification page may carry (only on the lookup pages): it tidies the typed
 * number before the form is sent, so the address shows the number as stored. Without it (script
 * off) the Worker does the same (normaliseCertificateNumber); the dash set is the contract's own.
 */
export const NORMALISE_SCRIPT = `document.getElementById('lookup').addEventListener('submit',function(){var f=document.getElementById('number');f.value=f.value.normalize('NFKC').replace(/${CERTIFICATE_DASHES}/g,'-').replace(/\\s+/g,'').toUpperCase()})`;

let scriptHash: Promise<string> | null = null;
/** The script's SHA-256 for the CSP (computed once per isolate): no other script can run. */
function normaliseScriptHash(): Promise<string> {
  scriptHash ??= crypto.subtle
    .digest('SHA-256', new TextEncoder().encode(NORMALISE_SCRIPT))
    .then((digest) => btoa(String.fromCharCode(...new Uint8Array(digest))));
  return scriptHash;
}

/** The page's CSP: scripts are refused, except the normaliser on the pages that carry it. */
export async function pageCsp(withScript: boolean): Promise<string> {
  if (!withScript) return CSP_BASE.join('; ');
  return [...CSP_BASE, `script-src 'sha256-${await normaliseScriptHash()}'`].join('; ');
}

/**
 * The CSP of a page carrying one inline script of its own (the badge page): only that script (by
 * its hash) runs, and it may call this origin's API, nothing else.
 */
export async function pageCspForScript(script: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(script));
  const hash = btoa(String.fromCharCode(...new Uint8Array(digest)));
  return [...CSP_BASE, `script-src 'sha256-${hash}'`, "connect-src 'self'"].join('; ');
}

export type Tone = 'success' | 'warning' | 'error' | 'neutral';

const ICONS: Record<Tone, string> = {
  success: '<path d="M20 6 9 17l-5-5"/>',
  warning:
    '<path d="M12 9v4"/><path d="M12 17h.01"/><path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z"/>',
  error: '<path d="M18 6 6 18"/><path d="m6 6 12 12"/>',
  neutral: '<circle cx="11" cy="11" r="7"/><path d="m21 21-4.3-4.3"/>',
};

const STYLES = `
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;min-height:100vh;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;background:#eef2f7;color:#1c2430;line-height:1.5}
.top{background:#17335c;color:#fff;padding:14px 20px}
.top .inner{max-width:640px;margin:0 auto;display:flex;align-items:center;gap:10px;font-weight:700;letter-spacing:.02em}
.top .mark{display:inline-grid;place-items:center;width:30px;height:30px;border-radius:8px;background:#d1aa55;color:#17335c;font-size:13px;font-weight:800}
main{max-width:640px;margin:0 auto;padding:24px 16px 40px}
.card{background:#fff;border-radius:16px;box-shadow:0 1px 2px rgba(16,24,40,.06),0 8px 24px rgba(16,24,40,.08);overflow:hidden}
.status{display:flex;gap:14px;align-items:center;padding:22px 24px;border-bottom:1px solid #e5e9f0}
.status .icon{flex:none;display:grid;place-items:center;width:48px;height:48px;border-radius:999px}
.status svg{width:26px;height:26px;fill:none;stroke:currentColor;stroke-width:2.4;stroke-linecap:round;stroke-linejoin:round}
.status h1{margin:0;font-size:1.45rem;line-height:1.2}
.status p{margin:2px 0 0;color:#4a5565;font-size:.95rem}
.success .icon{background:#dcf5e6;color:#157a43}.success h1{color:#157a43}
.warning .icon{background:#fdf0d5;color:#9a5b00}.warning h1{color:#9a5b00}
.error .icon{background:#fde3e3;color:#b42318}.error h1{color:#b42318}
.neutral .icon{background:#e4ebf5;color:#17335c}.neutral h1{color:#17335c}
dl{margin:0;padding:8px 24px 16px}
.row{display:grid;grid-template-columns:minmax(120px,38%) 1fr;gap:4px 16px;padding:12px 0;border-bottom:1px solid #eef1f5}
.row:last-child{border-bottom:0}
dt{color:#5b6676;font-size:.85rem;font-weight:600;text-transform:uppercase;letter-spacing:.04em}
dd{margin:0;font-weight:600;overflow-wrap:anywhere}
.chip{display:inline-block;padding:2px 10px;border-radius:999px;font-size:.8rem;font-weight:700;letter-spacing:.04em}
.chip.success{background:#dcf5e6;color:#157a43}.chip.warning{background:#fdf0d5;color:#9a5b00}.chip.error{background:#fde3e3;color:#b42318}
.note{margin:0;padding:14px 24px;background:#f7f9fc;color:#4a5565;font-size:.9rem;border-top:1px solid #e5e9f0}
form{display:flex;flex-wrap:wrap;gap:8px;margin-top:20px}
label{flex-basis:100%;font-size:.9rem;font-weight:600;color:#3a4452}
input{flex:1 1 200px;min-width:0;font:inherit;padding:10px 12px;border:1px solid #c3cbd8;border-radius:10px;background:#fff}
input:focus,button:focus{outline:3px solid #9cc0f5;outline-offset:1px}
.hint{flex-basis:100%;margin:0;color:#4a5565;font-size:.85rem}
.more{margin:16px 0 0}
a{color:#17335c;text-decoration-thickness:1px;text-underline-offset:2px}
button{font:inherit;font-weight:700;padding:10px 18px;border:0;border-radius:10px;background:#17335c;color:#fff;cursor:pointer}
.nowrap{white-space:nowrap}
.items{list-style:none;margin:0;padding:0}
.items li{padding:6px 0;display:flex;flex-wrap:wrap;gap:4px 10px;align-items:baseline}
.items .sub{color:#4a5565;font-weight:400;font-size:.9rem}
.items .missing{flex-basis:100%;color:#b42318;font-weight:600;font-size:.9rem}
.panel{margin-top:20px;background:#fff;border-radius:16px;padding:18px 24px;box-shadow:0 1px 2px rgba(16,24,40,.06)}
.panel h2{margin:0 0 8px;font-size:1.1rem;color:#17335c}
.panel h3{margin:12px 0 4px;font-size:1rem;color:#17335c}
.panel p{margin:0;color:#4a5565}
.btn{display:inline-flex;align-items:center;min-height:44px;margin-top:10px;padding:0 18px;border-radius:10px;background:#17335c;color:#fff;font-weight:700;text-decoration:none}
.qr{display:flex;flex-direction:column;align-items:center;gap:8px;margin-top:20px;color:#4a5565;font-size:.85rem}
.qr svg{width:176px;height:176px;background:#fff;border-radius:12px;padding:10px}
footer{margin-top:24px;color:#5b6676;font-size:.8rem;text-align:center}
@media (max-width:480px){.row{grid-template-columns:1fr}.status{padding:18px}.status h1{font-size:1.25rem}dl{padding:4px 18px 12px}.note{padding:12px 18px}}
`;

export interface PageOptions {
  appName: string;
  language: Language;
  title: string;
  description: string;
  tone: Tone;
  heading: string;
  lead: string;
  body: Markup | '';
  number?: string;
  /** The lookup pages: a hint that spacing and case do not matter, and the normaliser script. */
  lookup?: boolean;
  /** Markup after the form (a link to the verification page). */
  after?: Markup;
  /** The header's label (default: certificate verification). */
  header?: string;
  /** Markup after the card, in place of the certificate lookup form (the authorisation page has none). */
  instead?: Markup;
  /** One inline script of the page's own (its CSP from pageCspForScript). */
  script?: string;
}

export function page(o: PageOptions): Markup {
  const tr = (key: MessageKey, params?: Params) => t(o.language, key, params);
  const initials = o.appName
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();
  // Arabic reads right to left: dir="rtl" mirrors the whole page (the grid, the form, the chips).
  return html`<!doctype html>
<html lang="${o.language}" dir="${isRtl(o.language) ? 'rtl' : 'ltr'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${o.title}</title>
<meta name="description" content="${o.description}">
<meta name="robots" content="noindex, nofollow">
<meta name="color-scheme" content="light">
<style>${raw(STYLES)}</style>
</head>
<body>
<header class="top"><div class="inner"><span class="mark" aria-hidden="true">${initials}</span><span>${o.appName} &middot; ${o.header ?? tr('verify.header')}</span></div></header>
<main>
<section class="card ${o.tone}" aria-labelledby="result-title">
<div class="status"><span class="icon" aria-hidden="true"><svg viewBox="0 0 24 24">${raw(ICONS[o.tone])}</svg></span><div><h1 id="result-title">${o.heading}</h1><p>${o.lead}</p></div></div>
${o.body}
</section>
${
  o.instead ??
  html`<form id="lookup" method="get" action="/certificate/verify/lookup" role="search">
<label for="number">${o.lookup ? tr('verify.lookup.label') : tr('verify.another')}</label>
<input id="number" name="number" dir="ltr" placeholder="CERT-2026-123456" autocomplete="off" autocapitalize="characters" spellcheck="false" maxlength="64" value="${o.number ?? ''}"${o.lookup ? raw(' aria-describedby="number-hint"') : ''}>
<button type="submit">${tr('verify.button')}</button>
${o.lookup ? html`<p id="number-hint" class="hint">${tr('verify.lookup.hint')}</p>` : ''}
</form>`
}
${o.after ?? ''}
${o.lookup ? html`<script>${raw(NORMALISE_SCRIPT)}</script>` : ''}
${o.script ? html`<script>${raw(o.script)}</script>` : ''}
<footer>${tr('verify.checked', { time: formatDateTime(o.language, new Date().toISOString()) })} &middot; ${o.appName}</footer>
</main>
</body>
</html>`;
}

/** An unexpected failure (database down, a bug) still answers a page the inspector can read, in the page's own frame. */
export function failurePage(
  appName: string,
  language: Language,
  frame: Pick<PageOptions, 'number' | 'header' | 'instead'> = {},
): Markup {
  const title = t(language, 'verify.failed.title');
  return page({
    appName,
    language,
    title: `${title} | ${appName}`,
    description: title,
    tone: 'warning',
    heading: title,
    lead: t(language, 'verify.failed.lead'),
    body: '',
    ...frame,
  });
}
