import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as v from 'valibot';
import { originFor } from '../config';
import { idParam } from '../contract/common';
import { SCIM_MAX_RESULTS, SCIM_SCHEMA } from '../contract/scim';
import type { AppEnv } from '../env';
import { requireScimToken } from '../middleware/auth';
import { schemas, serviceProviderConfig, userResourceType } from '../services/scim-discovery';
import {
  invalidSyntax,
  ScimError,
  scimErrorResponse,
  scimErrors,
  scimJson,
  scimNotFound,
} from '../services/scim-errors';
import { applyPatch, personFromResource, personFromRow, toScimUser } from '../services/scim-resource';
import {
  createScimUser,
  deleteScimUser,
  listScimUsers,
  scimFilter,
  scopedUser,
  updateScimUser,
} from '../services/scim-users';
import { validate } from '../validate';

/*
 * /scim/v2 (issue 32): the SCIM 2.0 service provider an identity provider (Entra ID, Okta)
 * provisions people through, with a directory connection's bearer token. Answers and refusals are
 * SCIM's own (`application/scim+json`, the Error schema), not the API's. Decisions and the quirks
 * accepted: docs/decisions/2026-11-28-scim.md.
 */

/** The base URL resources are located under (`meta.location`). */
const baseOf = (c: Context<AppEnv>) => `${originFor(c.var.config, c.req.url) ?? ''}/scim/v2`;

/** A count in a query: a whole number, or the default when it is missing or not a number (RFC 7644 3.4.2.4). */
const whole = (fallback: number) =>
  v.pipe(
    v.optional(v.string(), ''),
    v.transform((value) => (/^-?\d+$/.test(value.trim()) ? Number(value) : fallback)),
  );

const listQuery = v.object({
  filter: v.optional(v.string()),
  startIndex: whole(1),
  count: whole(100),
});

/** The JSON body of a write; anything else is SCIM's `invalidSyntax`. */
async function body(c: Context<AppEnv>): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw invalidSyntax('The request body is not valid JSON');
  }
}

const listResponse = (resources: unknown[], total: number, startIndex: number) => ({
  schemas: [SCIM_SCHEMA.list],
  totalResults: total,
  itemsPerPage: resources.length,
  startIndex,
  Resources: resources,
});

export const scimRoutes = new Hono<AppEnv>()
  .use('*', scimErrors)
  .use(
    '*',
    bodyLimit({
      maxSize: 1024 * 1024,
      onError: (c) => scimErrorResponse(c, new ScimError(413, 'The request body is larger than 1 MiB')),
    }),
  )
  .use('*', requireScimToken)
  .get('/ServiceProviderConfig', (c) => scimJson(c, serviceProviderConfig(baseOf(c))))
  .get('/ResourceTypes', (c) => scimJson(c, listResponse([userResourceType(baseOf(c))], 1, 1)))
  .get('/ResourceTypes/User', (c) => scimJson(c, userResourceType(baseOf(c))))
  .get('/Schemas', (c) => {
    const all = schemas(baseOf(c));
    return scimJson(c, listResponse(all, all.length, 1));
  })
  .get('/Schemas/:id', validate('param', v.object({ id: v.string() })), (c) => {
    const found = schemas(baseOf(c)).find((s) => s.id === c.req.valid('param').id);
    if (!found) throw scimNotFound('Schema not found');
    return scimJson(c, found);
  })

  .get('/Users', validate('query', listQuery), async (c) => {
    const query = c.req.valid('query');
    const startIndex = Math.max(1, query.startIndex);
    const count = Math.min(SCIM_MAX_RESULTS, Math.max(0, query.count));
    const where = scimFilter(query.filter);
    const { rows, total } = await listScimUsers(c.var.db, c.var.scimConnection, where, { startIndex, count });
    const base = baseOf(c);
    return scimJson(
      c,
      listResponse(
        rows.map((row) => toScimUser(row, base)),
        total,
        startIndex,
      ),
    );
  })
  .post('/Users', async (c) => {
    const person = personFromResource(await body(c));
    const row = await createScimUser(c.var.db, c.var.scimConnection, person);
    return scimJson(c, toScimUser(row, baseOf(c)), 201);
  })
  .get('/Users/:id', validate('param', idParam), async (c) => {
    const row = await scopedUser(c.var.db, c.var.scimConnection, c.req.valid('param').id);
    return scimJson(c, toScimUser(row, baseOf(c)));
  })
  .put('/Users/:id', validate('param', idParam), async (c) => {
    const row = await scopedUser(c.var.db, c.var.scimConnection, c.req.valid('param').id);
    const person = personFromResource(await body(c));
    const updated = await updateScimUser(c.var.db, c.var.scimConnection, row, person);
    return scimJson(c, toScimUser(updated, baseOf(c)));
  })
  .patch('/Users/:id', validate('param', idParam), async (c) => {
    const row = await scopedUser(c.var.db, c.var.scimConnection, c.req.valid('param').id);
    const person = applyPatch(personFromRow(row), await body(c));
    const updated = await updateScimUser(c.var.db, c.var.scimConnection, row, person);
    return scimJson(c, toScimUser(updated, baseOf(c)));
  })
  .delete('/Users/:id', validate('param', idParam), async (c) => {
    const row = await scopedUser(c.var.db, c.var.scimConnection, c.req.valid('param').id);
    await deleteScimUser(c.var.db, c.var.scimConnection, row);
    return c.body(null, 204);
  })
  // Groups, Bulk, /Me and anything else: not served (the configuration lists what is).
  .all('*', () => {
    throw scimNotFound('This SCIM endpoint is not supported: see /scim/v2/ServiceProviderConfig');
  });
