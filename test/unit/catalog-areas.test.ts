import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { areaOfMessage, SPLIT_AREAS } from '../../vite.catalogs';

/*
 * The app's catalogs are built in parts (vite.catalogs.ts): a message of a split area is in the
 * browser only once a page that declares the area has loaded it (web/lazy.ts). So every module
 * that names such a message must be reached only through such pages: walked here from the entry
 * (web/main.tsx) along static and dynamic imports, a `lazyNamed(() => import(...), name, areas)`
 * adding its areas. Refusal texts are the exception: web/i18n/error-text.ts resolves them (their ids
 * in web/i18n/reason-ids.ts) through catalogText, which gives the server's English when the message
 * is not loaded.
 */

const root = join(import.meta.dirname, '../..');
const NOT_CHECKED = new Set(['web/i18n/error-text.ts', 'web/i18n/reason-ids.ts']);

function resolveLocal(from: string, specifier: string): string | null {
  const base = join(dirname(from), specifier);
  const candidates = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx'), base];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile()) ?? null;
}

type Edge = { specifier: string; areas: string[] };

/** What `file` imports (static, dynamic, and lazy pages with the areas they declare), relative specifiers only. */
function edges(file: string, source: string): Edge[] {
  const out: Edge[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly) ||
      (ts.isExportDeclaration(node) && !node.isTypeOnly && node.moduleSpecifier)
    ) {
      const specifier = node.moduleSpecifier;
      if (specifier && ts.isStringLiteral(specifier)) out.push({ specifier: specifier.text, areas: [] });
      return;
    }
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'lazyNamed') {
      const [load, , declared] = node.arguments;
      const call = load && ts.isArrowFunction(load) && ts.isCallExpression(load.body) ? load.body : undefined;
      const target = call?.arguments[0];
      if (call?.expression.kind === ts.SyntaxKind.ImportKeyword && target && ts.isStringLiteral(target)) {
        const areas =
          declared && ts.isArrayLiteralExpression(declared)
            ? declared.elements.filter(ts.isStringLiteral).map((element) => element.text)
            : [];
        out.push({ specifier: target.text, areas });
        return;
      }
    }
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [target] = node.arguments;
      if (target && ts.isStringLiteral(target)) out.push({ specifier: target.text, areas: [] });
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true));
  return out.filter((edge) => edge.specifier.startsWith('.'));
}

const PREFIXES = Object.values(SPLIT_AREAS).flat();
const NAMED = new RegExp(`['"\`](${PREFIXES.map((p) => p.replace(/\./g, '\\.')).join('|')})[\\w.$]`, 'g');

/** The split-area messages `source` names (by their prefix), with the area each needs. */
function namedAreas(source: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const match of source.matchAll(NAMED)) out.set(match[1]!, areaOfMessage(match[1]!));
  return out;
}

/** Every module reached from `entry`, each with the areas loaded on every way found to it, and the misses. */
function walk(entry: string) {
  const misses: string[] = [];
  const seen = new Set<string>();
  const reached = new Set<string>();
  const queue: [string, Set<string>, string[]][] = [[entry, new Set(['app']), [relative(root, entry)]]];
  while (queue.length) {
    const [file, areas, chain] = queue.shift()!;
    const key = `${file}|${[...areas].sort().join(',')}`;
    if (seen.has(key)) continue;
    seen.add(key);
    reached.add(relative(root, file));
    const source = readFileSync(file, 'utf8');
    // Messages are named in the client only (the contract and the machines name refusal codes).
    if (relative(root, file).startsWith('web/') && !NOT_CHECKED.has(relative(root, file))) {
      for (const [prefix, area] of namedAreas(source)) {
        if (!areas.has(area)) misses.push(`${chain.join(' -> ')} names '${prefix}...' without the ${area} area`);
      }
    }
    for (const edge of edges(file, source)) {
      const next = resolveLocal(file, edge.specifier);
      if (!next || !/\.tsx?$/.test(next)) continue;
      queue.push([next, new Set([...areas, ...edge.areas]), [...chain, relative(root, next)]]);
    }
  }
  return { misses, reached };
}

/**
 * Calls of `t`/`tp` that run when the module is imported (outside any function): a message read
 * then is read before the page's area has loaded, and shows its key for good on a slow device.
 */
function messagesReadAtImport(file: string, source: string): string[] {
  const found: string[] = [];
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) || ts.isClassLike(node)) return;
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && /^(t|tp)$/.test(node.expression.text)) {
      found.push(`${file}:${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

describe('messages built into split catalog areas', () => {
  const { misses, reached } = walk(join(root, 'web/main.tsx'));

  it('walks the whole client (the learner dashboard, the statecharts page, the kiosk and the admin area)', () => {
    const pages = ['dashboard.tsx', 'statecharts.tsx', 'kiosk-page.tsx', 'admin-area.tsx', 'team-tasks.tsx'];
    expect(pages.filter((page) => ![...reached].some((file) => file.endsWith(`/${page}`)))).toEqual([]);
  });

  it('are named only by modules reached through pages that load their area', () => {
    expect(misses).toEqual([]);
  });

  it('are read when a component renders, never when its module is imported', () => {
    const atImport = [...reached]
      .filter((file) => file.startsWith('web/') && /\.tsx?$/.test(file))
      .flatMap((file) => messagesReadAtImport(file, readFileSync(join(root, file), 'utf8')));
    expect(atImport).toEqual([]);
    expect(
      messagesReadAtImport('x.tsx', "const back = <a>{t('evaluate.back')}</a>;\nfunction B() { return t('x'); }"),
    ).toEqual(['x.tsx:1']);
  });

  it('would see a page that names one without loading it (self-test)', () => {
    expect([...namedAreas("t('teamTasks.title'); t(`statecharts.${id}.name`); t('common.ok')")]).toEqual([
      ['teamTasks.', 'field'],
      ['statecharts.', 'statecharts'],
    ]);
    expect(edges('x.tsx', "const P = lazyNamed(() => import('./p'), 'P', ['field']);")).toEqual([
      { specifier: './p', areas: ['field'] },
    ]);
  });
});
