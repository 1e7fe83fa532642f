/**
 * The SCIM service's discovery answers (RFC 7644 4, RFC 7643 5-7): what it supports, its resource
 * types (Users, and Groups, which are books: decision 2026-11-28-scim.md) and the attributes it keeps.
 */
import { SCIM_MAX_RESULTS, SCIM_SCHEMA } from '../contract/scim';

export function serviceProviderConfig(base: string) {
  return {
    schemas: [SCIM_SCHEMA.config],
    documentationUri: 'https://datatracker.ietf.org/doc/html/rfc7644',
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: SCIM_MAX_RESULTS },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'Bearer token',
        description: 'The directory connection token an administrator creates under Directory provisioning',
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${base}/ServiceProviderConfig` },
  };
}

/** A ResourceType resource (RFC 7643 6): what is served at `endpoint` and under which schema. */
const resourceType = (base: string, name: string, endpoint: string, description: string, schema: string) => ({
  schemas: [SCIM_SCHEMA.resourceType],
  id: name,
  name,
  endpoint,
  description,
  schema,
  meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/${name}` },
});

export const userResourceType = (base: string) => ({
  ...resourceType(base, 'User', '/Users', 'A person who takes training', SCIM_SCHEMA.user),
  schemaExtensions: [{ schema: SCIM_SCHEMA.enterprise, required: false }],
});

export const groupResourceType = (base: string) =>
  resourceType(
    base,
    'Group',
    '/Groups',
    'A book: its members are the people who hold it and see its courses',
    SCIM_SCHEMA.group,
  );

const attribute = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  type: 'string',
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...extra,
});

const subAttributes = (...names: string[]) => names.map((name) => attribute(name));

/** One Schema resource of the discovery answer: its id, name, description and attributes, and where it is served. */
const schemaResource = (base: string, id: string, name: string, description: string, attributes: unknown[]) => ({
  schemas: [SCIM_SCHEMA.schema],
  id,
  name,
  description,
  attributes,
  meta: { resourceType: 'Schema', location: `${base}/Schemas/${id}` },
});

export function schemas(base: string) {
  const user = schemaResource(base, SCIM_SCHEMA.user, 'User', 'User account', [
    attribute('userName', { required: true, uniqueness: 'server' }),
    attribute('externalId', { caseExact: true }),
    attribute('name', { type: 'complex', subAttributes: subAttributes('givenName', 'familyName', 'formatted') }),
    attribute('displayName', { mutability: 'readOnly' }),
    attribute('title'),
    attribute('preferredLanguage'),
    attribute('active', { type: 'boolean' }),
    attribute('emails', { type: 'complex', multiValued: true, subAttributes: subAttributes('value', 'type') }),
  ]);
  const enterprise = schemaResource(base, SCIM_SCHEMA.enterprise, 'EnterpriseUser', 'Enterprise User', [
    attribute('employeeNumber'),
    attribute('department'),
    attribute('manager', { type: 'complex', subAttributes: subAttributes('value', '$ref', 'displayName') }),
  ]);
  const group = schemaResource(base, SCIM_SCHEMA.group, 'Group', 'Group (a book)', [
    attribute('displayName', { required: true, uniqueness: 'server' }),
    attribute('externalId', { caseExact: true }),
    attribute('members', {
      type: 'complex',
      multiValued: true,
      subAttributes: [
        attribute('value', { mutability: 'immutable' }),
        attribute('display', { mutability: 'readOnly' }),
      ],
    }),
  ]);
  return [user, enterprise, group];
}
