import fc from 'fast-check';

/** The fuzz test's hostile strings: text that breaks naive code, and malformed path parameters (fuzz-inputs.ts). */

/** Strings that break naive code: NUL, bidi overrides, surrogates, emoji, combining marks, SQL, paths. */
const nasty = fc.constantFrom(
  '\u0000',
  '\u202e\u2066evil\u2069',
  '\ud800',
  '\udfff',
  '😀👩‍👩‍👧',
  'e\u0301\u0301\u0301',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '../../etc/passwd',
  '..',
  '%00',
  '%',
  '%ZZ',
  '%2e%2e%2f',
  '\r\nX-Injected: 1',
  '<script>alert(1)</script>',
  '${7*7}',
  '__proto__',
  'constructor',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '   ',
  '',
  'null',
  'true',
  '9'.repeat(40),
  '\uFEFF',
  '\u200b',
  'ＡＢＣ',
  'İıß',
);
export const weirdString = fc.oneof(
  { weight: 3, arbitrary: nasty },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ maxLength: 20 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(nasty, fc.integer({ min: 101, max: 5000 }))
      .map(([s, n]) => (s || 'x').repeat(Math.ceil(n / Math.max(1, s.length)))),
  },
  { weight: 1, arbitrary: fc.constantFrom(70_000, 5000).map((n) => 'A'.repeat(n)) },
);

/** Percent-encodes like a client would (a lone surrogate cannot be encoded: it becomes U+FFFD). */
export const enc = (s: string) =>
  encodeURIComponent(s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'));

/** Path parameters that are malformed or unknown (used on every route). */
export const badParam = fc.oneof(
  { weight: 3, arbitrary: weirdString.map(enc) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '%00',
      '..',
      '%2e%2e',
      '..%2f..%2fadmin',
      '%ZZ',
      '%',
      'a%20b',
      '%E2%80%AE',
      '%ED%A0%80',
      '%C0%AF',
      '.',
      '~',
      '-1',
      '0',
    ),
  },
  { weight: 2, arbitrary: fc.integer({ min: 101, max: 4000 }).map((n) => 'x'.repeat(n)) },
  { weight: 2, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9._~-]{1,100}$/) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 30 }).map((s) => s.replace(/[/?#]/g, '')) },
);
