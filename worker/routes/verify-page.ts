import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import * as v from 'valibot';
import {
  certificateExpires,
  normaliseCertificateNumber,
  verificationHeadline,
  type VerifyCertificateResponse,
} from '../contract/certificates';
import type { Language } from '../contract/language';
import { formatDay, formatLanguageName, t, type MessageKey, type Params } from '../i18n';
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
import { failurePage, page, pageCsp, pageLanguage, type Markup } from './verify-page/shell';

/**
 * The public verification pages, rendered by the Worker: an inspector scans the QR code on a
 * phone and gets a complete answer with JavaScript off, from the edge cache when warm; a visitor
 * with only the printed number types it on /verify (a plain GET form, so it works without
 * JavaScript too) and lands on the same result page.
 */

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
    lookup: true,
  });
}

/** /certificate/verify with no number: nothing to verify (a 404), but the form and the way to /verify. */
function missingNumberPage(appName: string, language: Language): Markup {
  const tr = (key: MessageKey, params?: Params) => t(language, key, params);
  return page({
    appName,
    language,
    title: `${tr('verify.missing.title')} | ${appName}`,
    description: tr('verify.lookup.description', { app: appName }),
    tone: 'neutral',
    heading: tr('verify.missing.title'),
    lead: tr('verify.missing.lead'),
    body: '',
    lookup: true,
    after: html`<p class="more"><a href="/verify">${tr('verify.missing.link')}</a></p>`,
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
async function respond(
  c: Context<AppEnv>,
  body: Markup,
  status: 200 | 404 | 429 | 500,
  cacheSeconds: number,
  browserSeconds = 0,
  withScript = false,
) {
  c.header('Content-Security-Policy', await pageCsp(withScript));
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

const numberQuery = v.object({
  number: v.optional(v.pipe(v.string(), v.transform(normaliseCertificateNumber), v.maxLength(64)), ''),
});
/** Any path segment is accepted and cut to the longest possible number: an odd one is simply not found. */
const pageNumberParam = v.object({
  number: v.pipe(
    v.string(),
    v.transform((value) => normaliseCertificateNumber(value).slice(0, 64)),
  ),
});

function pageCacheKey(c: Context<AppEnv>): string | null {
  const parsed = v.safeParse(canonicalCertificateNumber, c.req.param());
  return parsed.success
    ? edgeCacheKeys.verifyPage(c.var.config, c.req.url, parsed.output.number, pageLanguage(c))
    : null;
}

/**
 * The lookup form: with a number (the form sent, script on or off) to the canonical, cacheable
 * result URL; without one, the form itself, the same static page for everyone.
 */
async function lookup(c: Context<AppEnv>) {
  const parsed = v.safeParse(numberQuery, c.req.query());
  const number = parsed.success ? parsed.output.number : '';
  if (number) return c.redirect(`/certificate/verify/${encodeURIComponent(number)}`, 303);
  return respond(
    c,
    lookupPage(c.var.config.appName, pageLanguage(c)),
    200,
    LOOKUP_CACHE_SECONDS,
    LOOKUP_CACHE_SECONDS,
    true,
  );
}

/** /verify: the public page to type a certificate number (linked from the landing page). */
export const verifyLookupPage = new Hono<AppEnv>().get('/', lookup);

export const verifyPage = new Hono<AppEnv>()
  .get('/', (c) =>
    respond(c, missingNumberPage(c.var.config.appName, pageLanguage(c)), 404, LOOKUP_CACHE_SECONDS, 0, true),
  )
  // The form's target (a fixed path under /certificate/verify/*, which the Worker answers before
  // the client app): kept for the pages and links already out there; /verify answers the same.
  .get('/lookup', lookup)
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
      return respond(c, failurePage(appName, language, { number }), 500, 0);
    }
  });
