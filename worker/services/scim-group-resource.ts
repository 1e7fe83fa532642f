/**
 * The SCIM Group resource (RFC 7643 4.2) as it maps onto a book, and its PATCH in the forms Entra ID
 * and Okta send (RFC 7644 3.5.2). Pure: no database. Decisions: docs/decisions/2026-11-28-scim.md.
 */
import { invalidPath, invalidSyntax, invalidValue, ScimError } from './scim-errors';
import { field, forEachOperation, isObject } from './scim-resource';

/** The longest group name: a group may become a book, whose names are at most this long. */
const GROUP_NAME_LENGTH = 120;

/** What of a SCIM Group the platform keeps: its name, the directory's id for it, its members' ids. */
export interface ScimGroupDraft {
  displayName: string;
  externalId: string | null;
  members: Set<string>;
}

function displayNameOf(value: unknown): string {
  const plain = Array.isArray(value) && value.length === 1 ? value[0] : value;
  if (typeof plain !== 'string' || !plain.trim()) throw invalidValue('displayName is required');
  const name = plain.trim();
  if (name.length > GROUP_NAME_LENGTH) throw invalidValue(`displayName is longer than ${GROUP_NAME_LENGTH} characters`);
  return name;
}

function externalIdOf(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string') throw invalidValue('externalId must be a string');
  return value;
}

/** Member ids from `[{value, display}]` (both providers), a single `{value}` or a plain id. */
function memberIdsOf(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  const list = Array.isArray(value) ? value : [value];
  return list.map((item) => {
    const id = isObject(item) ? field(item, 'value') : item;
    if (typeof id !== 'string' || !id.trim()) throw invalidValue('Each member must be {"value": "<user id>"}');
    return id.trim();
  });
}

/** A whole Group from a POST or PUT body: what it does not carry is empty (PUT replaces). */
export function groupFromResource(body: unknown): ScimGroupDraft {
  if (!isObject(body)) throw invalidSyntax('The body must be a SCIM Group object');
  return {
    displayName: displayNameOf(field(body, 'displayName')),
    externalId: externalIdOf(field(body, 'externalId')),
    members: new Set(memberIdsOf(field(body, 'members'))),
  };
}

/** `members[value eq "<id>"]` (Okta's remove): the one id it names. */
const MEMBER_PATH = /^members\[\s*value\s+eq\s+"((?:[^"\\]|\\.)*)"\s*\]$/i;

function setGroupAttribute(group: ScimGroupDraft, path: string, value: unknown, op: 'add' | 'replace' | 'remove') {
  const trimmed = path.trim();
  const one = trimmed.match(MEMBER_PATH);
  if (one) {
    const id = one[1]!.replace(/\\(.)/g, '$1');
    if (op === 'remove') group.members.delete(id);
    else group.members.add(id);
    return;
  }
  if (trimmed.includes('[')) throw invalidPath(`Unsupported path: ${path}`);
  switch (trimmed.toLowerCase()) {
    case 'members':
      if (op === 'replace') group.members = new Set(memberIdsOf(value));
      else if (op === 'add') for (const id of memberIdsOf(value)) group.members.add(id);
      // A remove without a value removes every member (RFC 7644 3.5.2.2).
      else if (value === undefined || value === null) group.members.clear();
      else for (const id of memberIdsOf(value)) group.members.delete(id);
      return;
    case 'displayname':
      if (op === 'remove') throw new ScimError(400, 'displayName cannot be removed', 'mutability');
      group.displayName = displayNameOf(value);
      return;
    case 'externalid':
      group.externalId = op === 'remove' ? null : externalIdOf(value);
      return;
    default:
      // `id`, `schemas`, `meta` and attributes the platform does not keep: accepted, ignored.
      return;
  }
}

/**
 * Applies a PATCH body's operations, in order, to a copy of the group: `members` with value arrays,
 * Okta's `members[value eq "id"]` remove, and Okta's rename without a path (`{id, displayName}`).
 */
export function applyGroupPatch(current: ScimGroupDraft, body: unknown): ScimGroupDraft {
  const group = { ...current, members: new Set(current.members) };
  forEachOperation(body, (path, value, op) => setGroupAttribute(group, path, value, op));
  return group;
}
