import { lazy, type ComponentType } from 'react';

/** React.lazy for a named export (the codebase uses named exports only). */
export function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}
