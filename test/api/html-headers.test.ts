import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { issueCertificate } from '../../worker/services/certificates';
import { completeCourse, createDomain, createUser, db, schema } from './helpers';

/**
 * Issue 27 problem 11: every HTML answer carries the transport and opener headers /api has. One
 * request per kind of HTML answer: the Worker's landing page, the client app's shell served by the
 * assets binding (a client route through the single-page fallback, and a path the
 * Worker was asked first for and handed on), and the verification pages (result, unknown number,
 * missing number, lookup form).
 */
const REQUIRED = {
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'cross-origin-opener-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
};

let ip = 0;
async function html(path: string) {
  const response = await SELF.fetch(`http://localhost${path}`, {
    headers: { 'cf-connecting-ip': `198.51.100.${++ip}`, accept: 'text/html' },
    redirect: 'manual',
  });
  await response.arrayBuffer();
  return response;
}

async function certificateNumber(): Promise<string> {
  const courseId = crypto.randomUUID();
  await db
    .insert(schema.courses)
    .values({ id: courseId, title: 'Ladder Safety', domainId: await createDomain(), status: 'PUBLISHED' });
  const user = await createUser();
  await completeCourse(user.id, courseId);
  return (await issueCertificate(db, user.id, courseId, new Date())).certificateNumber;
}

describe('headers on every HTML answer', () => {
  it.each([
    ['the landing page', '/'],
    ['a client route (single-page fallback)', '/dashboard'],
    ['a deep client route', '/admin/users/123'],
    ['a path the Worker hands on to the client app', '/certificate/verify/a/b'],
    ['the lookup form', '/verify'],
    ['the verification page without a number', '/certificate/verify'],
    ['an unknown certificate number', '/certificate/verify/CERT-0000-000000'],
  ])('%s (%s)', async (_kind, path) => {
    const response = await html(path);
    expect(response.headers.get('content-type') ?? '', path).toMatch(/^text\/html/);
    for (const [name, value] of Object.entries(REQUIRED))
      expect(response.headers.get(name), `${path} ${name}`).toBe(value);
  });

  it('a valid certificate, answered fresh and then from the edge cache', async () => {
    const number = await certificateNumber();
    for (const expected of ['MISS', 'HIT']) {
      const response = await html(`/certificate/verify/${number}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('x-edge-cache')).toBe(expected);
      for (const [name, value] of Object.entries(REQUIRED)) expect(response.headers.get(name), name).toBe(value);
    }
  });
});
