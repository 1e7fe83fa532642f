import { beforeAll, describe, expect, it } from 'vitest';
import { normalizePersonText } from '../../worker/contract/common';
import { USER_MESSAGES } from '../../worker/contract/users';
import { api, createAdmin, createUser, login, userRow, type TestUser } from './helpers';

/*
 * Department and job title on every user write path (create, edit, bulk import as JSON and as CSV,
 * export), and one normal form for what people type about people: the stored value is the
 * validated one on every path, and usernames differing only by invisible characters collide.
 */

let admin: TestUser;
let token: string;
const run = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

beforeAll(async () => {
  admin = await createAdmin();
  token = await login(admin);
});

describe('department and job title', () => {
  it('Add User stores them; Edit User changes and clears them; both read back in the list and the export', async () => {
    const name = `wh.${run()}`;
    const created = await api('POST', '/api/users', {
      token,
      body: { username: name, email: `${name}@plant.example`, department: ' Warehouse ', jobTitle: 'Forklift  driver' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.user).toMatchObject({ department: 'Warehouse', jobTitle: 'Forklift driver' });
    const id = created.body.user.id as string;
    expect(await userRow(id)).toMatchObject({ department: 'Warehouse', jobTitle: 'Forklift driver' });

    const edited = await api('PUT', `/api/users/${id}`, { token, body: { jobTitle: 'Shift lead' } });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ department: 'Warehouse', jobTitle: 'Shift lead' });

    const list = await api('GET', `/api/users?page=1&limit=10&search=${name}`, { token });
    expect(list.body.users).toEqual([expect.objectContaining({ id, department: 'Warehouse', jobTitle: 'Shift lead' })]);
    const exported = await api('GET', '/api/users/export', { token, headers: { accept: 'application/json' } });
    expect(exported.body.find((r: { username: string }) => r.username === name)).toMatchObject({
      department: 'Warehouse',
      jobTitle: 'Shift lead',
    });

    const cleared = await api('PUT', `/api/users/${id}`, { token, body: { department: '  ', jobTitle: null } });
    expect(cleared.body).toMatchObject({ department: null, jobTitle: null });
  });

  it('refuses a department or job title over 100 characters with the field named, on create and edit', async () => {
    const name = `long.${run()}`;
    const tooLong = await api('POST', '/api/users', {
      token,
      body: { username: name, email: `${name}@plant.example`, department: 'D'.repeat(101) },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.fields).toMatchObject({ department: USER_MESSAGES.departmentLength });
    const user = await createUser();
    const edit = await api('PUT', `/api/users/${user.id}`, { token, body: { jobTitle: 'J'.repeat(101) } });
    expect(edit.status).toBe(400);
    expect(edit.body.fields).toMatchObject({ jobTitle: USER_MESSAGES.jobTitleLength });
    // Exactly 100 is allowed (whitespace runs count once, after normalising).
    const ok = await api('PUT', `/api/users/${user.id}`, { token, body: { jobTitle: `${'J'.repeat(100)}   ` } });
    expect(ok.status).toBe(200);
  });

  it('a bulk import (JSON and CSV) stores names, department and job title; a bad row says why', async () => {
    const [a, b, c] = [`imp.a.${run()}`, `imp.b.${run()}`, `imp.c.${run()}`];
    const json = await api('POST', '/api/users/bulk', {
      token,
      body: [
        { username: a, email: `${a}@plant.example`, firstName: 'Ana', department: 'Warehouse', jobTitle: 'Picker' },
        { username: b, email: `${b}@plant.example`, department: 'x'.repeat(101) },
      ],
    });
    expect(json.status).toBe(200);
    expect(json.body[0]).toMatchObject({ status: 'success' });
    expect(json.body[1]).toMatchObject({ status: 'error', message: USER_MESSAGES.departmentLength });
    expect(await userRow(json.body[0].id)).toMatchObject({
      firstName: 'Ana',
      department: 'Warehouse',
      jobTitle: 'Picker',
    });

    const csv = await api('POST', '/api/users/bulk', {
      token,
      headers: { 'content-type': 'text/csv' },
      raw: `\uFEFFEmail,Username,First name,Department,Job Title\r\n${c}@plant.example,${c},Chen,Loading dock,"Driver, night"\r\n`,
    });
    expect(csv.status).toBe(200);
    expect(csv.body[0]).toMatchObject({ status: 'success', username: c });
    expect(await userRow(csv.body[0].id)).toMatchObject({
      firstName: 'Chen',
      department: 'Loading dock',
      jobTitle: 'Driver, night',
    });
  });
});

describe('the training record exists for everyone', () => {
  it('a person no requirement covers, with no training, has a record with no courses (not a 404)', async () => {
    const person = await createUser({ department: 'Canteen', jobTitle: 'Cook' });
    const record = await api('GET', `/api/v2/admin/users/${person.id}/training-record`, { token });
    expect(record.status, JSON.stringify(record.body)).toBe(200);
    expect(record.body.user).toMatchObject({ id: person.id, department: 'Canteen', jobTitle: 'Cook' });
    expect(record.body.courses).toEqual([]);
    expect(record.body.exemptions).toEqual([]);
    expect(record.body.events).toEqual([]);
    const pdf = await api('GET', `/api/v2/admin/users/${person.id}/training-record.pdf`, { token });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    // Only someone who does not exist has none.
    expect((await api('GET', `/api/v2/admin/users/${crypto.randomUUID()}/training-record`, { token })).status).toBe(
      404,
    );
  });
});

/** Invisible characters a username or name can carry when pasted from a document or a chat. */
const INVISIBLE = ['\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', '\u00AD', '\u200E', '\u200F', '\u202E', '\u2066'];
/** A value with invisible characters and extra whitespace scattered through it (deterministic per seed). */
function noisy(value: string, seed: number): string {
  let out = seed % 2 ? ' ' : '';
  [...value].forEach((ch, i) => {
    out += ch;
    if ((i + seed) % 3 === 0) out += INVISIBLE[(i + seed) % INVISIBLE.length];
  });
  return `${out}${seed % 3 ? '\t ' : ''}`;
}

describe('stored values are the validated (normalised) values on every write path', () => {
  it('create, admin edit, profile and bulk import store a username and names equal to their normal form', async () => {
    for (let seed = 0; seed < 4; seed++) {
      const base = `nf${seed}.${run()}`;
      const created = await api('POST', '/api/users', {
        token,
        body: {
          username: noisy(base, seed),
          email: `${base}@plant.example`,
          firstName: noisy('José  María', seed),
          lastName: noisy('Ó Briain', seed + 1),
          department: noisy('Ware house', seed),
          jobTitle: noisy('Fork lift', seed + 2),
        },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const row = await userRow(created.body.user.id);
      expect(row).toMatchObject({
        username: base,
        firstName: 'José María',
        lastName: 'Ó Briain',
        department: 'Ware house',
        jobTitle: 'Fork lift',
      });
      for (const key of ['username', 'firstName', 'lastName', 'department', 'jobTitle'] as const) {
        const value = row![key]!;
        expect(value).toBe(normalizePersonText(value, key === 'username' ? 'username' : 'text'));
      }
    }

    // Admin edit: a decomposed "é" (e + combining acute) is stored precomposed (NFC).
    const user = await createUser();
    const edited = await api('PUT', `/api/users/${user.id}`, {
      token,
      body: { firstName: 'Rene\u0301e\u200B', jobTitle: '\u202EPacker ' },
    });
    expect(edited.status).toBe(200);
    expect(await userRow(user.id)).toMatchObject({ firstName: 'Renée', jobTitle: 'Packer' });

    // Profile: a learner's own username and names.
    const learner = await createUser();
    const learnerToken = await login(learner);
    const renamed = `self.${run()}`;
    const own = await api('PUT', `/api/users/${learner.id}`, {
      token: learnerToken,
      body: { username: `\u200B${renamed}\u2060`, email: learner.email, firstName: ' Ann\u200E  ', lastName: 'Lee' },
    });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(await userRow(learner.id)).toMatchObject({ username: renamed, firstName: 'Ann', lastName: 'Lee' });

    // Bulk import: the stored username is the normalised one, not the raw cell.
    const imported = `bulk.${run()}`;
    const bulk = await api('POST', '/api/users/bulk', {
      token,
      body: [{ username: `${imported}\u200B`, email: `${imported}@plant.example`, department: ' Dock\u00A0 1 ' }],
    });
    expect(bulk.body[0]).toMatchObject({ status: 'success', username: imported });
    expect(await userRow(bulk.body[0].id)).toMatchObject({ username: imported, department: 'Dock 1' });
  });

  it('keeps the joiners a Devanagari or Persian name needs, between letters only', async () => {
    const user = await createUser();
    // क्‍ष (a half form through ZWJ) and می‌خواهم (ZWNJ) keep their joiners; a joiner at an end goes.
    const res = await api('PUT', `/api/users/${user.id}`, {
      token,
      body: { firstName: '\u200Dक्\u200Dष', lastName: 'می\u200Cخواه\u200C' },
    });
    expect(res.status).toBe(200);
    expect(await userRow(user.id)).toMatchObject({ firstName: 'क्\u200Dष', lastName: 'می\u200Cخواه' });
  });

  it('two usernames differing only by invisible characters collide: 409 on create, edit and import', async () => {
    const base = `same.${run()}`;
    const first = await api('POST', '/api/users', { token, body: { username: base, email: `${base}@plant.example` } });
    expect(first.status).toBe(201);
    for (const variant of [`${base}\u200B`, `\u2066${base}\u2069`, `${base.slice(0, 2)}\u00AD${base.slice(2)}`]) {
      const again = await api('POST', '/api/users', {
        token,
        body: { username: variant, email: `other.${run()}@plant.example` },
      });
      expect(again.status, variant).toBe(409);
      expect(again.body.fields).toMatchObject({ username: USER_MESSAGES.usernameTaken });
    }
    const other = await createUser();
    const edit = await api('PUT', `/api/users/${other.id}`, { token, body: { username: `${base}\uFEFF` } });
    expect(edit.status).toBe(409);
    const bulk = await api('POST', '/api/users/bulk', {
      token,
      body: [{ username: `\u200D${base}`, email: `bulk.${run()}@plant.example` }],
    });
    expect(bulk.body[0]).toMatchObject({ status: 'error', message: USER_MESSAGES.usernameTaken });
  });
});
