import fc from 'fast-check';
import { weirdString } from './fuzz-strings';

/** The fuzz test's request bodies: wrong JSON, broken JSON, multipart and CSV garbage (fuzz-inputs.ts). */

/** Known field names of the contract's request bodies, to reach validation past "not an object". */
const FIELD_NAMES = [
  'username',
  'password',
  'email',
  'firstName',
  'lastName',
  'role',
  'currentPassword',
  'newPassword',
  'token',
  'title',
  'description',
  'domainId',
  'domainIds',
  'userIds',
  'status',
  'allowBrowse',
  'timeLimit',
  'passingScore',
  'type',
  'data',
  'questions',
  'options',
  'orderIndex',
  'componentIds',
  'answers',
  'reason',
  'progressPercentage',
  'timeSpent',
  'seconds',
  'content',
  'authorName',
  'priority',
  'expiresAt',
  'isActive',
  'subject',
  'isAnonymous',
  'response',
  'adminResponse',
  'name',
  'fileName',
  'size',
  'contentType',
  'key',
  'uploadId',
  'parts',
  'materialId',
  'number',
  'page',
  'limit',
  '__proto__',
  'constructor',
  'prototype',
];
const FIVE_THOUSAND_AND_ONE = Array.from({ length: 5001 }, (_, i) => (i % 2 ? 'x' : i));
const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  weirdString,
  fc.constantFrom(null, true, false, 0, -1, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 0.5, [], {}, [null], {
    $gt: '',
  }),
  fc.double(),
  fc.array(weirdString, { maxLength: 5 }),
  fc.dictionary(fc.constantFrom(...FIELD_NAMES), weirdString, { maxKeys: 4 }),
  fc.constant(FIVE_THOUSAND_AND_ONE),
);
const wrongObject = fc.dictionary(fc.constantFrom(...FIELD_NAMES), wrongValue, { minKeys: 1, maxKeys: 8 });

function deepNesting(depth: number, open: string, close: string) {
  return open.repeat(depth) + close.repeat(depth);
}

export type Body = { text: string | Uint8Array | null; contentType: string | null };
const jsonBody = (value: unknown): Body => ({
  text: JSON.stringify(value) ?? 'undefined',
  contentType: 'application/json',
});
const brokenJson = fc.oneof(
  fc.constantFrom(
    '{',
    '{"a":',
    '{"a":1,}',
    "{'a':1}",
    '[1,2',
    'NaN',
    'undefined',
    '{"a":1}}',
    '\u0000',
    '',
    ' ',
    '{"username":"x" "password":"y"}',
    '\uFEFF{"a":1}',
    '{"a":"\\ud800"}',
    '{"a":"\\u0000"}',
    '{"__proto__":{"admin":true}}',
  ),
  fc.integer({ min: 1000, max: 20_000 }).map((n) => deepNesting(n, '[', ']')),
  fc.integer({ min: 1000, max: 20_000 }).map((n) => deepNesting(n, '{"a":', '}').replace(/}$/, '1}')),
  fc.string({ unit: 'binary', maxLength: 200 }),
);

const OVER_LIMIT = JSON.stringify({ title: 'x'.repeat(1024 * 1024 + 16) });
export const body: fc.Arbitrary<Body> = fc.oneof(
  { weight: 3, arbitrary: wrongObject.map(jsonBody) },
  {
    weight: 2,
    arbitrary: fc
      .oneof(fc.json({ maxDepth: 3 }), fc.constantFrom('null', '[]', '""', '0', 'true', '[{}]'))
      .map((text) => ({ text, contentType: 'application/json' })),
  },
  { weight: 2, arbitrary: brokenJson.map((text) => ({ text, contentType: 'application/json' })) },
  // Content-type lies: JSON sent as something else, garbage sent as JSON.
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        wrongObject.map((o) => JSON.stringify(o)),
        fc.constantFrom(
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/json; charset=utf-16',
          'application/jsonx',
          'multipart/form-data',
          'text/csv',
          'application/xml',
          '',
          ';;;',
          'application/json, text/html',
          '*/*',
        ),
      )
      .map(([text, contentType]) => ({ text, contentType })),
  },
  {
    weight: 1,
    arbitrary: fc.uint8Array({ maxLength: 512 }).map((bytes) => ({ text: bytes, contentType: 'application/json' })),
  },
  { weight: 1, arbitrary: fc.constant<Body>({ text: null, contentType: 'application/json' }) },
  { weight: 1, arbitrary: fc.constant<Body>({ text: null, contentType: null }) },
  // Over the 1 MiB API body limit.
  {
    weight: 1,
    arbitrary: fc.constantFrom<Body>(
      { text: OVER_LIMIT, contentType: 'application/json' },
      { text: OVER_LIMIT, contentType: 'text/plain' },
    ),
  },
);

/** Multipart garbage for the streamed upload (never a well-formed file with its magic bytes). */
export const multipartBody: fc.Arbitrary<Body> = fc
  .record({
    boundary: fc.oneof(
      fc.constant('XyZ'),
      fc.constant(''),
      fc.constant('"quoted boundary"'),
      fc.string({ unit: 'binary-ascii', maxLength: 80 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')),
      fc.constant('a'.repeat(300)),
    ),
    declared: fc.boolean(),
    fileName: fc.oneof(
      fc.constantFrom(
        'a.pdf',
        'a.mp4',
        'a.exe',
        '../../x.pdf',
        'x.PDF',
        '.pdf',
        'a.pdf\u0000.exe',
        'a.pptx',
        'a.pdf"; name="file',
        '',
        `${'a'.repeat(5000)}.pdf`,
      ),
      weirdString,
    ),
    name: fc.constantFrom('file', 'title', 'File', '', 'file"', 'description'),
    content: fc.oneof(
      fc.uint8Array({ maxLength: 300 }).map((b) => String.fromCharCode(...b)),
      fc.constantFrom('MZ\u0090\u0000', 'PK\u0003\u0004', '%PDX-1.4', '\u0000\u0000\u0000\u0018ftyx', ''),
    ),
    shape: fc.constantFrom(
      'normal',
      'truncated',
      'no-final',
      'no-headers',
      'no-crlf',
      'nested',
      'headers-only',
      'junk',
    ),
    extra: fc.array(fc.tuple(fc.constantFrom('title', 'description', 'x'), weirdString), { maxLength: 3 }),
  })
  .map(({ boundary, declared, fileName, name, content, shape, extra }) => {
    const b = boundary || 'B';
    const fields = extra
      .map(([n, v]) => `--${b}\r\nContent-Disposition: form-data; name="${n}"\r\n\r\n${v}\r\n`)
      .join('');
    const head = `--${b}\r\nContent-Disposition: form-data; name="${name}"; filename="${fileName}"\r\nContent-Type: application/pdf\r\n\r\n`;
    let text: string;
    switch (shape) {
      case 'truncated':
        text = fields + head + content;
        break;
      case 'no-final':
        text = `${fields + head + content}\r\n--${b}\r\n`;
        break;
      case 'no-headers':
        text = `--${b}\r\n\r\n${content}\r\n--${b}--\r\n`;
        break;
      case 'no-crlf':
        text = `--${b}Content-Disposition: form-data; name="file"; filename="a.pdf"${content}--${b}--`;
        break;
      case 'nested':
        text = `--${b}\r\nContent-Type: multipart/mixed; boundary=${b}\r\n\r\n--${b}\r\n${head}${content}\r\n--${b}--\r\n--${b}--\r\n`;
        break;
      case 'headers-only':
        text = `--${b}\r\nX-Junk: ${'h'.repeat(20_000)}\r\n`;
        break;
      case 'junk':
        text = content;
        break;
      default:
        text = `${fields + head + content}\r\n--${b}--\r\n`;
    }
    return { text, contentType: declared ? `multipart/form-data; boundary=${boundary}` : 'multipart/form-data' };
  });

/** CSV garbage for the bulk import (no row is ever valid: emails never hold an @). */
export const csvBody: fc.Arbitrary<Body> = fc
  .record({
    bom: fc.boolean(),
    header: fc.oneof(
      fc.constantFrom(
        'username,email',
        'email,username',
        'Username;Email',
        'username',
        '',
        '"username,email',
        'username,email,username',
      ),
      weirdString.map((s) => s.replace(/@/g, '')),
    ),
    rows: fc.array(
      fc
        .array(
          fc.oneof(
            weirdString,
            fc.constantFrom('"', '""', '"a""b"', '=cmd|/c calc!A1', '+1', '-1', '@SUM(1)', '\t', '\r', '\n', 'x@'),
          ),
          { maxLength: 6 },
        )
        .map((cells) => cells.map((c) => c.replace(/@/g, '(at)')).join(',')),
      { maxLength: 30 },
    ),
    eol: fc.constantFrom('\n', '\r\n', '\r', '\u2028'),
    many: fc.boolean(),
  })
  .map(({ bom, header, rows, eol, many }) => {
    const lines = [header, ...rows];
    if (many) for (let i = 0; i < 250; i++) lines.push(`user${i},user${i}.example.test`);
    return { text: (bom ? '\uFEFF' : '') + lines.join(eol), contentType: 'text/csv' };
  });
