/**
 * The SCIM User resource (RFC 7643) as it maps onto a person, and PATCH (RFC 7644 3.5.2) with the
 * forms Entra ID and Okta send. Pure: no database. The quirks accepted here are listed in
 * docs/decisions/2026-11-28-scim.md.
 */
import { LANGUAGES, type Language } from '../contract/language';
import { SCIM_SCHEMA } from '../contract/scim';
import type { users } from '../db/schema';
import { invalidPath, invalidSyntax, invalidValue, ScimError } from './scim-errors';
import { fullName } from './users';

/** What of a SCIM User the platform keeps (everything else a directory sends is accepted and ignored). */
export interface ScimPerson {
  userName: string;
  externalId: string | null;
  givenName: string | null;
  familyName: string | null;
  email: string | null;
  title: string | null;
  department: string | null;
  employeeNumber: string | null;
  managerId: string | null;
  /** Undefined: not sent, the stored language stays (a person may have chosen it on their profile). */
  language: Language | null | undefined;
  active: boolean;
}

type Row = typeof users.$inferSelect;
type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const ENTERPRISE = SCIM_SCHEMA.enterprise.toLowerCase();

/** Keys of an object looked up in any case (attribute names are case-insensitive, RFC 7643 2.1). */
export function field(object: Json, name: string): unknown {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(object)) if (key.toLowerCase() === wanted) return value;
  return undefined;
}

/** `value` arrays of one (Okta, Entra) and `{value: x}` objects hold the plain value. */
function unwrap(value: unknown): unknown {
  let current = value;
  if (Array.isArray(current) && current.length === 1) current = current[0];
  if (isObject(current) && 'value' in current && Object.keys(current).length <= 3) current = current.value;
  return current;
}

/** A string attribute: text, a number (employee numbers) or null / absent (cleared). */
function text(value: unknown, name: string): string | null {
  const plain = unwrap(value);
  if (plain === undefined || plain === null || plain === '') return null;
  if (typeof plain === 'string') return plain;
  if (typeof plain === 'number' && Number.isFinite(plain)) return String(plain);
  throw invalidValue(`${name} must be a string`);
}

/** A boolean: true / false, or the strings Entra ID sends ("True", "False"), any case. */
export function scimBoolean(value: unknown, name: string): boolean {
  const plain = unwrap(value);
  if (typeof plain === 'boolean') return plain;
  if (typeof plain === 'string' && /^(true|false)$/i.test(plain.trim())) return plain.trim().toLowerCase() === 'true';
  throw invalidValue(`${name} must be true or false`);
}

/** `en-US`, `es_MX`, `hi`: the interface language when it is one of ours; anything else is none. */
function language(value: unknown): Language | null {
  const tag = text(value, 'preferredLanguage')?.toLowerCase().split(/[-_]/)[0];
  return (LANGUAGES as readonly string[]).includes(tag ?? '') ? (tag as Language) : null;
}

/** The e-mail a directory means: the primary one, else the work one, else the first. */
function emailOf(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const list = Array.isArray(value) ? value : [value];
  if (!list.every(isObject)) throw invalidValue('emails must be a list of {value, type, primary}');
  const chosen =
    list.find((e) => field(e, 'primary') === true || field(e, 'primary') === 'True') ??
    list.find((e) => String(field(e, 'type') ?? '').toLowerCase() === 'work') ??
    list[0];
  return chosen ? text(field(chosen, 'value'), 'emails.value') : null;
}

/** The manager's id: `{value: id}` (RFC 7643 4.3), a plain id (Entra ID's PATCH) or empty (none). */
function managerOf(value: unknown): string | null {
  return text(isObject(value) ? field(value, 'value') : value, 'manager');
}

export function personFromRow(row: Row): ScimPerson {
  return {
    userName: row.scimUserName ?? row.username,
    externalId: row.scimExternalId,
    givenName: row.firstName,
    familyName: row.lastName,
    email: row.email,
    title: row.jobTitle,
    department: row.department,
    employeeNumber: row.employeeNumber,
    managerId: row.managerId,
    language: row.language,
    active: !row.deactivatedAt,
  };
}

/** A whole User from a POST or PUT body: what it does not carry is empty (PUT replaces). */
export function personFromResource(body: unknown): ScimPerson {
  if (!isObject(body)) throw invalidSyntax('The body must be a SCIM User object');
  const userName = unwrap(field(body, 'userName'));
  if (typeof userName !== 'string' || !userName.trim()) throw invalidValue('userName is required');
  const person: ScimPerson = {
    userName,
    externalId: null,
    givenName: null,
    familyName: null,
    email: null,
    title: null,
    department: null,
    employeeNumber: null,
    managerId: null,
    language: undefined,
    active: true,
  };
  for (const [key, value] of Object.entries(body)) {
    if (key.toLowerCase() === 'username') continue;
    setAttribute(person, key, value, 'add');
  }
  return person;
}

/**
 * Sets one attribute by its path (`name.givenName`, `emails[type eq "work"].value`, the enterprise
 * extension's URN with or without an attribute). Paths of attributes the platform does not keep
 * (phone numbers, addresses, display name) are accepted and ignored: directories send them by default.
 */
function setAttribute(person: ScimPerson, path: string, value: unknown, op: 'add' | 'replace' | 'remove'): void {
  const lower = path.trim().toLowerCase();
  if ((lower.match(/\[/g) ?? []).length !== (lower.match(/]/g) ?? []).length) throw invalidPath(`Bad path: ${path}`);
  const cleared = op === 'remove';
  if (lower === 'schemas' || lower === 'id' || lower === 'meta' || lower.startsWith('meta.')) return;
  if (lower.startsWith(`${ENTERPRISE}:`)) {
    setAttribute(person, `enterprise.${lower.slice(ENTERPRISE.length + 1)}`, value, op);
    return;
  }
  if (lower === ENTERPRISE || lower === 'enterprise') {
    if (cleared) {
      person.department = person.employeeNumber = person.managerId = null;
      return;
    }
    if (!isObject(value)) throw invalidValue('The enterprise extension must be an object');
    for (const [key, inner] of Object.entries(value)) setAttribute(person, `enterprise.${key}`, inner, op);
    return;
  }
  switch (lower) {
    case 'username':
      if (cleared) throw new ScimError(400, 'userName cannot be removed', 'mutability');
      person.userName = text(value, 'userName') ?? person.userName;
      return;
    case 'externalid':
      person.externalId = cleared ? null : text(value, 'externalId');
      return;
    case 'active':
      // Removing `active` leaves the account as it is (nothing says what it should become).
      if (!cleared) person.active = scimBoolean(value, 'active');
      return;
    case 'title':
      person.title = cleared ? null : text(value, 'title');
      return;
    case 'preferredlanguage':
      person.language = cleared ? null : language(value);
      return;
    case 'name':
      if (cleared) {
        person.givenName = person.familyName = null;
        return;
      }
      if (!isObject(value)) throw invalidValue('name must be an object');
      for (const [key, inner] of Object.entries(value)) setAttribute(person, `name.${key}`, inner, op);
      return;
    case 'name.givenname':
      person.givenName = cleared ? null : text(value, 'name.givenName');
      return;
    case 'name.familyname':
      person.familyName = cleared ? null : text(value, 'name.familyName');
      return;
    case 'emails':
    case 'emails.value':
    case 'emails[type eq "work"].value':
    case 'emails[primary eq true].value':
      if (cleared) throw invalidValue('An e-mail address is required');
      person.email = lower === 'emails' ? emailOf(value) : text(value, 'emails.value');
      return;
    case 'enterprise.department':
      person.department = cleared ? null : text(value, 'department');
      return;
    case 'enterprise.employeenumber':
      person.employeeNumber = cleared ? null : text(value, 'employeeNumber');
      return;
    case 'enterprise.manager':
    case 'enterprise.manager.value':
      person.managerId = cleared ? null : managerOf(value);
      return;
    default:
      // An attribute the platform does not keep: accepted, ignored.
      return;
  }
}

type PatchOperation = 'add' | 'replace' | 'remove';

/**
 * A PATCH body's operations, in order, each handed to `set` as (path, value, op). Accepts
 * `Operations` or `operations`, `op` in any case, operations with and without `path`: one without
 * carries an object of attributes (Okta: `{"active": false}`; Entra: `{"name.givenName": "x"}`),
 * each key handed over as its own path.
 */
export function forEachOperation(body: unknown, set: (path: string, value: unknown, op: PatchOperation) => void) {
  if (!isObject(body)) throw invalidSyntax('The body must be a SCIM PatchOp object');
  const operations = field(body, 'Operations');
  if (!Array.isArray(operations) || operations.length === 0) throw invalidSyntax('Operations must be a non-empty list');
  for (const operation of operations) {
    if (!isObject(operation)) throw invalidSyntax('Each operation must be an object');
    const op = String(field(operation, 'op') ?? '').toLowerCase();
    if (op !== 'add' && op !== 'replace' && op !== 'remove')
      throw invalidSyntax(`Unknown op: ${String(field(operation, 'op'))}`);
    const path = field(operation, 'path');
    const value = field(operation, 'value');
    if (path !== undefined && typeof path !== 'string') throw invalidPath('path must be a string');
    if (path) {
      set(path, value, op);
      continue;
    }
    if (op === 'remove') throw new ScimError(400, 'A remove needs a path', 'noTarget');
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (!isObject(item)) throw invalidValue('An operation without a path needs an object value');
      for (const [key, inner] of Object.entries(item)) set(key, inner, op);
    }
  }
}

/** Applies a PATCH body's operations, in order, to a copy of the person. */
export function applyPatch(current: ScimPerson, body: unknown): ScimPerson {
  const person = { ...current };
  forEachOperation(body, (path, value, op) => setAttribute(person, path, value, op));
  return person;
}

/** The User resource of a person, as every answer of the service shows it. */
export function toScimUser(row: Row, base: string) {
  return {
    schemas: [SCIM_SCHEMA.user, SCIM_SCHEMA.enterprise],
    id: row.id,
    externalId: row.scimExternalId ?? undefined,
    userName: row.scimUserName ?? row.username,
    name: { givenName: row.firstName ?? undefined, familyName: row.lastName ?? undefined, formatted: fullName(row) },
    displayName: fullName(row),
    title: row.jobTitle ?? undefined,
    preferredLanguage: row.language ?? undefined,
    emails: [{ value: row.email, type: 'work', primary: true }],
    active: !row.deactivatedAt,
    [SCIM_SCHEMA.enterprise]: {
      department: row.department ?? undefined,
      employeeNumber: row.employeeNumber ?? undefined,
      manager: row.managerId ? { value: row.managerId, $ref: `${base}/Users/${row.managerId}` } : undefined,
    },
    meta: {
      resourceType: 'User',
      created: row.createdAt,
      lastModified: row.updatedAt,
      location: `${base}/Users/${row.id}`,
    },
  };
}
