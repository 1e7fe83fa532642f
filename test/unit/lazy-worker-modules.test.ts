import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * Heavy libraries load on first use, not with every isolate (docs/decisions: lazy Worker modules,
 * AWS SDK on first use): the modules the Worker evaluates at start-up, its entry and everything
 * it imports statically, reach none of them. Only `import()` at the call site may.
 */

const root = join(import.meta.dirname, '../..');
const HEAVY = [
  /^pdf-lib$/,
  /^@pdf-lib\//,
  /^@aws-sdk\//,
  /^react-dom\/server/,
  /^bidi-js$/,
  /^qrcode-generator$/,
  // Build outputs the Worker imports by path: the landing renderer and the TrueType-only fontkit.
  /^worker\/generated\//,
];

/** A relative specifier resolved the way the bundler does (`.ts`, `/index.ts`, or the file itself). */
function resolveLocal(from: string, specifier: string): string | null {
  const base = join(dirname(from), specifier);
  const candidates = [`${base}.ts`, join(base, 'index.ts'), base.replace(/\.js$/, '.ts'), base];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile()) ?? null;
}

/** The specifiers a module imports so that they are evaluated with it: `import type` and `import()` excluded. */
function staticImports(file: string, source: string): string[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  for (const statement of sf.statements) {
    const evaluated =
      (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly) ||
      (ts.isExportDeclaration(statement) && !statement.isTypeOnly);
    const specifier = evaluated ? statement.moduleSpecifier : undefined;
    if (specifier && ts.isStringLiteral(specifier)) out.push(specifier.text);
  }
  return out;
}

/** Every package reached from `entry` by static imports, with the chain of modules that reaches it first. */
function packagesReached(entry: string): Map<string, string[]> {
  const packages = new Map<string, string[]>();
  const seen = new Set<string>();
  const queue: [string, string[]][] = [[entry, [relative(root, entry)]]];
  while (queue.length) {
    const [file, chain] = queue.shift()!;
    if (seen.has(file) || !file.endsWith('.ts')) continue;
    seen.add(file);
    for (const specifier of staticImports(file, readFileSync(file, 'utf8'))) {
      if (specifier.startsWith('.')) {
        const next = resolveLocal(file, specifier);
        // A built module (worker/generated/*.js) is not read further: it counts as a package.
        if (next?.endsWith('.js')) packages.set(relative(root, next), chain);
        else if (next) queue.push([next, [...chain, relative(root, next)]]);
      } else if (!packages.has(specifier)) {
        packages.set(specifier, chain);
      }
    }
  }
  return packages;
}

describe('the Worker at start-up', () => {
  const reached = packagesReached(join(root, 'worker/index.ts'));

  it('reads the whole static graph (hono, drizzle and valibot are in it)', () => {
    const names = [...reached.keys()];
    expect(['hono', 'drizzle-orm', 'valibot'].filter((name) => !names.some((p) => p.startsWith(name)))).toEqual([]);
  });

  it('imports no heavy library statically: PDF, fonts, the AWS SDK and React server load on first use', () => {
    const heavy = [...reached].filter(([name]) => HEAVY.some((pattern) => pattern.test(name)));
    expect(heavy.map(([name, chain]) => `${name} via ${chain.join(' -> ')}`)).toEqual([]);
  });

  it('would see a static import of one (self-test)', () => {
    const source = "import { S3Client } from '@aws-sdk/client-s3';\nimport type { PDFDocument } from 'pdf-lib';";
    expect(staticImports('x.ts', source)).toEqual(['@aws-sdk/client-s3']);
    expect(staticImports('x.ts', "const m = await import('pdf-lib');\nexport { x } from './y';")).toEqual(['./y']);
    expect(HEAVY.some((pattern) => pattern.test('worker/generated/fontkit.js'))).toBe(true);
  });
});
