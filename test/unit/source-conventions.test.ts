import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
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
    const outside =
      /\b(learner|admin)[- ]spec\b|\bspec(ification)?\s+(section|§)|\bsection\s+\d+\b|learner-and-public|api-responses(\.md)?|\badmin\.md\b|\bdesign\.md\b|stack-notes/i;
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
        // From any depth (routes/users/*.ts import '../../db/in-list').
        return usesList && !/from '((\.\.\/)+db|\.)\/in-list'/.test(text);
      });
    expect(offenders).toEqual([]);
  });

  it('no client code looks a message up by its English words or by an ad-hoc id scheme (one scheme: web/i18n/error-text.ts)', () => {
    // Catalog ids are names; a server refusal is found by its code or reason, never by `msg:<English>` or `apiError.<CODE>`.
    const offenders = sourceFiles('web').filter((file) =>
      /[`'"](?:msg:|apiError\.)/.test(readFileSync(join(root, file), 'utf8')),
    );
    expect(offenders).toEqual([]);
  });

  it('a Worker refusal with values is written from its declared template, not a template literal of its own', () => {
    // `new ApiError(code, \`...${value}...\`)` would send a message whose reason the client cannot find.
    const offenders = sourceFiles('worker')
      .filter((file) => !file.endsWith('.test.ts'))
      .flatMap((file) =>
        // The whole file, not line by line: the formatter may put the message on a line of its own.
        /new ApiError\(\s*[^,()]+,\s*`[^`]*\$\{/.test(readFileSync(join(root, file), 'utf8')) ? [file] : [],
      );
    // Still to be declared: the permission refusal of the auth middleware, and the book-in-use
    // refusal (a sentence built from parts; the line-by-line check before the formatter missed it).
    expect(offenders).toEqual(['worker/middleware/auth.ts', 'worker/routes/domains.ts']);
  });

  it('no declaration files are emitted beside the sources (tsc -b writes to .tmp/tsc)', () => {
    const handWritten = new Set([
      'test/api/env.d.ts',
      'test/api/raw-imports.d.ts',
      'test/e2e/oidc-provider-types.d.ts',
      'test/unit/s3rver.d.ts',
      'web/i18n/lingui-catalog.d.ts',
      'worker/generated/fontkit.d.ts',
      'worker/generated/landing-ssr.d.ts',
    ]);
    const emitted = TREES.flatMap((tree) => sourceFiles(tree, (name) => name.endsWith('.d.ts'))).filter(
      (file) => !handWritten.has(file),
    );
    expect(emitted).toEqual([]);
  });
});

/*
 * Every date and number on screen goes through web/format.ts, so that one table cannot show a date
 * or a percentage differently from the next: no direct Intl.DateTimeFormat, Intl.NumberFormat,
 * Intl.ListFormat or toLocale...String() call in web/ outside it and the i18n modules.
 */
const DIRECT_FORMATTING = /\bIntl\.(DateTimeFormat|NumberFormat|ListFormat)\b|\.toLocale(Date|Time)?String\(/;

/** The lines of one file that format a value themselves, as `file:line: text`; comments do not count. */
function directFormatting(file: string, text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, index) => {
    const code = /^\s*(\/\/|\/\*|\*)/.test(line) ? '' : line.replace(/\/\/.*$/, '');
    if (DIRECT_FORMATTING.test(code)) found.push(`${file}:${index + 1}: ${line.trim().slice(0, 100)}`);
  });
  return found;
}

describe('display formats', () => {
  it('no file in web/ formats a date or a number itself instead of through web/format.ts', () => {
    const allowed = (file: string) =>
      file === 'web/format.ts' || file.startsWith('web/i18n/') || file.endsWith('.test.ts');
    const files = sourceFiles('web').filter((file) => !allowed(file));
    expect(files.length).toBeGreaterThan(50);
    expect(files.flatMap((file) => directFormatting(file, readFileSync(join(root, file), 'utf8')))).toEqual([]);
  });

  it('the check finds each kind of direct call and passes the helpers and comments', () => {
    const sample = [
      `const a = new Intl.NumberFormat(locale, { style: 'percent' }).format(x);`,
      `const b = new Intl.DateTimeFormat(locale).format(d);`,
      `const c = date.toLocaleDateString(locale);`,
      `const d = n.toLocaleString();`,
      `const e = new Intl.ListFormat(locale).format(items);`,
      `const ok = formatPercent(x, 1) + formatDate(d) + formatList(items);`,
      `// a comment may name Intl.NumberFormat and toLocaleString()`,
      ` * and so may a doc comment: Intl.DateTimeFormat`,
    ].join('\n');
    expect(directFormatting('sample.tsx', sample).map((line) => Number(line.split(':')[1]))).toEqual([1, 2, 3, 4, 5]);
  });
});

/*
 * Every text a person reads goes through the message catalogs (web/i18n): a .tsx under web/pages,
 * web/components or web/ui may not hold user-visible English of its own. Checked on the syntax
 * tree (TypeScript's parser): JSX text with letters (`>Save<`), a string or template literal with
 * letters given to a prop a person reads or hears (label, title, placeholder, aria-label, ...) or
 * as a JSX child (`{'Save'}`), a toast's literal title or description, and a literal fallback
 * given to errorMessage(). Comments are not JSX text, so doc comments pass.
 */
const VISIBLE_PROPS = new Set([
  'label',
  'title',
  'placeholder',
  'aria-label',
  'aria-description',
  'aria-valuetext',
  'alt',
  'description',
  'helperText',
  'emptyText',
  'loadingLabel',
  'loadingText',
  'failureMessage',
  'submitLabel',
  'question',
  'subtitle',
  'hint',
  'linkText',
  'scrollLabel',
  'term',
  'summary',
]);
/** Words that read the same in every language: standard and format names shown as they are. */
const SAME_IN_EVERY_LANGUAGE = new Set(['SCORM', 'SVG', 'SCXML', 'Mermaid']);

/** The user-visible English literals of one .tsx file, as `file:line: text`. */
function visibleEnglish(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const hasWords = (value: string) => /\p{L}{2,}/u.test(value) && !SAME_IN_EVERY_LANGUAGE.has(value.trim());
  const report = (node: ts.Node, value: string) =>
    found.push(
      `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${value.trim().replace(/\s+/g, ' ').slice(0, 80)}`,
    );
  /** The literal text of a string or template literal (the template's fixed parts), else null. */
  const literalText = (node: ts.Node | undefined): string | null => {
    if (!node) return null;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
    if (ts.isTemplateExpression(node))
      return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ');
    if (ts.isParenthesizedExpression(node)) return literalText(node.expression);
    if (ts.isConditionalExpression(node))
      return (
        [literalText(node.whenTrue), literalText(node.whenFalse)].filter((part) => part !== null).join(' ') || null
      );
    return null;
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && hasWords(node.text)) report(node, node.text);
    if (ts.isJsxAttribute(node) && VISIBLE_PROPS.has(node.name.getText(source))) {
      const init = node.initializer;
      const value =
        init && (ts.isStringLiteral(init) ? init.text : ts.isJsxExpression(init) ? literalText(init.expression) : null);
      if (value && hasWords(value)) report(node, `${node.name.getText(source)}=${value}`);
    }
    if (ts.isJsxExpression(node) && node.parent && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      const value = literalText(node.expression);
      if (value && hasWords(value)) report(node, value);
    }
    if (ts.isCallExpression(node)) {
      const callee = node.expression.getText(source);
      if (callee === 'errorMessage' || callee === 'refusalMessage') {
        const value = literalText(node.arguments[1]);
        if (value && hasWords(value)) report(node, `errorMessage(…, ${value})`);
      }
      if (callee === 'toaster.create' && node.arguments[0] && ts.isObjectLiteralExpression(node.arguments[0])) {
        for (const property of node.arguments[0].properties) {
          if (!ts.isPropertyAssignment(property) || !['title', 'description'].includes(property.name.getText(source)))
            continue;
          const value = literalText(property.initializer);
          if (value && hasWords(value)) report(property, `toast ${value}`);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('interface texts', () => {
  it('no .tsx under web/pages, web/components or web/ui shows English that bypasses the message catalogs', () => {
    const files = ['web/pages', 'web/components', 'web/ui'].flatMap((dir) =>
      sourceFiles(dir, (name) => name.endsWith('.tsx')),
    );
    expect(files.length).toBeGreaterThan(50);
    expect(files.flatMap((file) => visibleEnglish(file, readFileSync(join(root, file), 'utf8')))).toEqual([]);
  });

  it('the check finds text nodes, visible props, toasts and fallbacks, and passes catalog calls and code', () => {
    const sample = [
      `const a = <Button>Save</Button>;`,
      `const b = <TextField label="Email" placeholder={'Your email'} />;`,
      'const c = <IconButton aria-label={`Edit ${name}`} />;',
      `toaster.create({ type: 'success', title: 'Saved' });`,
      `errorMessage(e, 'Failed to save');`,
      `const d = <p>{'Loading'}</p>;`,
      `const ok = <Button aria-label={t('common.close')} data-testid="close-button" type="submit">{t('common.save')} · {count}</Button>;`,
      `const code = <dd>SCORM {version}</dd>;`,
      `/** A doc comment with words in it. */`,
    ].join('\n');
    expect(visibleEnglish('sample.tsx', sample).map((line) => line.replace(/^sample\.tsx:\d+: /, ''))).toEqual([
      'Save',
      'label=Email',
      'placeholder=Your email',
      'aria-label=Edit',
      'toast Saved',
      'errorMessage(…, Failed to save)',
      'Loading',
    ]);
  });
});
