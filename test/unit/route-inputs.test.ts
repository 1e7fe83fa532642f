import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every path and query parameter reaches a handler through a valibot schema: `validate('param' |
 * 'query', schema)` and `c.req.valid(...)`. A raw read (`c.req.param(`, `c.req.query(`,
 * `c.req.queries(`) is allowed only where the same statement hands it straight to a schema
 * (`parseOrThrow(` / `safeParse(`), e.g. in a middleware that runs before the route's validators.
 */
const WORKER = join(__dirname, '../../worker');
const RAW_READ = /c\.req\.(param|query|queries)\(/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('route inputs', () => {
  it('are read through a schema, never raw', () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(WORKER)) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, index) => {
          if (RAW_READ.test(line) && !/parseOrThrow\(|safeParse\(/.test(line)) offenders.push(`${file.slice(WORKER.length + 1)}:${index + 1}: ${line.trim()}`);
        });
    }
    expect(offenders).toEqual([]);
  });

  // A resource cut into a folder (routes/users/) is composed by its index.ts: that file alone may
  // import its own parts.
  it('no route module imports another route module', () => {
    const offenders = sourceFiles(join(WORKER, 'routes')).flatMap((file) =>
      file.endsWith('/index.ts') ? [] : readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => /from '\.\/[^']+'/.test(line))
        .map((line) => `${file.slice(WORKER.length + 1)}: ${line.trim()}`),
    );
    expect(offenders).toEqual([]);
  });
});
