import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-json';

// The client's message catalogs: one JSON file per language, `{ "id": "ICU message" }`, written by
// hand (no extraction: ids are explicit). @lingui/vite-plugin compiles each file at build time
// when web/i18n/index.ts imports `./locales/<locale>.json?lingui`, so the browser never parses ICU.
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es', 'hi', 'ar'],
  fallbackLocales: { default: 'en' },
  catalogs: [{ path: '<rootDir>/web/i18n/locales/{locale}', include: ['<rootDir>/web'] }],
  format: formatter({ style: 'minimal' }),
});
