import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { normalizePersonText } from './common';
import { importRowSchema, parseImportCsv } from './user-import';
import { adminUpdateUserBody, createUserBody, profileBody } from './users';

/*
 * One normal form for what people type about people: every schema a user write goes through
 * outputs values equal to their normal form (so the stored value is the validated one), and two
 * usernames that differ only by invisible characters normalise to the same name (and so collide
 * in the case-insensitive unique check).
 */

const INVISIBLE = ['\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', '\u00AD', '\u200E', '\u200F', '\u202A', '\u202E'];
const invisible = fc.constantFrom(...INVISIBLE);
const spaces = fc.constantFrom(' ', '  ', '\t', '\u00A0', '\u3000');
/** Text as people paste it: letters of several scripts, combining accents, invisibles, odd spaces. */
const pasted = fc
  .array(
    fc.oneof(
      fc.constantFrom(...'abcXYZ09._-éñøßकषीمیخواهЖж李'.split('')),
      fc.constantFrom('e\u0301', 'a\u0308', 'क्', '\u094D'),
      invisible,
      spaces,
    ),
    { maxLength: 30 },
  )
  .map((parts) => parts.join(''));
/** A username as one could type it: no spaces. */
const usernameCore = fc
  .array(fc.constantFrom(...'abcxyz019._-éøЖ李'.split('')), { minLength: 1, maxLength: 20 })
  .map((parts) => parts.join(''));
/** `core` with invisible characters put anywhere in it. */
const withInvisibles = (core: string) =>
  fc.array(fc.tuple(fc.nat({ max: core.length }), invisible), { maxLength: 5 }).map((inserts) => {
    let out = core;
    for (const [at, ch] of inserts.sort((a, b) => b[0] - a[0])) out = out.slice(0, at) + ch + out.slice(at);
    return out;
  });

describe('normalizePersonText', () => {
  it('is idempotent and leaves no invisible controls, no double or edge whitespace, only NFC', () => {
    fc.assert(
      fc.property(pasted, fc.constantFrom('username' as const, 'text' as const), (text, kind) => {
        const once = normalizePersonText(text, kind);
        expect(normalizePersonText(once, kind)).toBe(once);
        expect(once).toBe(once.normalize('NFC'));
        expect(once).not.toMatch(/[\u200B\u2060\uFEFF\u00AD\u200E\u200F\u202A-\u202E\u2066-\u2069]/);
        expect(once).not.toMatch(/\s\s|^\s|\s$|[\t\u00A0\u3000]/);
        if (kind === 'username') expect(once).not.toMatch(/[\u200C\u200D]/);
      }),
    );
  });

  it('every user schema outputs its text fields in normal form (the stored value is the validated value)', () => {
    fc.assert(
      fc.property(usernameCore.chain(withInvisibles), pasted, pasted, pasted, (username, first, dept, job) => {
        const email = 'someone@plant.example';
        const body = { username, email, firstName: first, lastName: first, department: dept, jobTitle: job };
        for (const schema of [createUserBody, adminUpdateUserBody, profileBody, importRowSchema]) {
          const parsed = v.safeParse(schema, body);
          if (!parsed.success) continue;
          const out = parsed.output as Record<string, string | null | undefined>;
          expect(out.username).toBe(normalizePersonText(username, 'username'));
          for (const key of ['firstName', 'lastName', 'department', 'jobTitle']) {
            const value = out[key];
            if (typeof value === 'string') expect(value).toBe(normalizePersonText(value));
          }
        }
      }),
    );
  });

  it('two usernames differing only by invisible characters are one username', () => {
    fc.assert(
      fc.property(
        usernameCore.chain((core) => fc.tuple(fc.constant(core), withInvisibles(core), withInvisibles(core))),
        ([core, a, b]) => {
          const parsedA = v.parse(createUserBody, { username: a, email: 'a@plant.example' });
          const parsedB = v.parse(createUserBody, { username: b, email: 'b@plant.example' });
          expect(parsedA.username).toBe(core.normalize('NFC'));
          expect(parsedA.username.toLowerCase()).toBe(parsedB.username.toLowerCase());
        },
      ),
    );
  });

  it('an import file repeating a username with an invisible character marks the second row a duplicate', () => {
    const parsed = parseImportCsv('username,email\r\nann.k,ann@x.test\r\nann\u200B.k,ann2@x.test\r\n');
    expect(parsed.rows[1].error).toMatch(/duplicate/i);
  });
});
