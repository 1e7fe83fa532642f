import * as v from 'valibot';
import { normalizePersonText } from './common';
import { REFUSALS } from './errors';

/*
 * Directory provisioning (SCIM 2.0, RFC 7643/7644, issue 32): the admin's directory connections
 * (/api/v2/admin/scim-connections) and the names the SCIM service (/scim/v2) answers with. How the
 * identity providers' quirks are read: docs/decisions/2026-11-28-scim.md.
 */

export const SCIM_CONNECTION_NAME_LENGTH = 100;

/** `POST /api/v2/admin/scim-connections`. */
export const scimConnectionBody = v.object({
  name: v.pipe(
    v.optional(v.string(REFUSALS['scim.connectionName']), ''),
    v.string(REFUSALS['scim.connectionName']),
    v.transform((value) => normalizePersonText(value)),
    v.nonEmpty(REFUSALS['scim.connectionName']),
    v.maxLength(SCIM_CONNECTION_NAME_LENGTH, REFUSALS['scim.connectionNameLength']),
  ),
});

/** A connection as the admin screen lists it: never its token, only the token's first characters. */
export interface ScimConnectionDto {
  id: string;
  name: string;
  tokenPrefix: string;
  createdAt: string;
  rotatedAt: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
}
export interface ScimConnectionsResponse {
  connections: ScimConnectionDto[];
  /** The SCIM base URL (the "tenant URL" an identity provider is given). */
  baseUrl: string;
}
/** A created or rotated connection, with its token: answered this once, never again. */
export interface ScimConnectionTokenResponse {
  connection: ScimConnectionDto;
  token: string;
}
export interface ScimConnectionResponse {
  connection: ScimConnectionDto;
}

export const SCIM_SCHEMA = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  enterprise: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
  group: 'urn:ietf:params:scim:schemas:core:2.0:Group',
  list: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  patch: 'urn:ietf:params:scim:api:messages:2.0:PatchOp',
  error: 'urn:ietf:params:scim:api:messages:2.0:Error',
  config: 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig',
  resourceType: 'urn:ietf:params:scim:schemas:core:2.0:ResourceType',
  schema: 'urn:ietf:params:scim:schemas:core:2.0:Schema',
} as const;

export const SCIM_CONTENT_TYPE = 'application/scim+json; charset=utf-8';

/** The error `scimType`s of RFC 7644 3.12 the service answers with. */
export type ScimType =
  | 'invalidFilter'
  | 'uniqueness'
  | 'invalidSyntax'
  | 'invalidPath'
  | 'invalidValue'
  | 'mutability'
  | 'noTarget'
  | 'tooMany';

/** A page of a list: at most this many resources, whatever `count` asks. */
export const SCIM_MAX_RESULTS = 200;
