import * as v from 'valibot';
import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import { certificateExpires } from '../../contract/certificates';
import { COMPLIANCE_STATUSES } from '../../contract/rules/compliance';
import { TASK_STATUSES } from '../../contract/rules/task-qualification';
import type { Language } from '../../contract/language';
import type { AppEnv } from '../../env';
import { formatDay, t, type MessageKey, type Params } from '../../i18n';
import { publicRoute } from '../../middleware/auth';
import { signedIdOfScan, userOfBadge } from '../../services/badge';
import { badgePageData } from '../../services/badge-holder';
import { validate } from '../../validate';
import { failurePage, page, pageCsp, pageCspForScript, pageLanguage, type Markup } from './shell';

/**
 * The badge page (issue 30): what a person's badge QR opens, `${origin}/badge/<signedId>`, rendered
 * by the Worker in the viewer's language like /certificate/verify. Anyone sees what a certificate
 * verification shows: the name and the certificates and authorisations valid today, read in one D1
 * batch; never training history or job title. A signed-in supervisor or administrator of the person
 * gets the full status from GET /api/v2/badges/{signedId}/status, fetched by the page's one script
 * with the bearer token the client app keeps (the Worker cannot see it: sessions are not cookies
 * until issue 31). docs/decisions/2026-11-28-badge-page.md.
 */

/** Chip tones: the compliance statuses of requirements and the task rule's statuses (issue 30). */
const TONES = {
  compliant: 'success',
  exempt: 'success',
  'due-soon': 'warning',
  pending: 'error',
  overdue: 'error',
  QUALIFIED: 'success',
  EXPIRING: 'warning',
  NOT_QUALIFIED: 'error',
};

/**
 * The full-status loader. Static text (its hash is the CSP's): everything page-specific comes from
 * the #status element's data attributes, and every value is set as text (never as markup). Tasks
 * first (what the field check asks: may this person do this job today?), then required training.
 * Dates are formatted by the browser in the page's language, as UTC days like the Worker's.
 */
export const BADGE_STATUS_SCRIPT = `(function(){var s=document.getElementById('status');if(!s)return;var L=JSON.parse(s.getAttribute('data-labels'));var T=JSON.parse(s.getAttribute('data-tones'));var m=document.getElementById('status-message');
function day(x){try{return new Date(x).toLocaleDateString(document.documentElement.lang,{day:'numeric',month:'long',year:'numeric',timeZone:'UTC'})}catch(e){return String(x).slice(0,10)}}
function row(ul,name,chip,tone,detail){var li=document.createElement('li');var n=document.createElement('bdi');n.textContent=name;var c=document.createElement('span');c.className='chip '+tone;c.textContent=chip;li.appendChild(n);li.appendChild(c);if(detail){var x=document.createElement('span');x.className='missing';x.textContent=detail;li.appendChild(x)}ul.appendChild(li)}
function show(id){document.getElementById(id).hidden=false}
document.getElementById('status-sign-in').hidden=true;m.textContent=L.loading;fetch(s.getAttribute('data-url'),{credentials:'same-origin',headers:{Accept:'application/json'}}).then(function(r){if(r.status===401){m.textContent=L.signIn;show('status-sign-in');return null}if(r.status===403){m.textContent=L.forbidden;return null}if(!r.ok)throw new Error(String(r.status));return r.json()}).then(function(d){if(!d)return;var tasks=d.tasks||[];m.textContent=d.requirements.length||tasks.length?'':L.none;
if(tasks.length)show('status-tasks');var tl=document.getElementById('status-task-list');tasks.forEach(function(q){var parts=q.missing.map(function(p){return L['piece'+p.status].replace('{name}',p.name)}).concat(q.expiring.map(function(p){return L.pieceEXPIRING.replace('{name}',p.name).replace('{date}',day(p.validUntil))}));row(tl,q.name,L['task'+q.status].replace('{date}',q.validUntil?day(q.validUntil):''),T[q.status],parts.join(', '))});
if(d.requirements.length)show('status-requirements');var ul=document.getElementById('status-list');d.requirements.forEach(function(q){row(ul,q.title,L[q.status],T[q.status],q.missing.length&&!(q.missing.length===1&&q.missing[0]===q.title)?L.missing.replace('{items}',q.missing.join(', ')):'')});s.setAttribute('data-loaded','true')}).catch(function(){m.textContent=L.failed})})()`;

function statusPanel(language: Language, signedId: string): Markup {
  const tr = (key: MessageKey, params?: Params) => t(language, key, params);
  const labels: Record<string, string> = {
    loading: tr('badge.status.loading'),
    failed: tr('badge.status.failed'),
    forbidden: tr('badge.status.forbidden'),
    signIn: tr('badge.status.signIn'),
    none: tr('badge.status.noRequirements'),
    missing: tr('badge.status.missing', { items: '{items}' }),
  };
  for (const status of COMPLIANCE_STATUSES) labels[status] = tr(`badge.status.${status}`);
  for (const status of TASK_STATUSES) labels[`task${status}`] = tr(`badge.task.${status}`, { date: '{date}' });
  for (const status of ['MISSING', 'EXPIRED', 'REVOKED', 'EXPIRING'] as const)
    labels[`piece${status}`] = tr(`badge.piece.${status}`, { name: '{name}', date: '{date}' });
  return html`<section id="status" class="panel" aria-labelledby="status-title" data-url="/api/v2/badges/${encodeURIComponent(signedId)}/status" data-labels="${JSON.stringify(labels)}" data-tones="${JSON.stringify(TONES)}">
<h2 id="status-title">${tr('badge.status.title')}</h2>
<p id="status-message" role="status">${tr('badge.status.signIn')}</p>
<p id="status-sign-in"><a class="btn" href="/login">${tr('badge.signIn')}</a></p>
<h3 id="status-tasks" hidden>${tr('badge.status.tasks')}</h3>
<ul id="status-task-list" class="items" aria-labelledby="status-tasks"></ul>
<h3 id="status-requirements" hidden>${tr('badge.status.requirements')}</h3>
<ul id="status-list" class="items" aria-labelledby="status-requirements"></ul>
</section>`;
}

type PageData = NonNullable<Awaited<ReturnType<typeof badgePageData>>>;

function holderPage(appName: string, language: Language, signedId: string, data: PageData): Markup {
  const tr = (key: MessageKey, params?: Params) => t(language, key, params);
  const until = (iso: string) =>
    certificateExpires(iso) ? tr('badge.until', { date: formatDay(language, iso) }) : tr('cert.noExpiry');
  const list = (items: { number: string; title: string; expiresAt: string }[], base: string) =>
    items.length
      ? html`<ul class="items">${items.map(
          (item) =>
            html`<li><bdi>${item.title}</bdi> <span class="sub">${until(item.expiresAt)} · <a class="nowrap" href="${base}/${encodeURIComponent(item.number)}" dir="ltr">${item.number}</a></span></li>`,
        )}</ul>`
      : tr('badge.none');
  const body = html`<dl>
<div class="row"><dt>${tr('badge.row.holder')}</dt><dd><bdi>${data.name}</bdi></dd></div>
<div class="row"><dt>${tr('badge.certificates')}</dt><dd>${list(data.certificates, '/certificate/verify')}</dd></div>
<div class="row"><dt>${tr('badge.authorisations')}</dt><dd>${list(data.authorisations, '/authorisation/verify')}</dd></div>
</dl>
<p class="note">${tr('badge.note')}</p>`;
  const heading = tr('badge.valid.title', { name: data.name });
  return page({
    appName,
    language,
    title: `${heading} | ${appName}`,
    description: tr('badge.description', { app: appName }),
    tone: 'success',
    heading,
    lead: tr('badge.valid.lead'),
    body,
    header: tr('badge.header'),
    instead: statusPanel(language, signedId),
    script: BADGE_STATUS_SCRIPT,
  });
}

function invalidPage(appName: string, language: Language): Markup {
  return page({
    appName,
    language,
    title: `${t(language, 'badge.invalid.title')} | ${appName}`,
    description: t(language, 'badge.description', { app: appName }),
    tone: 'error',
    heading: t(language, 'badge.invalid.title'),
    lead: t(language, 'badge.invalid.lead', { app: appName }),
    body: '',
    header: t(language, 'badge.header'),
    instead: html``,
  });
}

async function respond(c: Context<AppEnv>, body: Markup, status: 200 | 404 | 500, withScript: boolean) {
  c.header('Content-Security-Policy', withScript ? await pageCspForScript(BADGE_STATUS_SCRIPT) : await pageCsp(false));
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Referrer-Policy', 'no-referrer');
  c.header('X-Frame-Options', 'DENY');
  c.header('Content-Language', pageLanguage(c));
  c.header('Vary', 'Accept-Language');
  // Never stored: the holder may leave or lose a certificate at any moment, and the page is cheap (one batch).
  c.header('Cache-Control', 'no-store');
  return c.html(body, status);
}

/** The scanned id as the QR carried it (a URL's last segment or the bare id); a broken %-escape is no badge. */
const badgeParam = v.object({
  signedId: v.pipe(
    v.string(),
    v.transform((value) => {
      try {
        return signedIdOfScan(value).slice(0, 100);
      } catch {
        return '';
      }
    }),
  ),
});

export const badgePage = new Hono<AppEnv>().get('/:signedId', publicRoute, validate('param', badgeParam), async (c) => {
  const appName = c.var.config.appName;
  const language = pageLanguage(c);
  const { signedId } = c.req.valid('param');
  let userId: string | null = null;
  try {
    userId = signedId ? await userOfBadge(c.env.JWT_SECRET, signedId) : null;
  } catch {
    userId = null;
  }
  try {
    const data = userId ? await badgePageData(c.var.db, userId, new Date()) : null;
    if (!data) return respond(c, invalidPage(appName, language), 404, false);
    return respond(c, holderPage(appName, language, signedId, data), 200, true);
  } catch (error) {
    console.error(
      JSON.stringify({ level: 'error', requestId: c.var.requestId, path: c.req.path, error: String(error) }),
    );
    return respond(
      c,
      failurePage(appName, language, { header: t(language, 'badge.header'), instead: html`` }),
      500,
      false,
    );
  }
});
