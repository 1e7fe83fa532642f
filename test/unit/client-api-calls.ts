import ts from 'typescript';

/*
 * Reads the API calls out of the client's sources with the TypeScript parser, whatever their
 * layout: a call through the fetch wrapper (`api.get('/v2/...')`, `apiRequest(path, { method })`,
 * `getPage(path, ...)`), a raw `fetch('/api/...')` or `xhrSend('POST', '/api/...')`, and any other
 * string in the client that starts with `/api/`. A path built at run time is a pattern: each
 * `${...}` stands for one dynamic part.
 */

/** One place the client calls the API: the method (null: not known from the source) and the path under /api. */
export interface ApiCall {
  file: string;
  line: number;
  method: string | null;
  path: string;
}

/** A call whose path the parser cannot read (not a literal, a template, a `+` or a `?:` of them). */
export interface UnreadCall {
  file: string;
  line: number;
  text: string;
}

/** Stands for a part of a path computed at run time. */
const DYNAMIC = '\u0000';

const VERBS: Record<string, string> = { get: 'GET', post: 'POST', put: 'PUT', patch: 'PATCH', delete: 'DELETE' };

/**
 * Functions that take the path as a parameter and pass it on: inside them a non-literal path is
 * the wrapper's own argument, read at their call sites instead.
 */
const WRAPPERS = new Set(['apiRequest', 'getPage', 'xhrSend', 'buildUrl', 'get', 'post', 'put', 'patch', 'delete']);

/** The path patterns an expression can evaluate to, or null when it cannot be read statically. */
function pathsOf(node: ts.Expression): string[] | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isTemplateExpression(node)) {
    return [node.head.text + node.templateSpans.map((span) => DYNAMIC + span.literal.text).join('')];
  }
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) {
    return pathsOf(node.expression);
  }
  if (ts.isConditionalExpression(node)) {
    const [a, b] = [pathsOf(node.whenTrue), pathsOf(node.whenFalse)];
    return a && b ? [...a, ...b] : null;
  }
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const left = pathsOf(node.left);
    if (!left) return null;
    const right = pathsOf(node.right) ?? [DYNAMIC];
    return left.flatMap((l) => right.map((r) => l + r));
  }
  return null;
}

/** The `method` of an options object literal (`{ method: 'DELETE' }`), GET when absent, null when not a literal. */
function methodOption(options: ts.Expression | undefined): string | null {
  if (!options) return 'GET';
  if (!ts.isObjectLiteralExpression(options)) return null;
  const property = options.properties.find(
    (p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText() === 'method',
  );
  if (!property) return 'GET';
  return ts.isStringLiteralLike(property.initializer) ? property.initializer.text.toUpperCase() : null;
}

const enclosingFunctionName = (node: ts.Node): string | null => {
  for (let n: ts.Node | undefined = node.parent; n; n = n.parent) {
    if (ts.isFunctionDeclaration(n) && n.name) return n.name.text;
    if ((ts.isArrowFunction(n) || ts.isFunctionExpression(n)) && n.parent) {
      const owner = n.parent;
      if (ts.isVariableDeclaration(owner) || ts.isPropertyAssignment(owner)) return owner.name.getText();
    }
  }
  return null;
};

/** Every API call in one source file. */
export function apiCallsIn(file: string, source: string): { calls: ApiCall[]; unread: UnreadCall[] } {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind);
  const calls: ApiCall[] = [];
  const unread: UnreadCall[] = [];
  const seen = new Set<ts.Node>();
  const lineOf = (node: ts.Node) => sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;

  /** `relative`: the path is under /api (the fetch wrapper adds it); else it is the whole path. */
  type Path = ts.Expression | undefined;
  const record = (call: ts.CallExpression, pathArg: Path, method: string | null, relative = true) => {
    if (!pathArg) return;
    seen.add(pathArg);
    const paths = pathsOf(pathArg);
    if (!paths) {
      if (!WRAPPERS.has(enclosingFunctionName(call) ?? '')) {
        unread.push({ file, line: lineOf(call), text: call.getText(sf).slice(0, 120) });
      }
      return;
    }
    for (const raw of paths) {
      const path = relative ? `/api${raw.startsWith('/') ? raw : `/${raw}`}` : raw;
      // A raw fetch or XHR to another origin (a presigned storage URL) is not an API call.
      if (!relative && !path.startsWith('/api/')) continue;
      calls.push({ file, line: lineOf(call), method, path });
    }
  };

  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const [first, second] = node.arguments;
      if (ts.isPropertyAccessExpression(callee) && callee.expression.getText(sf) === 'api' && VERBS[callee.name.text]) {
        record(node, first, VERBS[callee.name.text]);
      } else if (ts.isIdentifier(callee) && callee.text === 'apiRequest') {
        record(node, first, methodOption(second));
      } else if (ts.isIdentifier(callee) && callee.text === 'getPage') {
        record(node, first, 'GET');
      } else if (ts.isIdentifier(callee) && callee.text === 'fetch') {
        const paths = first ? pathsOf(first) : null;
        if (paths?.some((p) => p.startsWith('/api/'))) record(node, first, methodOption(second), false);
      } else if (ts.isIdentifier(callee) && callee.text === 'xhrSend') {
        // Also used for presigned storage URLs (another origin, read at run time): only /api paths count.
        const paths = second ? pathsOf(second) : null;
        const method = first && ts.isStringLiteralLike(first) ? first.text.toUpperCase() : null;
        if (paths?.some((p) => p.startsWith('/api/'))) record(node, second, method, false);
      }
    }
    // Any other string naming an API path (a link, a beacon, a new wrapper): its method is not known.
    const literal = ts.isStringLiteralLike(node) || ts.isTemplateExpression(node);
    if (literal && !seen.has(node)) {
      const head = ts.isTemplateExpression(node) ? node.head.text : node.text;
      if (head.startsWith('/api/') && !isInsideRecorded(node, seen)) {
        for (const path of pathsOf(node) ?? []) calls.push({ file, line: lineOf(node), method: null, path });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return { calls, unread };
}

function isInsideRecorded(node: ts.Node, seen: Set<ts.Node>): boolean {
  for (let n: ts.Node | undefined = node; n; n = n.parent) if (seen.has(n)) return true;
  return false;
}

/** A route of the Worker's table, as `app.routes` lists it. */
export interface Route {
  method: string;
  path: string;
}

/**
 * Whether a client path pattern reaches `route`: a literal segment must equal the route's literal
 * segment or satisfy its parameter; a segment computed at run time can only fill a parameter (it is
 * never assumed to spell a fixed word), and `*` takes the rest.
 */
export function reaches(route: Route, path: string): boolean {
  const client = path.split('?')[0]!.split('#')[0]!.replace(/\/+$/, '').split('/');
  const server = route.path.replace(/\/+$/, '').split('/');
  for (let i = 0; i < server.length; i++) {
    const segment = server[i]!;
    if (segment === '*') return client.length >= i;
    const part = client[i];
    if (part === undefined) return false;
    const param = segment.match(/^:\w+(?:\{(.+)\})?$/);
    if (param) {
      if (part === '') return false;
      if (param[1] && !part.includes(DYNAMIC) && !new RegExp(`^(?:${param[1]})$`).test(part)) return false;
      continue;
    }
    // A segment computed at run time, whole or in part, fills a parameter only.
    if (part !== segment) return false;
  }
  return client.length === server.length;
}

/** The calls that reach no route of `routes` with their method (any method, when the source does not say). */
export function unroutedCalls(calls: ApiCall[], routes: Route[]): ApiCall[] {
  const routed = (call: ApiCall) =>
    routes.some((route) => (call.method === null || route.method === call.method) && reaches(route, call.path));
  return calls.filter((call) => !routed(call));
}

/** How a call reads in a failure message. */
export const describeCall = (call: ApiCall) =>
  `${call.method ?? '(any method)'} ${call.path.split(DYNAMIC).join('${…}')}  at ${call.file}:${call.line}`;
