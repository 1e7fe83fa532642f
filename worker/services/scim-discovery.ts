/**
 * The SCIM service's discovery answers (RFC 7644 4, RFC 7643 5-7): what it supports, its one
 * resource type and the attributes it keeps. Groups are not served (decision 2026-11-28-scim.md):
 * books stay an administrator's choice, and the configuration says so by listing Users only.
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

export function userResourceType(base: string) {
  return {
    schemas: [SCIM_SCHEMA.resourceType],
    id: 'User',
    name: 'User',
    endpoint: '/Users',
    description: 'A person who takes training',
    schema: SCIM_SCHEMA.user,
    schemaExtensions: [{ schema: SCIM_SCHEMA.enterprise, required: false }],
    meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/User` },
  };
}

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

export function schemas(base: string) {
  const user = {
    schemas: [SCIM_SCHEMA.schema],
    id: SCIM_SCHEMA.user,
    name: 'User',
    description: 'User account',
    attributes: [
      attribute('userName', { required: true, uniqueness: 'server' }),
      attribute('externalId', { caseExact: true }),
      attribute('name', { type: 'complex', subAttributes: subAttributes('givenName', 'familyName', 'formatted') }),
      attribute('displayName', { mutability: 'readOnly' }),
      attribute('title'),
      attribute('preferredLanguage'),
      attribute('active', { type: 'boolean' }),
      attribute('emails', { type: 'complex', multiValued: true, subAttributes: subAttributes('value', 'type') }),
    ],
    meta: { resourceType: 'Schema', location: `${base}/Schemas/${SCIM_SCHEMA.user}` },
  };
  const enterprise = {
    schemas: [SCIM_SCHEMA.schema],
    id: SCIM_SCHEMA.enterprise,
    name: 'EnterpriseUser',
    description: 'Enterprise User',
    attributes: [
      attribute('employeeNumber'),
      attribute('department'),
      attribute('manager', { type: 'complex', subAttributes: subAttributes('value', '$ref', 'displayName') }),
    ],
    meta: { resourceType: 'Schema', location: `${base}/Schemas/${SCIM_SCHEMA.enterprise}` },
  };
  return [user, enterprise];
}
