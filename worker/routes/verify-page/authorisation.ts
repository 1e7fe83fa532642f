import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import * as v from 'valibot';
import { certificateExpires } from '../../contract/certificates';
import { authorisationVerifyUrl, type VerifyAuthorisationResponse } from '../../contract/evaluations';
import type { Language } from '../../contract/language';
import { originFor } from '../../config';
import type { AppEnv } from '../../env';
import { ApiError } from '../../errors';
import { formatDay, t, type MessageKey, type Params } from '../../i18n';
import { edgeCache } from '../../middleware/edge-cache';
import { publicRoute } from '../../middleware/auth';
import { verifyAuthorisation } from '../../services/authorisations';
import { validate } from '../../validate';
import {
  canonicalCertificateNumber,
  certificateEdgeSeconds,
  edgeCacheControl,
  edgeCacheKeys,
} from '../../services/edge-cache';
import { page, pageCsp, pageLanguage, type Markup } from './shell';

/**
 * The public page an authorisation's QR code opens (/authorisation/verify/{number}), rendered by
 * the Worker in the viewer's language with the certificate page's frame: "Authorised: reach truck —
 * Warehouse — valid until …", the evaluation behind it, the renewal chain, and a QR code of the page's
 * own address (a supervisor shows it on their phone to whoever asks). No script; edge-cached and
 * purged on revocation.
 */

type Tone = 'success' | 'warning' | 'error';

const toneOf = (r: VerifyAuthorisationResponse): Tone =>
  r.status === 'VALID' ? 'success' : r.status === 'EXPIRED' ? 'warning' : 'error';

/** The QR code of `text` as inline SVG (our own markup: the modules as rectangles); the QR library loads on first use. */
async function qrSvg(text: string, label: string): Promise<Markup> {
  const { qrMatrix, qrRuns } = await import('../../services/pdf/qr');
  const matrix = qrMatrix(text);
  const size = matrix.length + 8;
  const path = qrRuns(matrix)
    .map((run) => `M${run.col + 4} ${run.row + 4}h${run.length}v1h-${run.length}z`)
    .join('');
  return html`<svg viewBox="0 0 ${size} ${size}" role="img" aria-label="${label}" shape-rendering="crispEdges"><rect width="${size}" height="${size}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`;
}

function resultPage(appName: string, language: Language, r: VerifyAuthorisationResponse, qr: Markup): Markup {
  const tr = (key: MessageKey, params?: Params) => t(language, key, params);
  const tone = toneOf(r);
  const title = tr(`authVerify.${tone === 'success' ? 'valid' : tone === 'warning' ? 'expired' : 'invalid'}.title`);
  const day = (iso: string) => formatDay(language, iso);
  const expires = certificateExpires(r.expiryDate);
  const scope = r.scope ?? tr('authVerify.noScope');
  const summary = expires
    ? tr('authVerify.summary', { title: r.title, scope, date: day(r.expiryDate) })
    : tr('authVerify.summaryNoExpiry', { title: r.title, scope });
  const lead =
    tone === 'success'
      ? tr('authVerify.valid.lead')
      : tone === 'warning'
        ? tr('authVerify.expired.lead', { date: day(r.expiryDate) })
        : tr('authVerify.revoked.lead');
  const link = (number: string) =>
    html`<a href="/authorisation/verify/${encodeURIComponent(number)}" dir="ltr">${number}</a>`;
  const rows: [string, string | Markup][] = [
    [tr('authVerify.row.number'), html`<bdi dir="ltr">${r.number}</bdi>`],
    [tr('authVerify.row.holder'), html`<bdi>${r.holderName}</bdi>`],
    [tr('authVerify.row.title'), html`<bdi>${summary}</bdi>`],
    [tr('authVerify.row.scope'), html`<bdi>${scope}</bdi>`],
    [
      tr('authVerify.row.evaluation'),
      html`<bdi>${tr('authVerify.evaluation', { template: r.templateName, version: r.templateVersion, evaluator: r.evaluatorName })}</bdi>`,
    ],
    [tr('verify.row.issued'), day(r.issuedDate)],
    [tr('verify.row.expires'), expires ? day(r.expiryDate) : tr('cert.noExpiry')],
  ];
  if (r.revokedAt) rows.push([tr('verify.row.revoked'), day(r.revokedAt)]);
  if (r.renews) rows.push([tr('verify.row.renews'), link(r.renews)]);
  if (r.chain.length > 1)
    rows.push([
      tr('authVerify.row.chain'),
      // Oldest first; each number kept whole on its line.
      html`${r.chain.map((n, i) => html`${i > 0 ? ' → ' : ''}<span class="nowrap">${n === r.number ? html`<bdi dir="ltr">${n}</bdi>` : link(n)}</span>`)}`,
    ]);
  const statusText = r.status === 'VALID' ? tr('authVerify.status.VALID') : tr(`verify.status.${r.status}`);
  const chip = html`<span class="chip ${tone}">${statusText}</span>`;
  const status = r.renewedBy ? html`${chip} ${tr('verify.supersededBy', { number: r.renewedBy })}` : chip;
  const body = html`<dl>
${rows.map(
  ([label, value]) => html`<div class="row"><dt>${label}</dt><dd>${value}</dd></div>
`,
)}
<div class="row"><dt>${tr('verify.row.status')}</dt><dd>${status}</dd></div>
</dl>
<p class="note">${tr('authVerify.note', { app: appName })}</p>`;
  return page({
    appName,
    language,
    title: `${title} ${r.number} | ${appName}`,
    description: tr('authVerify.description', { app: appName, number: r.number, title: r.title, status: statusText }),
    tone,
    heading: title,
    lead,
    body,
    number: r.number,
    header: tr('authVerify.header'),
    instead: html`<div class="qr">${qr}<span>${tr('authVerify.scan')}</span></div>`,
  });
}

function messagePage(appName: string, language: Language, key: 'notFound' | 'wait' | 'failed', number: string): Markup {
  const tr = (k: MessageKey, params?: Params) => t(language, k, params);
  const heading =
    key === 'notFound'
      ? tr('authVerify.invalid.title')
      : key === 'wait'
        ? tr('verify.wait.title')
        : tr('authVerify.failed');
  const lead =
    key === 'notFound'
      ? tr('authVerify.notFound.lead')
      : key === 'wait'
        ? tr('verify.wait.lead')
        : tr('verify.failed.lead');
  return page({
    appName,
    language,
    title: `${heading} | ${appName}`,
    description: lead,
    tone: key === 'notFound' ? 'error' : 'warning',
    heading,
    lead,
    body: number
      ? html`<dl><div class="row"><dt>${tr('authVerify.row.number')}</dt><dd><bdi dir="ltr">${number}</bdi></dd></div></dl>`
      : '',
    number,
    header: tr('authVerify.header'),
    instead: html``,
  });
}

async function respond(c: Context<AppEnv>, body: Markup, status: 200 | 404 | 429 | 500, cacheSeconds: number) {
  c.header('Content-Security-Policy', await pageCsp(false));
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Referrer-Policy', 'no-referrer');
  c.header('X-Frame-Options', 'DENY');
  c.header('Content-Language', pageLanguage(c));
  c.header('Vary', 'Accept-Language');
  c.header('Cache-Control', edgeCacheControl(cacheSeconds));
  return c.html(body, status);
}

function pageCacheKey(c: Context<AppEnv>): string | null {
  const parsed = v.safeParse(canonicalCertificateNumber, c.req.param());
  return parsed.success
    ? edgeCacheKeys.authorisationPage(c.var.config, c.req.url, parsed.output.number, pageLanguage(c))
    : null;
}

/** Any path segment is accepted and cut to the longest possible number: an odd one is simply not found. */
const pageNumberParam = v.object({
  number: v.pipe(
    v.string(),
    v.transform((value) => value.normalize('NFKC').replace(/\s+/g, '').toUpperCase().slice(0, 64)),
  ),
});

export const authorisationVerifyPage = new Hono<AppEnv>().get(
  '/:number',
  publicRoute,
  edgeCache(pageCacheKey),
  validate('param', pageNumberParam),
  async (c) => {
    const appName = c.var.config.appName;
    const language = pageLanguage(c);
    const { number } = c.req.valid('param');
    try {
      const result = /^[A-Z0-9-]+$/.test(number) ? await verifyAuthorisation(c.var.db, c.req.raw, number) : null;
      if (!result) return respond(c, messagePage(appName, language, 'notFound', number), 404, 60);
      const url = authorisationVerifyUrl(originFor(c.var.config, c.req.url)!, result.number);
      const qr = await qrSvg(url, t(language, 'authVerify.scan'));
      return respond(c, resultPage(appName, language, result, qr), 200, certificateEdgeSeconds(result));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'RATE_LIMITED') {
        c.header('Retry-After', error.headers?.['Retry-After'] ?? '60');
        return respond(c, messagePage(appName, language, 'wait', number), 429, 0);
      }
      console.error(
        JSON.stringify({ level: 'error', requestId: c.var.requestId, path: c.req.path, error: String(error) }),
      );
      return respond(c, messagePage(appName, language, 'failed', number), 500, 0);
    }
  },
);
