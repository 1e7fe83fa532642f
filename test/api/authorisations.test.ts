import jsQR from 'jsqr';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminSession, evaluationBody, personSession, qualifiedSetup } from './evaluation-helpers';
import { api } from './helpers';

/** Authorisations (issue 28): issued by a competent evaluation, verifiable by number and QR, revoked, renewed with lineage. */

let admin: Awaited<ReturnType<typeof adminSession>>;

beforeAll(async () => {
  admin = await adminSession();
});

async function competent(setup: Awaited<ReturnType<typeof qualifiedSetup>>) {
  const body = evaluationBody(setup.template, setup.trainee.user, setup.evaluator.user);
  const res = await api('POST', '/api/v2/evaluations', { token: setup.evaluator.token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.evaluation;
}

describe('authorisations', () => {
  it('verifies by number (JSON and page with a QR code of its own URL), scoped to the trainee department', async () => {
    const setup = await qualifiedSetup(admin.token, { validityDays: 1095 });
    const evaluation = await competent(setup);
    const number = evaluation.authorisation.number as string;
    const json = await api('GET', `/api/v2/authorisations/verify/${number.toLowerCase()}`);
    expect(json.status).toBe(200);
    expect(json.body).toMatchObject({
      valid: true,
      status: 'VALID',
      number,
      holderName: 'Tom Trainee',
      evaluatorName: 'Eve Evaluator',
      templateVersion: 1,
      chain: [number],
      renews: null,
    });
    const trainee = await api('GET', '/api/auth/user', { token: setup.trainee.token });
    expect(json.body.scope).toMatch(/^Warehouse /);
    expect(json.body.scope).toBe(trainee.body.user?.department ?? trainee.body.department);
    const days = (Date.parse(json.body.expiryDate) - Date.parse(json.body.issuedDate)) / 86_400_000;
    expect(Math.round(days)).toBe(1095);

    const page = await api('GET', `/authorisation/verify/${number}`, { headers: { 'accept-language': 'es' } });
    expect(page.status).toBe(200);
    expect(page.body).toContain('Autorización válida');
    expect(page.body).toContain(number);
    const svg = /<svg viewBox="0 0 (\d+) \1"[^>]*><rect[^>]*\/><path d="([^"]+)"/.exec(page.body);
    expect(svg).not.toBeNull();
    expect(decodeQr(Number(svg![1]), svg![2]!)).toMatch(new RegExp(`/authorisation/verify/${number}$`));

    const unknown = await api('GET', '/api/v2/authorisations/verify/AUT-2020-000000');
    expect([unknown.status, unknown.body.reason]).toEqual([404, 'authorisation.notFound']);
    const mine = await api('GET', '/api/v2/user/authorisations', { token: setup.trainee.token });
    expect(mine.body.authorisations.map((a: { number: string }) => a.number)).toEqual([number]);
  });

  it('says revoked at once after a revocation, and the revocation needs User Management', async () => {
    const setup = await qualifiedSetup(admin.token);
    const evaluation = await competent(setup);
    const { id, number } = evaluation.authorisation;
    // Warm the edge cache first: the purge must reach it.
    expect((await api('GET', `/api/v2/authorisations/verify/${number}`)).body.status).toBe('VALID');
    const learner = await personSession();
    expect(
      (await api('POST', `/api/v2/admin/authorisations/${id}/revoke`, { token: learner.token, body: { reason: 'x' } }))
        .status,
    ).toBe(403);
    const noReason = await api('POST', `/api/v2/admin/authorisations/${id}/revoke`, { token: admin.token, body: {} });
    expect([noReason.status, noReason.body.reason]).toEqual([400, 'common.reasonRequired']);
    const revoked = await api('POST', `/api/v2/admin/authorisations/${id}/revoke`, {
      token: admin.token,
      body: { reason: 'Unsafe operation observed' },
    });
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    expect(revoked.body.authorisation.status).toBe('REVOKED');
    const after = await api('GET', `/api/v2/authorisations/verify/${number}`);
    expect(after.body).toMatchObject({ valid: false, status: 'REVOKED' });
    const page = await api('GET', `/authorisation/verify/${number}`);
    expect(page.body).toContain('Invalid Authorisation');
    const twice = await api('POST', `/api/v2/admin/authorisations/${id}/revoke`, {
      token: admin.token,
      body: { reason: 'again' },
    });
    expect([twice.status, twice.body.reason]).toEqual([409, 'authorisation.alreadyRevoked']);
  });

  it('renews with lineage: a second pass names the first, and the chain reads oldest first', async () => {
    const setup = await qualifiedSetup(admin.token);
    const first = (await competent(setup)).authorisation.number as string;
    const second = (await competent(setup)).authorisation.number as string;
    const latest = await api('GET', `/api/v2/authorisations/verify/${second}`);
    expect(latest.body).toMatchObject({ renews: first, renewedBy: null, chain: [first, second] });
    const older = await api('GET', `/api/v2/authorisations/verify/${first}`);
    expect(older.body).toMatchObject({ renews: null, renewedBy: second, chain: [first, second], status: 'VALID' });
    const mine = await api('GET', '/api/v2/user/authorisations', { token: setup.trainee.token });
    expect(
      mine.body.authorisations.map((a: { number: string; renews: string | null }) => [a.number, a.renews]),
    ).toEqual([
      [second, first],
      [first, null],
    ]);
  });
});

/** Reads the QR code the page drew (its path of 1-module-high runs) back to text with jsQR. */
function decodeQr(size: number, path: string): string | null {
  const scale = 4;
  const width = size * scale;
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255);
  for (const match of path.matchAll(/M(\d+) (\d+)h(\d+)/g)) {
    const [col, row, length] = [Number(match[1]), Number(match[2]), Number(match[3])];
    for (let y = row * scale; y < (row + 1) * scale; y++)
      for (let x = col * scale; x < (col + length) * scale; x++)
        pixels.fill(0, (y * width + x) * 4, (y * width + x) * 4 + 3);
  }
  return jsQR(pixels, width, width)?.data ?? null;
}
