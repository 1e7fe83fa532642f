import fc from 'fast-check';
import { app } from '../../worker/app';

/** The fuzz test's inputs: the route table it walks and the generators of one request (fuzz.test.ts). */

export type Route = { method: string; path: string };
export const routes: Route[] = [
  ...new Map(
    app.routes
      .filter((r) => r.method !== 'ALL')
      .map((r) => [`${r.method} ${r.path}`, { method: r.method, path: r.path }]),
  ).values(),
];
export const key = (r: Route) => `${r.method} ${r.path}`;

// ---------------------------------------------------------------------------------------------
// Generators

type Identity = 'visitor' | 'learner' | 'admin' | 'broken-token';

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
const weirdString = fc.oneof(
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
const enc = (s: string) =>
  encodeURIComponent(s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'));

/** Path parameters that are malformed or unknown (used on every route). */
const badParam = fc.oneof(
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

type Body = { text: string | Uint8Array | null; contentType: string | null };
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
const body: fc.Arbitrary<Body> = fc.oneof(
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
const multipartBody: fc.Arbitrary<Body> = fc
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
const csvBody: fc.Arbitrary<Body> = fc
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

const query = fc.oneof(
  { weight: 3, arbitrary: fc.constant('') },
  {
    weight: 3,
    arbitrary: fc
      .array(
        fc.tuple(
          fc.oneof(
            fc.constantFrom(
              'page',
              'limit',
              'size',
              'search',
              'q',
              'query',
              'status',
              'domainId',
              'sort',
              'u',
              'e',
              's',
              'token',
              'number',
              'courseId',
              'type',
              'role',
            ),
            weirdString.map(enc),
          ),
          fc.oneof(
            fc.constantFrom(
              '-1',
              '0',
              '1e309',
              'NaN',
              '99999999999999999999',
              '1.5',
              '%',
              '%ZZ',
              '%00',
              '',
              'ALL',
              '[]',
              '1,2',
            ),
            weirdString.map(enc),
          ),
        ),
        { minLength: 1, maxLength: 6 },
      )
      .map((pairs) => `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}`),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '?',
      '?&&&',
      '?page',
      '?page=1&page=2&page=x',
      '?%',
      '?a=%ZZ',
      `?${'a=1&'.repeat(2000)}`,
      `?search=${'x'.repeat(10_000)}`,
    ),
  },
);

const headerValue = fc.oneof(
  weirdString.map((s) => s.replace(/[^\x20-\x7e]/g, '?')),
  fc.integer({ min: 8000, max: 60_000 }).map((n) => 'h'.repeat(n)),
);
const extraHeaders = fc.array(
  fc.tuple(
    fc.constantFrom(
      'x-request-id',
      'cf-connecting-ip',
      'x-forwarded-for',
      'accept',
      'accept-encoding',
      'origin',
      'cookie',
      'x-junk',
      'range',
      'if-none-match',
      'accept-language',
      'user-agent',
    ),
    headerValue,
  ),
  { maxLength: 3 },
);
const authHeader = fc.oneof(
  fc.constantFrom(
    'Bearer',
    'Bearer ',
    'Basic YWRtaW46YWRtaW4=',
    'Bearer null',
    'Bearer a.b.c',
    'bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.',
    `Bearer ${'x'.repeat(9000)}`,
  ),
  headerValue.map((v) => `Bearer ${v}`),
);

export interface FuzzRequest {
  route: Route;
  identity: Identity;
  method: string;
  param: { kind: 'bad' | 'real'; value: string } | null;
  query: string;
  body: Body | null;
  headers: [string, string][];
  brokenAuth: string;
}

const methodFor = (route: Route) =>
  fc.oneof(
    { weight: 12, arbitrary: fc.constant(route.method) },
    { weight: 1, arbitrary: fc.constantFrom('HEAD', 'PATCH', 'OPTIONS', 'PUT', 'DELETE', 'POST') },
  );

export function requestArb(realIds: string[]): fc.Arbitrary<FuzzRequest> {
  return fc.constantFrom(...routes).chain((route) => {
    const isUpload = key(route) === 'POST /api/v2/materials/upload';
    const isImport = key(route) === 'POST /api/users/bulk';
    const bodyArb = isUpload
      ? fc.oneof(multipartBody, multipartBody, body)
      : isImport
        ? fc.oneof(csvBody, csvBody, body)
        : body;
    // Real ids only where nothing can be written: GET routes. Mutating routes get bad or unknown ids.
    const paramArb = route.path.includes(':')
      ? route.method === 'GET'
        ? fc.oneof(
            badParam.map((value) => ({ kind: 'bad' as const, value })),
            fc.constantFrom(...realIds).map((value) => ({ kind: 'real' as const, value })),
          )
        : badParam.map((value) => ({ kind: 'bad' as const, value }))
      : fc.constant(null);
    return fc.record({
      route: fc.constant(route),
      identity: fc.constantFrom<Identity>('visitor', 'learner', 'admin', 'broken-token'),
      method: methodFor(route),
      param: paramArb,
      query,
      body: bodyArb,
      headers: extraHeaders,
      brokenAuth: authHeader,
    });
  });
}
