import { lazy, type ComponentType } from 'react';
import { whenLocaleReady } from './i18n/locale';

/**
 * React.lazy for a named export (the codebase uses named exports only). The page waits for the
 * start-up catalog too, which downloads in parallel: no page renders untranslated, and no round
 * trip is added.
 */
export function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => {
    const [module] = await Promise.all([load(), whenLocaleReady()]);
    return { default: module[name] as ComponentType };
  });
}
