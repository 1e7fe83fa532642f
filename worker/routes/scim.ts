import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as v from 'valibot';
import { originFor } from '../config';
import { idParam } from '../contract/common';
import { SCIM_MAX_RESULTS, SCIM_SCHEMA } from '../contract/scim';
import type { AppEnv } from '../env';
import { requireScimToken } from '../middleware/auth';
import { groupResourceType, schemas, serviceProviderConfig, userResourceType } from '../services/scim-discovery';
import {
  invalidSyntax,
  ScimError,
  scimErrorResponse,
  scimErrors,
  scimJson,
  scimNotFound,
} from '../services/scim-errors';
import { applyGroupPatch, groupFromResource } from '../services/scim-group-resource';
import {
  createScimGroup,
  type ScimGroupRow,
  deleteScimGroup,
  groupFilter,
  listScimGroups,
  membersOf,
  scopedGroup,
  toScimGroup,
  updateScimGroup,
} from '../services/scim-groups';
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

/** `excludedAttributes=members` (Entra ID reads groups without their members): the only exclusion that saves work. */
const groupQuery = v.object({ excludedAttributes: v.optional(v.string(), '') });
const groupListQuery = v.object({ ...listQuery.entries, ...groupQuery.entries });
const withMembers = (query: { excludedAttributes: string }) =>
  !query.excludedAttributes.split(',').some((name) => name.trim().toLowerCase() === 'members');

/** A page's `startIndex` and `count` within what the service answers. */
const pageOf = (query: { startIndex: number; count: number }) => ({
  startIndex: Math.max(1, query.startIndex),
  count: Math.min(SCIM_MAX_RESULTS, Math.max(0, query.count)),
});

/** A group as answered: with its members (the connection's people who hold its book) unless excluded. */
async function groupAnswer(c: Context<AppEnv>, row: ScimGroupRow, members: boolean) {
  const map = members ? await membersOf(c.var.db, c.var.scimConnection, [row.domainId]) : undefined;
  return toScimGroup(row, map ? (map.get(row.domainId) ?? []) : undefined, baseOf(c));
}

/** The group's current draft: its name, externalId and members' ids, what PUT and PATCH change. */
async function draftOf(c: Context<AppEnv>, row: ScimGroupRow) {
  const members = (await membersOf(c.var.db, c.var.scimConnection, [row.domainId])).get(row.domainId) ?? [];
  return { displayName: row.displayName, externalId: row.externalId, members: new Set(members.map((m) => m.id)) };
}

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
  .get('/ResourceTypes', (c) =>
    scimJson(c, listResponse([userResourceType(baseOf(c)), groupResourceType(baseOf(c))], 2, 1)),
  )
  .get('/ResourceTypes/User', (c) => scimJson(c, userResourceType(baseOf(c))))
  .get('/ResourceTypes/Group', (c) => scimJson(c, groupResourceType(baseOf(c))))
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
    const { startIndex, count } = pageOf(query);
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

  // Groups are books (docs/decisions/2026-11-28-scim.md): members are the connection's people who hold the book.
  .get('/Groups', validate('query', groupListQuery), async (c) => {
    const query = c.req.valid('query');
    const page = pageOf(query);
    const where = groupFilter(query.filter);
    const { rows, total } = await listScimGroups(c.var.db, c.var.scimConnection, where, page);
    const members = withMembers(query)
      ? await membersOf(
          c.var.db,
          c.var.scimConnection,
          rows.map((row) => row.domainId),
        )
      : undefined;
    const base = baseOf(c);
    return scimJson(
      c,
      listResponse(
        rows.map((row) => toScimGroup(row, members ? (members.get(row.domainId) ?? []) : undefined, base)),
        total,
        page.startIndex,
      ),
    );
  })
  .post('/Groups', async (c) => {
    const row = await createScimGroup(c.var.db, c.var.scimConnection, groupFromResource(await body(c)));
    return scimJson(c, await groupAnswer(c, row, true), 201);
  })
  .get('/Groups/:id', validate('param', idParam), validate('query', groupQuery), async (c) => {
    const row = await scopedGroup(c.var.db, c.var.scimConnection, c.req.valid('param').id);
    return scimJson(c, await groupAnswer(c, row, withMembers(c.req.valid('query'))));
  })
  .put('/Groups/:id', validate('param', idParam), async (c) => {
    const row = await scopedGroup(c.var.db, c.var.scimConnection, c.req.valid('param').id);
    const draft = groupFromResource(await body(c));
    const current = await draftOf(c, row);
    const updated = await updateScimGroup(c.var.db, c.var.scimConnection, row, current.members, draft);
    return scimJson(c, await groupAnswer(c, updated, true));
  })
  .patch('/Groups/:id', validate('param', idParam), async (c) => {
    const row = await scopedGroup(c.var.db, c.var.scimConnection, c.req.valid('param').id);
    const current = await draftOf(c, row);
    const draft = applyGroupPatch(current, await body(c));
    await updateScimGroup(c.var.db, c.var.scimConnection, row, current.members, draft);
    // Entra ID and Okta document 204 for a group PATCH (RFC 7644 3.5.2 allows it): members are not sent back.
    return c.body(null, 204);
  })
  .delete('/Groups/:id', validate('param', idParam), async (c) => {
    const row = await scopedGroup(c.var.db, c.var.scimConnection, c.req.valid('param').id);
    await deleteScimGroup(c.var.db, c.var.scimConnection, row);
    return c.body(null, 204);
  })
  // Bulk, /Me and anything else: not served (the configuration lists what is).
  .all('*', () => {
    throw scimNotFound('This SCIM endpoint is not supported: see /scim/v2/ServiceProviderConfig');
  });
