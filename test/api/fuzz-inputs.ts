import fc from 'fast-check';
import { app } from '../../worker/app';
import { body, csvBody, multipartBody, type Body } from './fuzz-bodies';
import { badParam, enc, weirdString } from './fuzz-strings';

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
