import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * The client has one data layer: every read of server data goes through the query cache. A screen
 * reads with useQuery (a factory of web/api/*-queries.ts, or an inline `queryFn`); a statechart's
 * effect reads with queryClient.fetchQuery. This check finds a GET of the API modules called
 * anywhere else in the screens, components, hooks and web/state bindings, which would bypass the
 * cache and need keeping in step with it by hand. Writes go the same way: a named write of
 * web/api/*-queries.ts declares what it changes and the mutation cache invalidates that, so no screen,
 * component, hook or binding calls `invalidateQueries(` itself (web/main.tsx's language change is
 * not a write and stays there).
 */

const root = fileURLToPath(new URL('../..', import.meta.url));

function files(dir: string, accept: (name: string) => boolean): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(root, dir))) {
    const path = join(root, dir, name);
    if (statSync(path).isDirectory()) out.push(...files(relative(root, path), accept));
    else if (accept(name)) out.push(relative(root, path));
  }
  return out;
}

const parse = (file: string, text: string) =>
  ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );

/** A JSON read: `api.get(...)` or a paged list's `getPage(...)` (file downloads as blobs are not data reads). */
const READS = /\bapi\.get\b|\bgetPage\b/;

/** The reads the API modules offer: `xApi.method` of their exported objects and their exported read functions. */
function readsOf(file: string, text: string): Set<string> {
  const reads = new Set<string>();
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      const name = node.name.text;
      const init = node.initializer;
      if (ts.isObjectLiteralExpression(init)) {
        for (const property of init.properties) {
          if (property.name && ts.isIdentifier(property.name) && READS.test(property.getText()))
            reads.add(`${name}.${property.name.text}`);
        }
      } else if ((ts.isArrowFunction(init) || ts.isFunctionExpression(init)) && READS.test(init.getText())) {
        reads.add(name);
      }
    }
    if (ts.isFunctionDeclaration(node) && node.name && READS.test(node.getText())) reads.add(node.name.text);
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(parse(file, text), (node) => {
    if (ts.canHaveModifiers(node) && ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword))
      visit(node);
  });
  return reads;
}

/** Calls of `reads` in `text` that are not inside a `queryFn`: `file:line: call`. */
function readsOutsideCache(file: string, text: string, reads: ReadonlySet<string>): string[] {
  const source = parse(file, text);
  const offenders: string[] = [];
  const insideQueryFn = (node: ts.Node): boolean => {
    for (let up = node.parent; up; up = up.parent) {
      if (ts.isPropertyAssignment(up) && ts.isIdentifier(up.name) && up.name.text === 'queryFn') return true;
    }
    return false;
  };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression.getText(source);
      if (reads.has(callee) && !insideQueryFn(node)) {
        offenders.push(
          `${file}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}: ${callee}(...)`,
        );
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return offenders;
}

/** Hand-made refreshes (`queryClient.invalidateQueries(...)`) in `text`: `file:line`. */
function handInvalidations(file: string, text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, index) => (/\binvalidateQueries\(/.test(line) ? [`${file}:${index + 1}`] : []));
}

const isSource = (name: string) => /\.tsx?$/.test(name) && !name.endsWith('.d.ts') && !name.includes('.test.');

describe('the client data layer', () => {
  const apiReads = new Set(
    files('web/api', isSource)
      .filter((file) => !/-queries\.ts$|writes\.ts$|query-/.test(file))
      .flatMap((file) => [...readsOf(file, readFileSync(join(root, file), 'utf8'))]),
  );

  it('knows the reads of the API modules', () => {
    // The check below is only as good as this list: it must see the learner and admin reads.
    expect(apiReads).toContain('learnerApi.course');
    expect(apiReads).toContain('learnerApi.courseProgress');
    expect(apiReads).toContain('usersApi.page');
    expect(apiReads).not.toContain('learnerApi.enroll');
    expect(apiReads).not.toContain('learnerApi.materialFile');
  });

  it('flags a read outside the query cache and accepts one inside a queryFn', () => {
    const reads = new Set(['learnerApi.course']);
    const bypass = 'const load = fromPromise(({ input }) => learnerApi.course(input.courseId));';
    const cached = "useQuery({ queryKey: ['c'], queryFn: () => learnerApi.course('c1') });";
    expect(readsOutsideCache('web/state/x.tsx', bypass, reads)).toEqual(['web/state/x.tsx:1: learnerApi.course(...)']);
    expect(readsOutsideCache('web/pages/y.tsx', cached, reads)).toEqual([]);
  });

  it('no web/state binding, page, component or hook reads the API outside the query cache', () => {
    const offenders = ['web/state', 'web/pages', 'web/components', 'web/hooks']
      .flatMap((dir) => files(dir, isSource))
      .flatMap((file) => readsOutsideCache(file, readFileSync(join(root, file), 'utf8'), apiReads));
    expect(offenders).toEqual([]);
  });

  it('flags a hand-made refresh after a write', () => {
    const refresh = [
      'const save = useMutation({',
      '  onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.courses.all }),',
      '});',
    ].join('\n');
    expect(handInvalidations('web/pages/z.tsx', refresh)).toEqual(['web/pages/z.tsx:2']);
    expect(handInvalidations('web/pages/z.tsx', 'const save = useWrite(courseWrites.update);')).toEqual([]);
  });

  it('no web/state binding, page, component or hook invalidates the cache by hand (writes name what they change)', () => {
    const offenders = ['web/state', 'web/pages', 'web/components', 'web/hooks']
      .flatMap((dir) => files(dir, isSource))
      .flatMap((file) => handInvalidations(file, readFileSync(join(root, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
