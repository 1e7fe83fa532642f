import { expect } from 'vitest';
import { REFUSALS } from '../../worker/contract/errors';
import { api, createAdmin, createUser, login } from './helpers';

/**
 * Arrange step of the site-limit API tests (issue 30): two new sites, a person at each, an unlimited
 * administrator and one limited to the north site, all named with `tag` so searches find only them.
 */
export async function twoSites() {
  const tag = crypto.randomUUID().slice(0, 8);
  const adminUser = await createAdmin();
  const admin = await login(adminUser);
  const site = async (name: string) => {
    const res = await api('POST', '/api/v2/admin/sites', { token: admin, body: { name: `${name} ${tag}` } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.site.id as string;
  };
  const north = await site('North');
  const south = await site('South');
  const mine = await createUser({ siteId: north, username: `mine_${tag}` });
  const theirs = await createUser({ siteId: south, username: `theirs_${tag}` });
  const limitedUser = await createAdmin({ username: `limited_${tag}`, adminSiteId: north, siteId: north });
  return { tag, admin, adminUser, north, south, mine, theirs, limitedUser, limited: await login(limitedUser) };
}

/** The refusal of a record outside the administrator's site. */
export function outside(res: { status: number; body: { message?: string } }) {
  expect(res.status, JSON.stringify(res.body)).toBe(403);
  expect(res.body.message).toBe(REFUSALS['site.outsideLimit']);
}
