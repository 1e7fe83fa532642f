import { createElement, lazy, type ComponentType } from 'react';
import { whenLocaleReady, type CatalogArea } from './i18n/locale';

/**
 * React.lazy for a named export (the codebase uses named exports only). The page waits for the
 * start-up catalog too, which downloads in parallel: no page renders untranslated, and no round
 * trip is added. It renders inside Ark's locale context (reading direction for dialogs, drawer and
 * menus), loaded the same way so it stays out of the entry chunk. `areas`: the message catalogs the
 * page needs beyond the app's (the admin area's), loaded in the same wait.
 */
export function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K, areas: readonly CatalogArea[] = []) {
  return lazy(async () => {
    const [module, , { ArkDirection }] = await Promise.all([
      load(),
      whenLocaleReady(areas),
      import('./components/ark-direction'),
    ]);
    const Page = module[name] as ComponentType;
    return { default: () => createElement(ArkDirection, null, createElement(Page)) };
  });
}
