import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * Conventions a reviewer cannot keep by eye across the whole tree: each check reads the sources
 * and names the files that break it.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));

const isSource = (name: string) => /\.(ts|tsx|mjs)$/.test(name) && !name.endsWith('.d.ts');

function sourceFiles(dir: string, accept: (name: string) => boolean = isSource): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(root, dir))) {
    const path = join(root, dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(relative(root, path), accept));
    else if (accept(name)) out.push(relative(root, path));
  }
  return out;
}

const TREES = ['worker', 'web', 'statecharts', 'scripts', 'test'];

describe('source conventions', () => {
  it('no comment points at a document outside the repository (comments state the rule instead)', () => {
    // The specifications live outside this repository; "see spec section 4" tells a reader nothing.
    const outside = /\b(learner|admin)[- ]spec\b|\bspec(ification)?\s+(section|§)|\bsection\s+\d+\b|learner-and-public|api-responses(\.md)?|\badmin\.md\b|\bdesign\.md\b|stack-notes/i;
    const offenders: string[] = [];
    for (const file of TREES.flatMap((tree) => sourceFiles(tree))) {
      if (file === 'test/unit/source-conventions.test.ts') continue;
      readFileSync(join(root, file), 'utf8')
        .split('\n')
        .forEach((line, index) => {
          const comment = /^\s*(\/\/|\/\*|\*)/.test(line) ? line : (line.match(/(\/\/|\/\*).*$/)?.[0] ?? '');
          if (outside.test(comment)) offenders.push(`${file}:${index + 1}: ${line.trim().slice(0, 100)}`);
        });
    }
    expect(offenders).toEqual([]);
  });

  it('every IN (...) list in the Worker goes through the chunking helper of worker/db/in-list.ts', () => {
    // D1 refuses a statement with more than 100 bound parameters: a request's list must be split.
    const offenders = sourceFiles('worker')
      .filter((file) => file !== 'worker/db/in-list.ts')
      .filter((file) => {
        const text = readFileSync(join(root, file), 'utf8');
        const usesList = /\binArray\(|\bnotInArray\(|\bIN \(\$\{sql\.join/.test(text);
        return usesList && !/from '(\.\.\/db|\.)\/in-list'/.test(text);
      });
    expect(offenders).toEqual([]);
  });

  it('no declaration files are emitted beside the sources (tsc -b writes to .tmp/tsc)', () => {
    const handWritten = new Set(['test/api/env.d.ts', 'test/api/raw-imports.d.ts', 'test/unit/s3rver.d.ts', 'web/i18n/lingui-catalog.d.ts', 'worker/generated/landing-ssr.d.ts']);
    const emitted = TREES.flatMap((tree) => sourceFiles(tree, (name) => name.endsWith('.d.ts'))).filter((file) => !handWritten.has(file));
    expect(emitted).toEqual([]);
  });
});
