import { Hono, type Context } from 'hono';
import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import * as v from 'valibot';
import { certificateExpires, verificationHeadline, type VerifyCertificateResponse } from '../contract/certificates';
import { languageFromAcceptLanguage, type Language } from '../contract/language';
import { formatDateTime, formatDay, formatLanguageName, isRtl, t, type MessageKey, type Params } from '../i18n';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { validate } from '../validate';
import { verifyCertificate } from '../services/certificates';
import { edgeCache } from '../middleware/edge-cache';
import {
  canonicalCertificateNumber,
  certificateEdgeSeconds,
  edgeCacheControl,
  edgeCacheKeys,
} from '../services/edge-cache';

/**
 * The public verification page, rendered by the Worker: an inspector scans the QR code on a
 * phone and gets a complete answer with JavaScript off, from the edge cache when warm.
 */

/** Markup built with Hono's `html` template: every interpolated value is escaped unless it is itself markup. */
type Markup = HtmlEscapedString | Promise<HtmlEscapedString>;

const PAGE_CSP = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  'img-src data:',
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

type Tone = 'success' | 'warning' | 'error' | 'neutral';

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
button{font:inherit;font-weight:700;padding:10px 18px;border:0;border-radius:10px;background:#17335c;color:#fff;cursor:pointer}
footer{margin-top:24px;color:#5b6676;font-size:.8rem;text-align:center}
@media (max-width:480px){.row{grid-template-columns:1fr}.status{padding:18px}.status h1{font-size:1.25rem}dl{padding:4px 18px 12px}.note{padding:12px 18px}}
`;

interface PageOptions {
  appName: string;
  language: Language;
  title: string;
  description: string;
  tone: Tone;
  heading: string;
  lead: string;
  body: Markup | '';
  number?: string;
}

function page(o: PageOptions): Markup {
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
<header class="top"><div class="inner"><span class="mark" aria-hidden="true">${initials}</span><span>${o.appName} &middot; ${tr('verify.header')}</span></div></header>
<main>
<section class="card ${o.tone}" aria-labelledby="result-title">
<div class="status"><span class="icon" aria-hidden="true"><svg viewBox="0 0 24 24">${raw(ICONS[o.tone])}</svg></span><div><h1 id="result-title">${o.heading}</h1><p>${o.lead}</p></div></div>
${o.body}
</section>
<form method="get" action="/certificate/verify/lookup" role="search">
<label for="number">${tr('verify.another')}</label>
<input id="number" name="number" dir="ltr" placeholder="CERT-2026-123456" autocomplete="off" autocapitalize="characters" spellcheck="false" maxlength="64" value="${o.number ?? ''}">
<button type="submit">${tr('verify.button')}</button>
</form>
<footer>${tr('verify.checked', { time: formatDateTime(o.language, new Date().toISOString()) })} &middot; ${o.appName}</footer>
</main>
</body>
</html>`;
}

const TITLE_KEYS = {
  success: 'verify.valid.title',
  warning: 'verify.expired.title',
  error: 'verify.invalid.title',
} as const;

function leadFor(language: Language, tone: 'success' | 'warning' | 'error', r: VerifyCertificateResponse): string {
  if (tone === 'success') return t(language, 'verify.valid.lead');
  if (tone === 'warning') return t(language, 'verify.expired.lead', { date: formatDay(language, r.expiryDate) });
  return r.status === 'REVOKED' ? t(language, 'verify.revoked.lead') : t(language, 'verify.invalid.lead');
}

/** A catalog template with one placeholder standing for markup (a link): the rest is escaped text. */
function withMarkup(template: string, name: string, markup: Markup): Markup {
  const [before, after = ''] = template.split(`{${name}}`);
  return html`${before}${markup}${after}`;
}

function resultPage(appName: string, language: Language, r: VerifyCertificateResponse): Markup {
  const tr = (key: MessageKey, params?: Params) => t(language, key, params);
  const { tone } = verificationHeadline(r);
  const title = tr(TITLE_KEYS[tone]);
  const day = (iso: string) => formatDay(language, iso);
  // A person's name is isolated (<bdi>): a right-to-left name, or a stray direction override in a
  // name stored before such characters were removed, cannot reorder the text around it. Numbers
  // are isolated too, so a certificate number keeps its order inside an Arabic page.
  const code = (value: string) => html`<bdi dir="ltr">${value}</bdi>`;
  const rows: [string, string | Markup][] = [
    [tr('verify.row.number'), code(r.certificateNumber)],
    [tr('verify.row.issuedTo'), html`<bdi>${r.userName}</bdi>`],
    [tr('verify.row.course'), html`<bdi>${r.courseName}</bdi>`],
    [tr('verify.row.book'), r.domainName ? html`<bdi>${r.domainName}</bdi>` : tr('cert.defaultBook')],
    [tr('verify.row.deliveryLanguage'), formatLanguageName(language, r.language)],
    [tr('verify.row.issued'), day(r.issuedDate)],
    [tr('verify.row.expires'), certificateExpires(r.expiryDate) ? day(r.expiryDate) : tr('cert.noExpiry')],
  ];
  if (r.revokedAt) rows.push([tr('verify.row.revoked'), day(r.revokedAt)]);
  // The renewal chain: each certificate links to the one it renews and the one that renewed it.
  const link = (number: string) =>
    html`<a href="/certificate/verify/${encodeURIComponent(number)}" dir="ltr">${number}</a>`;
  if (r.renews) rows.push([tr('verify.row.renews'), link(r.renews)]);
  const chip = html`<span class="chip ${tone}">${tr(`verify.status.${r.status}`)}</span>`;
  const status = r.renewedBy
    ? html`${chip} ${withMarkup(tr('verify.supersededBy'), 'number', link(r.renewedBy))}`
    : chip;
  const body = html`<dl>
${rows.map(
  ([label, value]) => html`<div class="row"><dt>${label}</dt><dd>${value}</dd></div>
`,
)}
<div class="row"><dt>${tr('verify.row.status')}</dt><dd>${status}</dd></div>
</dl>
<p class="note">${tr('verify.note', { app: appName })}</p>`;
  return page({
    appName,
    language,
    title: `${title} ${r.certificateNumber} | ${appName}`,
    description: tr(certificateExpires(r.expiryDate) ? 'verify.description' : 'verify.descriptionNoExpiry', {
      app: appName,
      number: r.certificateNumber,
      course: r.courseName,
      title,
      status: tr(`verify.status.${r.status}`),
      date: day(r.expiryDate),
    }),
    tone,
    heading: title,
    lead: leadFor(language, tone, r),
    body,
    number: r.certificateNumber,
  });
}

function notFoundPage(appName: string, language: Language, number: string): Markup {
  const tr = (key: MessageKey, params?: Params) => t(language, key, params);
  return page({
    appName,
    language,
    title: `${tr('verify.invalid.title')} | ${appName}`,
    description: tr('verify.notFound.description', { app: appName }),
    tone: 'error',
    heading: tr('verify.invalid.title'),
    lead: tr('verify.notFound.lead'),
    body: html`<dl><div class="row"><dt>${tr('verify.row.number')}</dt><dd><bdi dir="ltr">${number}</bdi></dd></div></dl>
<p class="note">${tr('verify.notFound.note')}</p>`,
    number,
  });
}

function lookupPage(appName: string, language: Language): Markup {
  const tr = (key: MessageKey, params?: Params) => t(language, key, params);
  return page({
    appName,
    language,
    title: `${tr('verify.lookup.title')} | ${appName}`,
    description: tr('verify.lookup.description', { app: appName }),
    tone: 'neutral',
    heading: tr('verify.lookup.title'),
    lead: tr('verify.lookup.lead'),
    body: '',
  });
}

/** An unknown number's page: not purged when a number is issued, so kept only briefly. */
const NOT_FOUND_CACHE_SECONDS = 60;
/** The lookup form: the same static page for everyone. */
const LOOKUP_CACHE_SECONDS = 300;

/**
 * `cacheSeconds` is how long the edge may keep the page (browsers revalidate; the lookup form they
 * may keep as long); 0 means never stored anywhere.
 */
function respond(
  c: Context<AppEnv>,
  body: Markup,
  status: 200 | 404 | 429 | 500,
  cacheSeconds: number,
  browserSeconds = 0,
) {
  c.header('Content-Security-Policy', PAGE_CSP);
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Referrer-Policy', 'no-referrer');
  c.header('X-Frame-Options', 'DENY');
  // The page is in the viewer's language: a shared cache keeps one copy per Accept-Language.
  c.header('Content-Language', pageLanguage(c));
  c.header('Vary', 'Accept-Language');
  // A hot QR code (a posted list of certificates) costs one lookup per edge lifetime; a revocation
  // purges the entry (edge-cache.ts).
  c.header('Cache-Control', edgeCacheControl(cacheSeconds, browserSeconds));
  return c.html(body, status);
}

/** The page's language: the best match of the viewer's Accept-Language (English otherwise). */
const pageLanguage = (c: Context<AppEnv>): Language => languageFromAcceptLanguage(c.req.header('accept-language'));

const numberQuery = v.object({ number: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(64)), '') });
/** Any path segment is accepted and cut to the longest possible number: an odd one is simply not found. */
const pageNumberParam = v.object({
  number: v.pipe(
    v.string(),
    v.trim(),
    v.transform((value) => value.slice(0, 64)),
  ),
});

/** An unexpected failure (database down, a bug) still answers a page the inspector can read. */
function failurePage(appName: string, language: Language, number: string): Markup {
  return page({
    appName,
    language,
    title: `${t(language, 'verify.failed.title')} | ${appName}`,
    description: t(language, 'verify.failed.title'),
    tone: 'warning',
    heading: t(language, 'verify.failed.title'),
    lead: t(language, 'verify.failed.lead'),
    body: '',
    number,
  });
}

function pageCacheKey(c: Context<AppEnv>): string | null {
  const parsed = v.safeParse(canonicalCertificateNumber, c.req.param());
  return parsed.success
    ? edgeCacheKeys.verifyPage(c.var.config, c.req.url, parsed.output.number, pageLanguage(c))
    : null;
}

export const verifyPage = new Hono<AppEnv>()
  // The lookup form (GET, no JavaScript) lands here and is sent to the canonical, cacheable URL.
  // (A fixed path under /certificate/verify/*, which the Worker answers before the client app.)
  .get('/lookup', (c) => {
    const parsed = v.safeParse(numberQuery, c.req.query());
    const number = parsed.success ? parsed.output.number : '';
    if (number) return c.redirect(`/certificate/verify/${encodeURIComponent(number.toUpperCase())}`, 303);
    return respond(
      c,
      lookupPage(c.var.config.appName, pageLanguage(c)),
      200,
      LOOKUP_CACHE_SECONDS,
      LOOKUP_CACHE_SECONDS,
    );
  })
  .get('/:number', edgeCache(pageCacheKey), validate('param', pageNumberParam), async (c) => {
    const appName = c.var.config.appName;
    const language = pageLanguage(c);
    const { number } = c.req.valid('param');
    try {
      const result = number ? await verifyCertificate(c.var.db, c.req.raw, number) : null;
      if (!result) return respond(c, notFoundPage(appName, language, number), 404, NOT_FOUND_CACHE_SECONDS);
      return respond(c, resultPage(appName, language, result), 200, certificateEdgeSeconds(result));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'RATE_LIMITED') {
        c.header('Retry-After', error.headers?.['Retry-After'] ?? '60');
        return respond(
          c,
          page({
            appName,
            language,
            title: `${t(language, 'verify.wait.title')} | ${appName}`,
            description: t(language, 'verify.wait.lead'),
            tone: 'warning',
            heading: t(language, 'verify.wait.title'),
            lead: t(language, 'verify.wait.lead'),
            body: '',
            number,
          }),
          429,
          0,
        );
      }
      console.error(
        JSON.stringify({
          level: 'error',
          requestId: c.var.requestId,
          path: c.req.path,
          error: String(error),
          stack: error instanceof Error ? error.stack : undefined,
        }),
      );
      return respond(c, failurePage(appName, language, number), 500, 0);
    }
  });
