import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-json';

// The client's message catalogs: one JSON file per language and area, `{ "id": "ICU message" }`, written by
// hand (no extraction: ids are explicit). @lingui/vite-plugin compiles each file at build time
// when web/i18n/index.ts imports `./locales/<locale>.json?lingui`, so the browser never parses ICU.
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es', 'hi', 'ar'],
  fallbackLocales: { default: 'en' },
  // The app's catalogs, then one folder per area loaded with its pages (web/i18n/index.ts).
  catalogs: [
    { path: '<rootDir>/web/i18n/locales/{locale}', include: ['<rootDir>/web'] },
    {
      path: '<rootDir>/web/i18n/locales/admin-people/{locale}',
      include: ['<rootDir>/web/pages/admin', '<rootDir>/web/components'],
    },
    {
      path: '<rootDir>/web/i18n/locales/admin-content/{locale}',
      include: ['<rootDir>/web/pages/admin', '<rootDir>/web/components'],
    },
  ],
  format: formatter({ style: 'minimal' }),
});
