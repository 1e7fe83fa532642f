import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { app } from '../../worker/app';
import { apiCallsIn, describeCall, unroutedCalls, type ApiCall, type UnreadCall } from './client-api-calls';

/*
 * Every API path the client calls is matched against the Worker's own route table (`app.routes`,
 * method and path pattern): a call to a route that does not exist (a typo, a route renamed or
 * removed on one side) fails here instead of answering 404 in a browser. The client's sources are
 * read with the TypeScript parser, so the check does not depend on how a module is laid out.
 */

const root = join(import.meta.dirname, '../..');
const routes = app.routes.filter((r) => r.method !== 'ALL').map((r) => ({ method: r.method, path: r.path }));

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' || name === 'locales' ? [] : sourcesUnder(path);
    return /\.tsx?$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

const calls: ApiCall[] = [];
const unread: UnreadCall[] = [];
for (const path of sourcesUnder(join(root, 'web'))) {
  const found = apiCallsIn(relative(root, path), readFileSync(path, 'utf8'));
  calls.push(...found.calls);
  unread.push(...found.unread);
}

describe("the client's API paths", () => {
  it('are read from every module that calls the API', () => {
    // A floor, so a parser that silently stopped finding calls fails too (115 calls, 10 modules when written).
    expect(calls.length).toBeGreaterThan(100);
    const files = new Set(calls.map((c) => c.file));
    const expected = ['web/api/learner.ts', 'web/api/admin-people.ts', 'web/api/admin-content.ts', 'web/api/auth.ts'];
    expect(expected.filter((file) => !files.has(file))).toEqual([]);
  });

  it('are all readable: a call whose path the parser cannot read names its wrapper', () => {
    expect(unread.map((u) => `${u.file}:${u.line} ${u.text}`)).toEqual([]);
  });

  it('each reach a route of the Worker with the same method', () => {
    expect(routes.length).toBeGreaterThan(80);
    expect(unroutedCalls(calls, routes).map(describeCall)).toEqual([]);
  });
});

describe('the path check itself', () => {
  const check = (source: string) =>
    unroutedCalls(apiCallsIn('made-up.ts', source).calls, routes).map((c) => `${c.method} ${c.path}`);

  it('catches a made-up path, a wrong method and a dynamic part where the route has a fixed word', () => {
    expect(check("api.get('/v2/user/no-such-thing');")).toEqual(['GET /api/v2/user/no-such-thing']);
    expect(check('api.get(`/v2/user/courses/${id}/nothing-here`);')).toHaveLength(1);
    // The route exists for GET only.
    expect(check("api.delete('/v2/user/courses');")).toEqual(['DELETE /api/v2/user/courses']);
    expect(check("apiRequest('/v2/user/courses', { method: 'PUT' });")).toEqual(['PUT /api/v2/user/courses']);
    expect(check("fetch('/api/v2/nowhere', { method: 'POST' });")).toEqual(['POST /api/v2/nowhere']);
    expect(check("const link = '/api/v2/also-nowhere';")).toEqual([`null /api/v2/also-nowhere`]);
    // `/api/v2/materials/search` is a route; a run-time value there is not assumed to be "search".
    const search = check('api.get(`/v2/materials/${id}`); api.get(`/v2/${what}/search`);');
    expect(search).toEqual([`GET /api/v2/\u0000/search`]);
  });

  it('passes real routes in every shape the client writes them', () => {
    expect(
      check(`
        api.get('/v2/user/courses', { query: { page: 1 } });
        api.get(\`/v2/user/courses/\${enc(courseId)}\`);
        apiRequest<Blob>(\`/v2/materials/\${enc(id)}/file\`, { responseType: 'blob' });
        apiRequest('/users/bulk', { method: 'DELETE', body: {} });
        getPage('/v2/materials', 'materials', params);
        fetch(\`/api/v2/user/progress/components/\${enc(componentId)}/time\`, { method: 'PUT', keepalive: true });
        xhrSend('POST', '/api/v2/materials/upload', form, headers);
        xhrSend('PUT', presigned.uploadUrl, file, headers);
        api.get(admin ? '/v2/materials' : '/v2/user/courses');
      `),
    ).toEqual([]);
  });

  it('reports a path it cannot read instead of skipping it', () => {
    expect(apiCallsIn('made-up.ts', 'api.get(pathFor(kind));').unread).toHaveLength(1);
    // Inside a wrapper the path is its parameter; the wrapper's callers are read instead.
    expect(apiCallsIn('made-up.ts', 'function getPage(path) { return api.get(path); }').unread).toEqual([]);
  });
});
