import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { app } from '../../worker/app';
import { signSession } from '../../worker/services/tokens';
import { createCourse, enroll } from './fixtures';
import { api, createAdmin, createUser, db, env, login, schema } from './helpers';

/**
 * Property-based fuzzing of every route in the Worker's own route table (`app.routes`), as a
 * visitor, a learner, an admin and a holder of a broken token: malformed and wrong-typed bodies,
 * oversized and unicode strings, odd path parameters, query strings and headers, multipart garbage
 * for the upload and CSV garbage for the import. The properties, per request:
 *
 * 1. never a 5xx;
 * 2. every 4xx carries the JSON error body `{message, code}` (except the HTML verification page,
 *    listed in HTML_ROUTES, and HEAD answers, which have no body);
 * 3. a refused request (4xx) changes no row: triggers on every table log each insert, update and
 *    delete, read after every run of REQUESTS_PER_RUN requests. `rate_limits` is left out on
 *    purpose: counting refused sign-ins, resets and verifications is what it is for.
 *
 * Requests the Worker accepts (2xx/3xx) may legitimately change rows (a logout revokes its token,
 * a first certificate view stores its PDF): only the routes in ACCEPTED_MUTATIONS, and only their
 * tables. Rows changed in any other table fail the run, and fast-check shrinks it to the request
 * that wrote them. The generator keeps accepted writes rare: real ids go only into GET routes,
 * mutating routes get malformed or unknown ids.
 *
 * Around the whole run, row counts and a SHA-256 of every table's content are compared: a table may
 * differ only if the trigger log saw an accepted request change it (or it is `rate_limits`), and the
 * R2 bucket holds the same objects.
 *
 * Requests go to the Worker's own `app.fetch` with the test's real D1 and R2 bindings, not through
 * `SELF.fetch`: in @cloudflare/vitest-pool-workers 0.15.1 each `SELF.fetch` in one test gets slower
 * than the last (about 3 ms per request for the first hundred, about 85 ms by the fourth), which
 * would make 10,000 requests take hours (workers-sdk issue 15446); `app.fetch` stays flat.
 *
 * Reproduce a failure with the seed it prints: `FUZZ_SEED=<seed> npx vitest run --project api test/api/fuzz.test.ts`
 * (`FUZZ_RUNS` changes the number of runs; each run sends REQUESTS_PER_RUN requests).
 */

const SEED = Number(env.FUZZ_SEED) || (Date.now() ^ (Math.random() * 0x7fffffff)) | 0;
const REQUESTS_PER_RUN = 10;
const NUM_RUNS = Number(env.FUZZ_RUNS) || 1000;
const MIN_REQUESTS = 10_000;

/**
 * Routes whose errors are an HTML page, not JSON: the public certificate verification page, and the
 * landing page (another method on "/" is answered by the static assets layer, as any client route).
 */
const HTML_ROUTES = new Set(['GET /certificate/verify/:number', 'GET /certificate/verify/lookup', 'GET /']);

/**
 * The routes on which an accepted fuzzed request may change rows, and why. Anything else that
 * answers 2xx and writes a row fails the test.
 */
const ACCEPTED_MUTATIONS: Record<string, { tables: string[]; why: string }> = {
  'POST /api/auth/logout': { tables: ['revoked_tokens'], why: 'a valid session (a throwaway token minted per request) is revoked' },
  'GET /api/v2/certificates/view/:certificateId': { tables: ['certificates'], why: 'the first view renders the PDF and stores its key' },
  'GET /api/v2/certificates/download/:certificateId': { tables: ['certificates'], why: 'the first download renders the PDF and stores its key' },
};

/**
 * Tables whose rows any request may change by design: counters of refusals, and the compliance
 * matrix's snapshot and the admin dashboard's snapshots, caches that accepted admin writes clear and a read refills.
 */
const COUNTERS_OF_REFUSALS = new Set(['rate_limits', 'compliance_cache', 'compliance_people', 'admin_snapshots']);

type Route = { method: string; path: string };
const routes: Route[] = [...new Map(app.routes.filter((r) => r.method !== 'ALL').map((r) => [`${r.method} ${r.path}`, { method: r.method, path: r.path }])).values()];
const key = (r: Route) => `${r.method} ${r.path}`;

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
  { weight: 1, arbitrary: fc.tuple(nasty, fc.integer({ min: 101, max: 5000 })).map(([s, n]) => (s || 'x').repeat(Math.ceil(n / Math.max(1, s.length)))) },
  { weight: 1, arbitrary: fc.constantFrom(70_000, 5000).map((n) => 'A'.repeat(n)) },
);

/** Percent-encodes like a client would (a lone surrogate cannot be encoded: it becomes U+FFFD). */
const enc = (s: string) => encodeURIComponent(s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'));

/** Path parameters that are malformed or unknown (used on every route). */
const badParam = fc.oneof(
  { weight: 3, arbitrary: weirdString.map(enc) },
  { weight: 2, arbitrary: fc.constantFrom('%00', '..', '%2e%2e', '..%2f..%2fadmin', '%ZZ', '%', 'a%20b', '%E2%80%AE', '%ED%A0%80', '%C0%AF', '.', '~', '-1', '0') },
  { weight: 2, arbitrary: fc.integer({ min: 101, max: 4000 }).map((n) => 'x'.repeat(n)) },
  { weight: 2, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9._~-]{1,100}$/) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 30 }).map((s) => s.replace(/[/?#]/g, '')) },
);

/** Known field names of the contract's request bodies, to reach validation past "not an object". */
const FIELD_NAMES = [
  'username', 'password', 'email', 'firstName', 'lastName', 'role', 'currentPassword', 'newPassword', 'token',
  'title', 'description', 'domainId', 'domainIds', 'userIds', 'status', 'allowBrowse', 'timeLimit', 'passingScore',
  'type', 'data', 'questions', 'options', 'orderIndex', 'componentIds', 'answers', 'reason', 'progressPercentage',
  'timeSpent', 'seconds', 'content', 'authorName', 'priority', 'expiresAt', 'isActive', 'subject', 'isAnonymous',
  'response', 'adminResponse', 'name', 'fileName', 'size', 'contentType', 'key', 'uploadId', 'parts', 'materialId',
  'number', 'page', 'limit', '__proto__', 'constructor', 'prototype',
];
const FIVE_THOUSAND_AND_ONE = Array.from({ length: 5001 }, (_, i) => (i % 2 ? 'x' : i));
const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  weirdString,
  fc.constantFrom(null, true, false, 0, -1, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 0.5, [], {}, [null], { $gt: '' }),
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
const jsonBody = (value: unknown): Body => ({ text: JSON.stringify(value) ?? 'undefined', contentType: 'application/json' });
const brokenJson = fc.oneof(
  fc.constantFrom('{', '{"a":', '{"a":1,}', "{'a':1}", '[1,2', 'NaN', 'undefined', '{"a":1}}', '\u0000', '', ' ', '{"username":"x" "password":"y"}', '\uFEFF{"a":1}', '{"a":"\\ud800"}', '{"a":"\\u0000"}', '{"__proto__":{"admin":true}}'),
  fc.integer({ min: 1000, max: 20_000 }).map((n) => deepNesting(n, '[', ']')),
  fc.integer({ min: 1000, max: 20_000 }).map((n) => deepNesting(n, '{"a":', '}').replace(/}$/, '1}')),
  fc.string({ unit: 'binary', maxLength: 200 }),
);

const OVER_LIMIT = JSON.stringify({ title: 'x'.repeat(1024 * 1024 + 16) });
const body: fc.Arbitrary<Body> = fc.oneof(
  { weight: 3, arbitrary: wrongObject.map(jsonBody) },
  { weight: 2, arbitrary: fc.oneof(fc.json({ maxDepth: 3 }), fc.constantFrom('null', '[]', '""', '0', 'true', '[{}]')).map((text) => ({ text, contentType: 'application/json' })) },
  { weight: 2, arbitrary: brokenJson.map((text) => ({ text, contentType: 'application/json' })) },
  // Content-type lies: JSON sent as something else, garbage sent as JSON.
  {
    weight: 2,
    arbitrary: fc.tuple(
      wrongObject.map((o) => JSON.stringify(o)),
      fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=utf-16', 'application/jsonx', 'multipart/form-data', 'text/csv', 'application/xml', '', ';;;', 'application/json, text/html', '*/*'),
    ).map(([text, contentType]) => ({ text, contentType })),
  },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 512 }).map((bytes) => ({ text: bytes, contentType: 'application/json' })) },
  { weight: 1, arbitrary: fc.constant<Body>({ text: null, contentType: 'application/json' }) },
  { weight: 1, arbitrary: fc.constant<Body>({ text: null, contentType: null }) },
  // Over the 1 MiB API body limit.
  { weight: 1, arbitrary: fc.constantFrom<Body>({ text: OVER_LIMIT, contentType: 'application/json' }, { text: OVER_LIMIT, contentType: 'text/plain' }) },
);

/** Multipart garbage for the streamed upload (never a well-formed file with its magic bytes). */
const multipartBody: fc.Arbitrary<Body> = fc
  .record({
    boundary: fc.oneof(fc.constant('XyZ'), fc.constant(''), fc.constant('"quoted boundary"'), fc.string({ unit: 'binary-ascii', maxLength: 80 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')), fc.constant('a'.repeat(300))),
    declared: fc.boolean(),
    fileName: fc.oneof(fc.constantFrom('a.pdf', 'a.mp4', 'a.exe', '../../x.pdf', 'x.PDF', '.pdf', 'a.pdf\u0000.exe', 'a.pptx', 'a.pdf"; name="file', '', 'a'.repeat(5000) + '.pdf'), weirdString),
    name: fc.constantFrom('file', 'title', 'File', '', 'file"', 'description'),
    content: fc.oneof(fc.uint8Array({ maxLength: 300 }).map((b) => String.fromCharCode(...b)), fc.constantFrom('MZ\u0090\u0000', 'PK\u0003\u0004', '%PDX-1.4', '\u0000\u0000\u0000\u0018ftyx', '')),
    shape: fc.constantFrom('normal', 'truncated', 'no-final', 'no-headers', 'no-crlf', 'nested', 'headers-only', 'junk'),
    extra: fc.array(fc.tuple(fc.constantFrom('title', 'description', 'x'), weirdString), { maxLength: 3 }),
  })
  .map(({ boundary, declared, fileName, name, content, shape, extra }) => {
    const b = boundary || 'B';
    const fields = extra.map(([n, v]) => `--${b}\r\nContent-Disposition: form-data; name="${n}"\r\n\r\n${v}\r\n`).join('');
    const head = `--${b}\r\nContent-Disposition: form-data; name="${name}"; filename="${fileName}"\r\nContent-Type: application/pdf\r\n\r\n`;
    let text: string;
    switch (shape) {
      case 'truncated':
        text = fields + head + content;
        break;
      case 'no-final':
        text = fields + head + content + `\r\n--${b}\r\n`;
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
        text = `--${b}\r\n` + 'X-Junk: ' + 'h'.repeat(20_000) + '\r\n';
        break;
      case 'junk':
        text = content;
        break;
      default:
        text = fields + head + content + `\r\n--${b}--\r\n`;
    }
    return { text, contentType: declared ? `multipart/form-data; boundary=${boundary}` : 'multipart/form-data' };
  });

/** CSV garbage for the bulk import (no row is ever valid: emails never hold an @). */
const csvBody: fc.Arbitrary<Body> = fc
  .record({
    bom: fc.boolean(),
    header: fc.oneof(fc.constantFrom('username,email', 'email,username', 'Username;Email', 'username', '', '"username,email', 'username,email,username'), weirdString.map((s) => s.replace(/@/g, ''))),
    rows: fc.array(
      fc.array(fc.oneof(weirdString, fc.constantFrom('"', '""', '"a""b"', '=cmd|/c calc!A1', '+1', '-1', '@SUM(1)', '\t', '\r', '\n', 'x@')), { maxLength: 6 }).map((cells) => cells.map((c) => c.replace(/@/g, '(at)')).join(',')),
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
          fc.oneof(fc.constantFrom('page', 'limit', 'size', 'search', 'q', 'query', 'status', 'domainId', 'sort', 'u', 'e', 's', 'token', 'number', 'courseId', 'type', 'role'), weirdString.map(enc)),
          fc.oneof(fc.constantFrom('-1', '0', '1e309', 'NaN', '99999999999999999999', '1.5', '%', '%ZZ', '%00', '', 'ALL', '[]', '1,2'), weirdString.map(enc)),
        ),
        { minLength: 1, maxLength: 6 },
      )
      .map((pairs) => '?' + pairs.map(([k, v]) => `${k}=${v}`).join('&')),
  },
  { weight: 1, arbitrary: fc.constantFrom('?', '?&&&', '?page', '?page=1&page=2&page=x', '?%', '?a=%ZZ', '?' + 'a=1&'.repeat(2000), '?search=' + 'x'.repeat(10_000)) },
);

const headerValue = fc.oneof(weirdString.map((s) => s.replace(/[^\x20-\x7e]/g, '?')), fc.integer({ min: 8000, max: 60_000 }).map((n) => 'h'.repeat(n)));
const extraHeaders = fc.array(
  fc.tuple(fc.constantFrom('x-request-id', 'cf-connecting-ip', 'x-forwarded-for', 'accept', 'accept-encoding', 'origin', 'cookie', 'x-junk', 'range', 'if-none-match', 'accept-language', 'user-agent'), headerValue),
  { maxLength: 3 },
);
const authHeader = fc.oneof(
  fc.constantFrom('Bearer', 'Bearer ', 'Basic YWRtaW46YWRtaW4=', 'Bearer null', 'Bearer a.b.c', 'bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.', 'Bearer ' + 'x'.repeat(9000)),
  headerValue.map((v) => `Bearer ${v}`),
);

interface FuzzRequest {
  route: Route;
  identity: Identity;
  method: string;
  param: { kind: 'bad' | 'real'; value: string } | null;
  query: string;
  body: Body | null;
  headers: [string, string][];
  brokenAuth: string;
}

const methodFor = (route: Route) => fc.oneof({ weight: 12, arbitrary: fc.constant(route.method) }, { weight: 1, arbitrary: fc.constantFrom('HEAD', 'PATCH', 'OPTIONS', 'PUT', 'DELETE', 'POST') });

function requestArb(realIds: string[]): fc.Arbitrary<FuzzRequest> {
  return fc.constantFrom(...routes).chain((route) => {
    const isUpload = key(route) === 'POST /api/v2/materials/upload';
    const isImport = key(route) === 'POST /api/users/bulk';
    const bodyArb = isUpload ? fc.oneof(multipartBody, multipartBody, body) : isImport ? fc.oneof(csvBody, csvBody, body) : body;
    // Real ids only where nothing can be written: GET routes. Mutating routes get bad or unknown ids.
    const paramArb = route.path.includes(':')
      ? route.method === 'GET'
        ? fc.oneof(badParam.map((value) => ({ kind: 'bad' as const, value })), fc.constantFrom(...realIds).map((value) => ({ kind: 'real' as const, value })))
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

// ---------------------------------------------------------------------------------------------
// State: fixtures, the change log, snapshots

let learner: { id: string };
let admin: { id: string };
let learnerToken: string;
let adminToken: string;
const realIds: string[] = [];

const EXCLUDED_TABLES = /^(sqlite_|_cf_|d1_migrations$|_fuzz_)/;
let tables: string[] = [];

/**
 * Ordinary tables. A virtual table (the FTS5 people search) and its shadow tables are left out:
 * they take no triggers, and they are kept by triggers on their source table, which is watched.
 */
async function listTables(): Promise<string[]> {
  const { results } = await env.DB.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name").all<{ name: string; sql: string | null }>();
  const virtual = results.filter((r) => /^CREATE VIRTUAL TABLE/i.test(r.sql ?? '')).map((r) => r.name);
  return results
    .map((r) => r.name)
    .filter((n) => !EXCLUDED_TABLES.test(n) && !virtual.some((v) => n === v || n.startsWith(`${v}_`)));
}

async function snapshot(): Promise<Record<string, { rows: number; sha256: string }>> {
  const results = await env.DB.batch(tables.map((t) => env.DB.prepare(`SELECT * FROM "${t}" ORDER BY rowid`)));
  const out: Record<string, { rows: number; sha256: string }> = {};
  for (const [i, t] of tables.entries()) {
    const rows = results[i].results;
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(JSON.stringify(rows)));
    out[t] = { rows: rows.length, sha256: [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('') };
  }
  return out;
}

async function bucketKeys(): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.FILES.list({ cursor });
    keys.push(...page.objects.map((o) => o.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys.sort();
}

/** Every insert, update and delete on every table (but the refusal counters) is logged here. */
async function installChangeLog() {
  const statements = ['CREATE TABLE IF NOT EXISTS _fuzz_changes (seq INTEGER PRIMARY KEY AUTOINCREMENT, tbl TEXT NOT NULL, op TEXT NOT NULL)'];
  for (const t of tables.filter((t) => !COUNTERS_OF_REFUSALS.has(t))) {
    for (const op of ['INSERT', 'UPDATE', 'DELETE']) {
      statements.push(`CREATE TRIGGER IF NOT EXISTS "_fuzz_${t}_${op}" AFTER ${op} ON "${t}" BEGIN INSERT INTO _fuzz_changes (tbl, op) VALUES ('${t}', '${op}'); END`);
    }
  }
  await env.DB.batch(statements.map((s) => env.DB.prepare(s)));
}

async function removeChangeLog() {
  const { results } = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE '\\_fuzz\\_%' ESCAPE '\\'").all<{ name: string }>();
  await env.DB.batch([...results.map((r) => env.DB.prepare(`DROP TRIGGER "${r.name}"`)), env.DB.prepare('DROP TABLE IF EXISTS _fuzz_changes')]);
}

async function lastChange(): Promise<number> {
  return (await env.DB.prepare('SELECT coalesce(max(seq), 0) AS m FROM _fuzz_changes').first<{ m: number }>())?.m ?? 0;
}

async function changesSince(seq: number): Promise<string[]> {
  const { results } = await env.DB.prepare('SELECT tbl, op FROM _fuzz_changes WHERE seq > ? ORDER BY seq').bind(seq).all<{ tbl: string; op: string }>();
  return results.map((r) => `${r.op} ${r.tbl}`);
}

// ---------------------------------------------------------------------------------------------
// Sending one request and judging its answer

/** The change log's last sequence number, read after every request. */
let knownChange = 0;
let runFailed = false;

const stats = { sent: 0, byStatus: new Map<number, number>(), acceptedMutations: new Map<string, number>(), tablesChangedByAccepted: new Set<string>(), slowest: [] as [number, string][] };

function describeRequest(r: FuzzRequest, url: string) {
  const cut = (s: string) => (s.length > 200 ? `${s.slice(0, 200)}… (${s.length} chars)` : s);
  const bodyText = r.body?.text == null ? null : typeof r.body.text === 'string' ? cut(JSON.stringify(r.body.text)) : `<${r.body.text.byteLength} bytes>`;
  return `${r.identity} ${r.method} ${cut(url)} [route ${key(r.route)}] content-type=${JSON.stringify(r.body?.contentType)} body=${bodyText} headers=${cut(JSON.stringify(r.headers))}`;
}

/** Sends one request, checks its status and body; answers what the change check of its run needs. */
async function send(r: FuzzRequest): Promise<{ status: number; summary: string }> {
  const path = r.param ? r.route.path.replace(/:(\w+)/g, () => r.param!.value) : r.route.path;
  const url = `http://localhost${path}${r.query}`;
  const headers = new Headers();
  const canHaveBody = r.method !== 'GET' && r.method !== 'HEAD';
  for (const [k, v] of r.headers) headers.append(k, v);
  if (r.identity === 'learner') headers.set('authorization', `Bearer ${learnerToken}`);
  if (r.identity === 'admin') headers.set('authorization', `Bearer ${adminToken}`);
  if (r.identity === 'broken-token') headers.set('authorization', r.brokenAuth);
  // A logout with a real session revokes that session: give each one a throwaway token.
  if (key(r.route) === 'POST /api/auth/logout' && (r.identity === 'learner' || r.identity === 'admin')) {
    headers.set('authorization', `Bearer ${await signSession(env.JWT_SECRET, r.identity === 'admin' ? admin.id : learner.id, 0)}`);
  }
  if (canHaveBody && r.body?.contentType != null) headers.set('content-type', r.body.contentType);

  const keysBefore = key(r.route) === 'POST /api/v2/materials/upload' ? await bucketKeys() : null;
  const t0 = Date.now();
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(url, { method: r.method, headers, body: canHaveBody && r.body?.text != null ? r.body.text : undefined }), env, ctx);
  const text = await res.text();
  await waitOnExecutionContext(ctx);
  const ms = Date.now() - t0;
  stats.slowest.push([ms, describeRequest(r, url).slice(0, 300)]);
  stats.slowest.sort((a, b) => b[0] - a[0]).splice(5);
  stats.sent += 1;
  stats.byStatus.set(res.status, (stats.byStatus.get(res.status) ?? 0) + 1);
  const where = () => `${describeRequest(r, url)}\n  -> ${res.status} ${res.headers.get('content-type')} ${text.slice(0, 300)}`;

  if (res.status >= 500) expect.fail(`5xx: ${where()}`);

  const refused = res.status >= 400;
  const apiPath = new URL(url).pathname.startsWith('/api/');
  if (refused && r.method !== 'HEAD' && (apiPath || !HTML_ROUTES.has(key(r.route)))) {
    let parsed: any = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* judged below */
    }
    const ok = (res.headers.get('content-type') ?? '').includes('application/json') && typeof parsed?.message === 'string' && typeof parsed?.code === 'string';
    if (!ok) expect.fail(`4xx without a JSON {message, code} body: ${where()}`);
  }

  if (keysBefore && refused) expect(await bucketKeys(), `a refused upload left storage objects: ${where()}`).toEqual(keysBefore);
  return { status: res.status, summary: `${describeRequest(r, url)} -> ${res.status}` };
}

/**
 * One run: its requests in order, then the change log. Rows may have changed only in the tables
 * that the run's accepted requests on ACCEPTED_MUTATIONS routes may write; otherwise the run fails
 * and fast-check shrinks it to the request that wrote.
 */
async function sendRun(requests: FuzzRequest[]): Promise<void> {
  // After a failed run (shrinking replays runs) the last known sequence number is stale.
  if (runFailed) knownChange = await lastChange();
  runFailed = true;
  const before = knownChange;
  const sent: { r: FuzzRequest; status: number; summary: string }[] = [];
  for (const r of requests) sent.push({ r, ...(await send(r)) });
  const after = await lastChange();
  knownChange = after;
  runFailed = false;
  if (after === before) return;
  const changes = await changesSince(before);
  const allowed = new Set(sent.filter((s) => s.status < 400).flatMap((s) => ACCEPTED_MUTATIONS[key(s.r.route)]?.tables ?? []));
  const unexplained = changes.filter((c) => !allowed.has(c.split(' ')[1]));
  if (unexplained.length > 0) {
    expect.fail(`rows changed (${unexplained.join(', ')}) that no accepted request of this run may write; its requests:\n${sent.map((s) => `  ${s.summary}`).join('\n')}`);
  }
  for (const s of sent.filter((x) => x.status < 400 && ACCEPTED_MUTATIONS[key(x.r.route)])) stats.acceptedMutations.set(key(s.r.route), (stats.acceptedMutations.get(key(s.r.route)) ?? 0) + 1);
  for (const c of changes) stats.tablesChangedByAccepted.add(c.split(' ')[1]);
}

// ---------------------------------------------------------------------------------------------

beforeAll(async () => {
  const course = await createCourse();
  const learnerUser = await createUser({ domainIds: [course.domainId] });
  const adminUser = await createAdmin();
  learner = learnerUser;
  admin = adminUser;
  learnerToken = await login(learnerUser);
  adminToken = await login(adminUser);
  await enroll(learnerToken, course.courseId);
  const start = await api('POST', `/api/v2/user/assessments/${course.pre!.componentId}/start`, { token: learnerToken });
  expect(start.status).toBe(200);
  const certificateId = crypto.randomUUID();
  const certificateNumber = `CERT-FUZZ-${certificateId.slice(0, 8)}`;
  await db.insert(schema.certificates).values({
    id: certificateId,
    certificateNumber,
    userId: learnerUser.id,
    courseId: course.courseId,
    userName: 'Test Learner',
    courseName: course.title,
    expiresAt: new Date(Date.now() + 365 * 86_400_000).toISOString(),
  });
  const announcement = await api('POST', '/api/announcements/admin/create', { token: adminToken, body: { title: 'Notice', content: 'Wear gloves', authorName: 'EHS', priority: 'LOW' } });
  const think = await api('POST', '/api/think/submit', { token: learnerToken, body: { type: 'QUERY', subject: 'Gloves', description: 'Where?' } });
  realIds.push(
    course.courseId,
    course.domainId,
    ...course.componentIds,
    course.material!.materialId,
    start.body.attemptId,
    learnerUser.id,
    adminUser.id,
    certificateId,
    certificateNumber,
    announcement.body?.id ?? certificateId,
    think.body?.id ?? certificateId,
  );
  tables = await listTables();
  await installChangeLog();
});

afterAll(async () => {
  await removeChangeLog();
});

describe('fuzzing every route', () => {
  it('covers the whole route table, including the upload and the import', () => {
    expect(routes.length).toBeGreaterThan(90);
    expect(routes.map(key)).toEqual(expect.arrayContaining(['POST /api/v2/materials/upload', 'POST /api/users/bulk', ...HTML_ROUTES, ...Object.keys(ACCEPTED_MUTATIONS)]));
  });

  it(
    `${NUM_RUNS * REQUESTS_PER_RUN} malformed requests: no 5xx, JSON errors, refused requests change nothing`,
    async () => {
      knownChange = await lastChange();
      const rowsBefore = await snapshot();
      const bucketBefore = await bucketKeys();
      const started = Date.now();
      console.log(`fuzz: seed ${SEED}, ${NUM_RUNS} runs of ${REQUESTS_PER_RUN} requests over ${routes.length} routes (rerun with FUZZ_SEED=${SEED})`);
      try {
        await fc.assert(
          // REQUESTS_PER_RUN requests per run; each may shrink to "no request", so a failing run shrinks to the requests that matter.
          fc.asyncProperty(fc.tuple(...Array.from({ length: REQUESTS_PER_RUN }, () => fc.option(requestArb(realIds), { nil: null, freq: 1e9 }))), async (requests) => {
            await sendRun(requests.filter((r): r is FuzzRequest => r !== null));
          }),
          { seed: SEED, numRuns: NUM_RUNS },
        );
      } catch (error) {
        const err = error as Error;
        err.message = `fuzz seed ${SEED} (rerun: FUZZ_SEED=${SEED} npx vitest run --project api test/api/fuzz.test.ts)\n${err.message}`;
        throw err;
      }
      const rowsAfter = await snapshot();
      const changed = tables.filter((t) => rowsBefore[t].sha256 !== rowsAfter[t].sha256 || rowsBefore[t].rows !== rowsAfter[t].rows);
      const unexplained = changed.filter((t) => !COUNTERS_OF_REFUSALS.has(t) && !stats.tablesChangedByAccepted.has(t));
      expect(unexplained, `tables changed without an accepted request: ${JSON.stringify(Object.fromEntries(unexplained.map((t) => [t, [rowsBefore[t], rowsAfter[t]]])))}`).toEqual([]);
      // Stored objects: only the PDFs that accepted certificate views rendered may be new.
      const newKeys = (await bucketKeys()).filter((k) => !bucketBefore.includes(k));
      expect(newKeys.filter((k) => !k.startsWith('certificates/'))).toEqual([]);
      const statuses = [...stats.byStatus.entries()].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${s}:${n}`).join(' ');
      console.log(
        `fuzz: ${stats.sent} requests in ${((Date.now() - started) / 1000).toFixed(1)} s (seed ${SEED}); statuses ${statuses}; accepted writes ${JSON.stringify(Object.fromEntries(stats.acceptedMutations))}; tables changed ${JSON.stringify(changed)}; slowest ${JSON.stringify(stats.slowest)}`,
      );
      expect(stats.sent).toBeGreaterThanOrEqual(Math.min(MIN_REQUESTS, NUM_RUNS * REQUESTS_PER_RUN));
    },
    300_000,
  );
});
