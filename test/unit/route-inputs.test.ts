import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
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
          if (RAW_READ.test(line) && !/parseOrThrow\(|safeParse\(/.test(line))
            offenders.push(`${file.slice(WORKER.length + 1)}:${index + 1}: ${line.trim()}`);
        });
    }
    expect(offenders).toEqual([]);
  });

  it("no route module imports another resource's route module", () => {
    // A resource cut into sub-resources (routes/materials.ts mounting routes/materials/*.ts) imports
    // within its own folder; what two resources share lives in services/.
    const routes = join(WORKER, 'routes');
    const resourceOf = (path: string) => relative(routes, path).split(sep)[0]!.replace(/\.ts$/, '');
    const offenders = sourceFiles(routes).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => {
          const specifier = line.match(/from '(\.{1,2}\/[^']+)'/)?.[1];
          if (!specifier) return false;
          const target = resolve(dirname(file), specifier);
          const insideRoutes = !relative(routes, target).startsWith('..');
          return insideRoutes && resourceOf(target) !== resourceOf(file);
        })
        .map((line) => `${file.slice(WORKER.length + 1)}: ${line.trim()}`),
    );
    expect(offenders).toEqual([]);
  });
});
