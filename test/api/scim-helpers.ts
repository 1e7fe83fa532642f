import { createExecutionContext } from 'cloudflare:test';
import { and, eq } from 'drizzle-orm';
import { app } from '../../worker/app';
import { api, db, env, schema } from './helpers';

export interface ScimResult {
  status: number;
  body: any;
  headers: Headers;
}

/** A request to the SCIM service as an identity provider sends it (`application/scim+json`). */
export async function scim(
  method: string,
  path: string,
  options: { token?: string; body?: unknown; raw?: string } = {},
): Promise<ScimResult> {
  const headers: Record<string, string> = { accept: 'application/scim+json' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const body = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  if (body !== undefined) headers['content-type'] = 'application/scim+json';
  const request = new Request(`http://localhost/scim/v2${path}`, { method, headers, body });
  // The Worker's own fetch handler, as the API helper does for /api (SELF slows down per call).
  const response = await app.fetch(request, env, createExecutionContext());
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
}

/** A directory connection made by an administrator through the admin API: its id and token. */
export async function createConnection(adminToken: string, name = `Directory ${crypto.randomUUID().slice(0, 8)}`) {
  const res = await api('POST', '/api/v2/admin/scim-connections', { token: adminToken, body: { name } });
  if (res.status !== 201) throw new Error(`connection: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.connection.id as string, token: res.body.token as string, name };
}

export const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
export const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

/** A create as Microsoft Entra ID sends it (its documented request, with the enterprise extension). */
export const entraUser = (tag: string, extra: Record<string, unknown> = {}) => ({
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:User', ENTERPRISE],
  externalId: `${tag}-oid`,
  userName: `${tag}@contoso.test`,
  active: true,
  emails: [{ primary: true, type: 'work', value: `${tag}@contoso.test` }],
  meta: { resourceType: 'User' },
  name: { formatted: 'Ana Ruiz', familyName: 'Ruiz', givenName: 'Ana' },
  roles: [],
  ...extra,
});

/** A create as Okta sends it (its documented request: displayName, locale, an empty groups list). */
export const oktaUser = (tag: string, extra: Record<string, unknown> = {}) => ({
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
  userName: `${tag}@okta.test`,
  name: { givenName: 'Raj', familyName: 'Patel' },
  emails: [{ primary: true, value: `${tag}@okta.test`, type: 'work' }],
  displayName: 'Raj Patel',
  locale: 'en-US',
  externalId: `00u${tag}`,
  groups: [],
  password: 'ignored-by-the-service',
  active: true,
  ...extra,
});

export const patchOf = (...operations: unknown[]) => ({ schemas: [PATCH_OP], Operations: operations });

export const auditFor = (userId: string, action: string) =>
  db
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.targetUserId, userId), eq(schema.auditLog.action, action)));
