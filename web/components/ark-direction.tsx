import { LocaleProvider } from '@ark-ui/react/locale';
import type { ReactNode } from 'react';
import { currentLocale } from '../i18n';

/**
 * Gives Ark's parts (dialogs, the drawer, menus, selects, tooltips) the interface language and its
 * reading direction: they set `dir` on what they render (portals included) from this context, not
 * from <html>. Each top-level layout wraps its page in it; it stays out of the entry chunk.
 */
export function ArkDirection({ children }: { children: ReactNode }) {
  return <LocaleProvider locale={currentLocale()}>{children}</LocaleProvider>;
}
