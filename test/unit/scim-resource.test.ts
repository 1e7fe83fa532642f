import SCIMMY from 'scimmy';
import { describe, expect, it } from 'vitest';
import type { users } from '../../worker/db/schema';
import { ScimError } from '../../worker/services/scim-errors';
import { applyPatch, personFromResource, personFromRow, toScimUser } from '../../worker/services/scim-resource';

/**
 * The SCIM User resource and PATCH as the service reads them, checked with SCIMMY (a maintained SCIM
 * 2.0 library) as the other side: it validates the resources the service answers against RFC 7643's
 * User and Enterprise User schemas, and builds the PatchOp messages a client sends.
 */

// The typings ask for a schema instance; the library takes the schema class (its documented use).
SCIMMY.Schemas.User.extend(SCIMMY.Schemas.EnterpriseUser as unknown as SCIMMY.Types.Schema, false);

const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';

const row = (overrides: Partial<typeof users.$inferSelect> = {}): typeof users.$inferSelect =>
  ({
    id: '7d0c7f4e-0000-4000-8000-000000000001',
    username: 'ana.ruiz@contoso.test',
    email: 'ana.ruiz@contoso.test',
    firstName: 'Ana',
    lastName: 'Ruiz',
    department: 'Fabrication',
    jobTitle: 'Welder',
    language: 'es',
    deactivatedAt: null,
    managerId: '7d0c7f4e-0000-4000-8000-000000000002',
    scimUserName: 'ana@contoso.onmicrosoft.test',
    scimExternalId: 'oid-1',
    employeeNumber: '4711',
    createdAt: '2026-11-28T12:00:00.000Z',
    updatedAt: '2026-11-28T12:00:00.000Z',
    ...overrides,
  }) as typeof users.$inferSelect;

/** A PatchOp as SCIMMY builds it from a client's operations (it checks the message's shape). */
const patchOp = (...Operations: object[]) =>
  JSON.parse(
    JSON.stringify(
      new SCIMMY.Messages.PatchOp({ schemas: [SCIMMY.Messages.PatchOp.id], Operations: Operations as never }),
    ),
  );

describe('the User resource', () => {
  it('is a valid RFC 7643 User with the enterprise extension (SCIMMY coerces it unchanged)', () => {
    const resource = toScimUser(row(), 'https://training.example/scim/v2');
    const coerced = JSON.parse(JSON.stringify(new SCIMMY.Schemas.User(resource, 'out')));
    expect(coerced).toMatchObject({
      id: resource.id,
      userName: 'ana@contoso.onmicrosoft.test',
      externalId: 'oid-1',
      active: true,
      title: 'Welder',
      emails: [{ value: 'ana.ruiz@contoso.test', type: 'work', primary: true }],
      [ENTERPRISE]: { department: 'Fabrication', employeeNumber: '4711', manager: { value: row().managerId } },
    });
  });

  it('reads back what it answers', () => {
    const resource = JSON.parse(JSON.stringify(toScimUser(row(), 'https://x/scim/v2')));
    expect(personFromResource(resource)).toEqual({ ...personFromRow(row()), language: 'es' });
  });
});

describe('PATCH', () => {
  const person = personFromRow(row());

  it('reads the Entra ID form: Replace, "False", the work e-mail path, the manager as a plain id', () => {
    const next = applyPatch(
      person,
      patchOp(
        { op: 'Replace', path: 'active', value: 'False' },
        { op: 'Add', path: 'emails[type eq "work"].value', value: 'ana.new@contoso.test' },
        { op: 'Replace', path: `${ENTERPRISE}:manager`, value: 'm-2' },
        { op: 'Remove', path: `${ENTERPRISE}:department` },
      ),
    );
    expect(next).toMatchObject({ active: false, email: 'ana.new@contoso.test', managerId: 'm-2', department: null });
    expect(person.active).toBe(true);
  });

  it('reads the Okta form: lower-case op, no path, the value an object or an array of one', () => {
    expect(applyPatch(person, patchOp({ op: 'replace', value: { active: false } })).active).toBe(false);
    expect(applyPatch(person, { Operations: [{ op: 'replace', value: [{ active: 'true' }] }] }).active).toBe(true);
    expect(
      applyPatch(person, { operations: [{ op: 'replace', value: { 'name.givenName': 'Ann', title: 'Lead' } }] }),
    ).toMatchObject({ givenName: 'Ann', title: 'Lead' });
  });

  it('refuses what it cannot read with the SCIM error type', () => {
    const refusal = (body: unknown) => {
      try {
        applyPatch(person, body);
      } catch (error) {
        return error instanceof ScimError ? error.scimType : 'other';
      }
      return 'accepted';
    };
    expect(refusal({ Operations: [] })).toBe('invalidSyntax');
    expect(refusal({ Operations: [{ op: 'copy', path: 'title' }] })).toBe('invalidSyntax');
    expect(refusal({ Operations: [{ op: 'replace', path: 'active', value: 'yes' }] })).toBe('invalidValue');
    expect(refusal({ Operations: [{ op: 'remove', path: 'userName' }] })).toBe('mutability');
    expect(refusal({ Operations: [{ op: 'remove' }] })).toBe('noTarget');
    expect(refusal({ Operations: [{ op: 'add', path: 'emails[type eq "work".value', value: 'x' }] })).toBe(
      'invalidPath',
    );
  });
});
