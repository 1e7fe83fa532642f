import { SELF } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { issueCertificate } from '../../worker/services/certificates';
import { completeCourse, createDomain, createUser, db, env, schema } from './helpers';

const DAY_MS = 24 * 3600 * 1000;
let ipCounter = 0;

/** A plain HTTP GET, as a phone with JavaScript off (or a crawler) makes it. */
async function getPage(path: string, ip = `192.0.2.${++ipCounter}`, acceptLanguage?: string) {
  const response = await SELF.fetch(`http://localhost${path}`, {
    headers: { 'cf-connecting-ip': ip, ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}) },
    redirect: 'manual',
  });
  return { response, html: await response.text() };
}

async function issued(
  options: { firstName?: string; lastName?: string; courseTitle?: string; domainName?: string } = {},
) {
  const domainId = await createDomain(options.domainName);
  const courseId = crypto.randomUUID();
  await db
    .insert(schema.courses)
    .values({ id: courseId, title: options.courseTitle ?? 'Forklift Operator Safety', domainId, status: 'PUBLISHED' });
  const user = await createUser({ firstName: options.firstName ?? 'Jonas', lastName: options.lastName ?? 'Berg' });
  await completeCourse(user.id, courseId);
  return issueCertificate(db, user.id, courseId, new Date('2026-03-05T08:00:00Z'));
}

describe('the certificate verification page', () => {
  it('renders a complete, cacheable HTML page for a valid certificate with every field', async () => {
    const cert = await issued({ domainName: 'Warehouse Operations' });
    // Keep it valid regardless of the test date.
    await db
      .update(schema.certificates)
      .set({ expiresAt: new Date(Date.now() + 100 * DAY_MS).toISOString() })
      .where(eq(schema.certificates.id, cert.id));
    const { response, html } = await getPage(`/certificate/verify/${cert.certificateNumber}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    // Kept at the edge (purged on revocation, test/api/edge-cache.test.ts); browsers revalidate.
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=300');
    expect(response.headers.get('x-edge-cache')).toBe('MISS');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("style-src 'unsafe-inline'");
    expect(csp).not.toMatch(/script-src/);
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toMatch(/<title>Valid Certificate CERT-\d{4}-\d{6} \| SafeWork Academy<\/title>/);
    expect(html).toMatch(/<meta name="description" content="[^"]+">/);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).not.toMatch(/<script/i);
    for (const text of [
      'Valid Certificate',
      cert.certificateNumber,
      'Jonas Berg',
      'Forklift Operator Safety',
      'Warehouse Operations',
      '5 March 2026',
      'ACTIVE',
    ]) {
      expect(html).toContain(text);
    }
  });

  it('shows "Expired Certificate" once the expiry date has passed', async () => {
    const cert = await issued();
    await db
      .update(schema.certificates)
      .set({ expiresAt: '2026-04-01T00:00:00.000Z' })
      .where(eq(schema.certificates.id, cert.id));
    const { response, html } = await getPage(`/certificate/verify/${cert.certificateNumber}`);
    expect(response.status).toBe(200);
    expect(html).toContain('Expired Certificate');
    expect(html).toContain('class="card warning"');
    expect(html).toContain('1 April 2026');
    expect(html).toContain('EXPIRED');
  });

  it('shows "Invalid Certificate" for a revoked one', async () => {
    const cert = await issued();
    await db
      .update(schema.certificates)
      .set({ revokedAt: new Date().toISOString(), revokedReason: 'test' })
      .where(eq(schema.certificates.id, cert.id));
    const { html } = await getPage(`/certificate/verify/${cert.certificateNumber}`);
    expect(html).toContain('Invalid Certificate');
    expect(html).toContain('class="card error"');
    expect(html).toContain('REVOKED');
    expect(html).toContain('revoked');
  });

  it('answers 404 "Certificate not found. Please check the certificate number." for an unknown number', async () => {
    const { response, html } = await getPage('/certificate/verify/CERT-2000-123456');
    expect(response.status).toBe(404);
    expect(html).toContain('Certificate not found. Please check the certificate number.');
    expect(html).toContain('Invalid Certificate');
    expect(html).toContain('<title>');
  });

  it('escapes every interpolated value', async () => {
    const cert = await issued({
      firstName: '<script>alert(1)</script>',
      lastName: 'O"Neil',
      courseTitle: 'Acids & <b>Bases</b>',
    });
    await db
      .update(schema.certificates)
      .set({ expiresAt: new Date(Date.now() + DAY_MS).toISOString() })
      .where(eq(schema.certificates.id, cert.id));
    const { html } = await getPage(`/certificate/verify/${cert.certificateNumber}`);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>Bases</b>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; O&quot;Neil');
    expect(html).toContain('Acids &amp; &lt;b&gt;Bases&lt;/b&gt;');
    const unknown = await getPage(`/certificate/verify/${encodeURIComponent('"><img src=x onerror=alert(1)>')}`);
    expect(unknown.response.status).toBe(404);
    expect(unknown.html).not.toContain('<img src=x');
  });

  it('offers a lookup form that works without JavaScript', async () => {
    const cert = await issued();
    const form = await getPage('/certificate/verify/lookup');
    expect(form.response.status).toBe(200);
    expect(form.html).toContain('action="/certificate/verify/lookup"');
    expect(form.html).toContain('name="number"');
    const redirected = await getPage(`/certificate/verify/lookup?number=${cert.certificateNumber.toLowerCase()}`);
    expect(redirected.response.status).toBe(303);
    expect(redirected.response.headers.get('location')).toBe(`/certificate/verify/${cert.certificateNumber}`);
  });

  it('/verify is the page to type a number: a plain GET form, its one script allowed by hash', async () => {
    const { response, html } = await getPage('/verify');
    expect(response.status).toBe(200);
    expect(html).toContain('<form id="lookup" method="get" action="/certificate/verify/lookup" role="search">');
    expect(html).toContain('aria-describedby="number-hint"');
    expect(html).toContain('Spaces and capital letters do not matter');
    // The inline normaliser runs only because the CSP names its hash: no other script could.
    const script = /<script>([^<]*)<\/script>/.exec(html)?.[1] ?? '';
    expect(script).toContain('toUpperCase');
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(script));
    const hash = btoa(String.fromCharCode(...new Uint8Array(digest)));
    expect(response.headers.get('content-security-policy')).toContain(`script-src 'sha256-${hash}'`);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('forgives spaces, case and dashes in a typed number, with or without the script', async () => {
    const cert = await issued();
    const [, year, serial] = /^CERT-(\d{4})-(\d{6})$/.exec(cert.certificateNumber) ?? [];
    const typed = ` cert-${year} \u2013 ${serial.slice(0, 3)} ${serial.slice(3)} `;
    for (const path of ['/verify', '/certificate/verify/lookup']) {
      const sent = await getPage(`${path}?number=${encodeURIComponent(typed)}`);
      expect(sent.response.status).toBe(303);
      expect(sent.response.headers.get('location')).toBe(`/certificate/verify/${cert.certificateNumber}`);
    }
    // A number typed straight into the address finds the certificate too.
    const direct = await getPage(`/certificate/verify/${encodeURIComponent(typed)}`);
    expect(direct.response.status).toBe(200);
    expect(direct.html).toContain(`<bdi dir="ltr">${cert.certificateNumber}</bdi>`);
  });

  it('/certificate/verify with no number is a 404 that offers the form and the verification page', async () => {
    const { response, html } = await getPage('/certificate/verify');
    expect(response.status).toBe(404);
    expect(html).toContain('Which certificate?');
    expect(html).toContain('<a href="/verify">Open the certificate verification page</a>');
    expect(html).toContain('action="/certificate/verify/lookup"');
    expect(html).not.toContain('Go to Dashboard');
  });

  it('is rate limited per client IP with a readable page', async () => {
    const ip = '198.51.100.200';
    for (let i = 0; i < 60; i++) await getPage(`/certificate/verify/CERT-2001-${String(i).padStart(6, '0')}`, ip);
    const { response, html } = await getPage('/certificate/verify/CERT-2001-999999', ip);
    expect(response.status).toBe(429);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(html).toContain('Too many verification requests');
  });

  it('answers "Failed to verify certificate" as a readable, uncached page when the lookup fails unexpectedly', async () => {
    // Break the lookup for a moment: the rate-limit table it writes first is gone.
    await env.DB.exec('ALTER TABLE rate_limits RENAME TO rate_limits_away');
    try {
      const { response, html } = await getPage('/certificate/verify/CERT-2026-000001');
      expect(response.status).toBe(500);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(html).toContain('Failed to verify certificate');
      expect(html).toContain('action="/certificate/verify/lookup"');
      expect(html).not.toMatch(/Something went wrong|"code"/);
    } finally {
      await env.DB.exec('ALTER TABLE rate_limits_away RENAME TO rate_limits');
    }
  });

  it("answers in the viewer's language (Accept-Language): Arabic right to left, Hindi and Spanish, English otherwise", async () => {
    const cert = await issued({ firstName: 'فاطمة', lastName: 'الزهراء', domainName: 'Almacén' });
    await db
      .update(schema.certificates)
      .set({ expiresAt: new Date(Date.now() + 100 * DAY_MS).toISOString() })
      .where(eq(schema.certificates.id, cert.id));
    const path = `/certificate/verify/${cert.certificateNumber}`;

    const arabic = await getPage(path, undefined, 'ar-EG,ar;q=0.9,en;q=0.5');
    expect(arabic.html).toContain('<html lang="ar" dir="rtl">');
    expect(arabic.html).toContain('شهادة صالحة');
    expect(arabic.html).toContain('<bdi>فاطمة الزهراء</bdi>');
    expect(arabic.html).toContain(`<bdi dir="ltr">${cert.certificateNumber}</bdi>`);
    expect(arabic.response.headers.get('content-language')).toBe('ar');
    expect(arabic.response.headers.get('vary')).toContain('Accept-Language');

    const hindi = await getPage(path, undefined, 'hi-IN');
    expect(hindi.html).toContain('<html lang="hi" dir="ltr">');
    expect(hindi.html).toContain('वैध प्रमाणपत्र');
    // Dates through Intl in the language: 5 March 2026 (the issue date above).
    expect(hindi.html).toContain('5 मार्च 2026');

    const spanish = await getPage(path, undefined, 'fr-FR, es;q=0.8');
    expect(spanish.html).toContain('<html lang="es" dir="ltr">');
    expect(spanish.html).toContain('Certificado válido');
    expect(spanish.html).toContain('5 de marzo de 2026');

    const other = await getPage(path, undefined, 'de-DE');
    expect(other.html).toContain('<html lang="en" dir="ltr">');
    expect(other.html).toContain('5 March 2026');
  });

  it('the lookup form is in the viewer language too', async () => {
    const { html } = await getPage('/certificate/verify/lookup', undefined, 'ar');
    expect(html).toContain('dir="rtl"');
    expect(html).toContain('التحقق من شهادة');
  });
});
