import { guardSpecOf, type GuardSpec } from './auth';

/** A row of Hono's `app.routes`: each handler and middleware with the method and path it was registered on. */
interface RouteEntry {
  method: string;
  path: string;
  handler: unknown;
}

export interface GuardedRoute {
  method: string;
  path: string;
  /** The guards that run before the route's handler, outermost first (exactly one is expected). */
  guards: GuardSpec[];
}

/** Whether a middleware registered on `pattern` (`/x/*` also matches `/x`) runs for the route path `path`. */
function covers(pattern: string, path: string): boolean {
  if (pattern === path || pattern === '*' || pattern === '/*') return true;
  if (!pattern.endsWith('/*')) return false;
  const prefix = pattern.slice(0, -2);
  return path === prefix || path.startsWith(`${prefix}/`);
}

/**
 * Each route of the table with the guards declared for it: guard middlewares registered on its own
 * method and path (on the handler), or on a pattern covering it for its method or for all (on the
 * sub-app), before its handler. A route is its last entry for a method and path; an `ALL` entry is
 * middleware only.
 */
export function routeGuards(routes: readonly RouteEntry[]): GuardedRoute[] {
  const last = new Map<string, number>();
  routes.forEach((r, i) => {
    if (r.method !== 'ALL') last.set(`${r.method} ${r.path}`, i);
  });
  return [...last.values()].map((index) => {
    const { method, path } = routes[index]!;
    const guards: GuardSpec[] = [];
    for (let i = 0; i < index; i++) {
      const entry = routes[i]!;
      const spec = guardSpecOf(entry.handler);
      if (!spec) continue;
      const sameMethod = entry.method === method || entry.method === 'ALL';
      if (sameMethod && covers(entry.path, path)) guards.push(spec);
    }
    return { method, path, guards };
  });
}
