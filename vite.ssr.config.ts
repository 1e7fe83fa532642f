import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compiledCatalog } from './vite.catalogs';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The message prefixes the server-rendered pages read, compiled as @lingui/vite-plugin compiles the
 * client's: the landing view's (`landing.*`, the language switcher, the dialogs' close labels) and
 * the signed-in learner pages' (web/ssr/learner-server.tsx: the learner shell, the dashboard and its
 * panels, My Courses, the course page). Only these, not the whole catalogs: every message is in the Worker four times (one per
 * language) and the Worker has a size budget. test/api/landing-page.test.ts and
 * test/api/learner-pages.test.ts fail if a rendered page shows a message id.
 */
export const SERVER_MESSAGE_PREFIXES = [
  'landing.',
  'language.',
  'common.',
  'ui.',
  'nav.',
  'shell.',
  'help.',
  'dashboard.',
  'nextUp.',
  'next.',
  'continue.',
  'required.',
  'requirement.',
  'recertification.',
  'compliance.',
  'certificate.',
  'certAction.',
  'incomplete.',
  'mySessions.',
  'enrollment.',
  'component.',
  'course.',
  // My Courses and the course page (issue 31 item 2): the page, its cards, panels and journey.
  'myCourses.',
  'courseCard.',
  'courseVersions.',
  'enroll.',
  'recertify.',
  'journey.',
  // The component rows' material kinds and the texts the course page's (closed) dialogs compute.
  'material.kind.',
  'review.',
  'certDialog.',
  'myCerts.',
];

function landingCatalogs(): Plugin {
  return {
    name: 'landing-catalogs',
    enforce: 'pre',
    load(id) {
      const match = /[\\/]i18n[\\/]locales[\\/](?:([\w-]+)[\\/])?(\w+)\.json\?(?:area=([\w-]+)&)?lingui$/.exec(id);
      if (!match) return null;
      // The admin areas' catalogs (web/i18n/locales/<area>/) and the app's split areas: never read by these pages.
      if (match[1] || (match[3] && match[3] !== 'app'))
        return { code: 'export const messages = {};', moduleType: 'js' };
      const kept = (key: string) => SERVER_MESSAGE_PREFIXES.some((prefix) => key.startsWith(prefix));
      return { code: compiledCatalog(match[2] ?? 'en', kept), moduleType: 'js' };
    },
  };
}

/**
 * What a failed call or a statechart said, in the reader's language (web/i18n/error-text.ts,
 * web/i18n/machine-text.ts): the refusal tables with every contract text (worker/contract/errors.ts,
 * which the contracts' own refusal constants also pull in) and, through the machines' message
 * constants, the assessment, material and SCORM machines. The Worker renders a page only from
 * answers it read itself, before anything was tried on it, so none of these texts can show in its
 * copy (they appear after the app has taken over, from the client's own modules). The server build
 * gets the text as written, and no refusal table: about 20 KB gzip less Worker. A new import of
 * anything else from these modules fails the build (a missing export), never the page.
 */
const SERVER_STUBS: Record<string, string> = {
  'error-text': [
    'export const errorText = (_error, fallback) => fallback;',
    'export const declaredText = (english) => english;',
    'export const fieldErrors = () => ({});',
    'export const issueErrors = () => ({});',
  ].join('\n'),
  'machine-text': 'export const machineText = (english) => english;',
  errors: 'export const REFUSALS = {};',
};

function serverStubs(): Plugin {
  return {
    name: 'server-stubs',
    enforce: 'pre',
    load(id) {
      const name = /[\\/](?:web[\\/]i18n[\\/](error-text|machine-text)|worker[\\/]contract[\\/](errors))\.ts$/.exec(id);
      const stub = name ? SERVER_STUBS[name[1] ?? name[2]!] : undefined;
      return stub ? { code: stub, moduleType: 'js' } : null;
    },
  };
}

/**
 * The server renderers for the Worker (web/ssr/landing-server.tsx, which re-exports the learner
 * pages' renderer): one ES module,
 * everything bundled (React, the UI kit, the four compiled catalogs), written beside its kept
 * types as worker/generated/landing-ssr.js. wrangler and the workerd test pool import it like any
 * Worker file. Runs after the client build (`npm run build`).
 */
export default defineConfig({
  root: 'web',
  plugins: [landingCatalogs(), serverStubs(), react()],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  resolve: {
    alias: {
      'styled-system': fromRoot('./styled-system'),
      '@contract': fromRoot('./worker/contract'),
      // Only renderToString (synchronous, see landing-server.tsx): React's legacy server build
      // alone, without the streaming renderer the package's entry adds beside it.
      'react-dom/server': fromRoot('./node_modules/react-dom/cjs/react-dom-server-legacy.browser.production.js'),
    },
  },
  ssr: {
    target: 'webworker',
    noExternal: true,
    resolve: { conditions: ['workerd', 'worker', 'browser'], externalConditions: ['workerd', 'worker'] },
  },
  build: {
    ssr: fromRoot('./web/ssr/landing-server.tsx'),
    outDir: fromRoot('./worker/generated'),
    emptyOutDir: false,
    target: 'es2022',
    minify: true,
    sourcemap: false,
    copyPublicDir: false,
    rolldownOptions: {
      output: { entryFileNames: 'landing-ssr.js', codeSplitting: false },
      treeshake: {
        moduleSideEffects: [
          { test: /[\\/]web[\\/]ui[\\/][^\\/]+\.tsx?$/, sideEffects: false },
          { test: /[\\/]styled-system[\\/].+\.mjs$/, sideEffects: false },
          { test: /[\\/]worker[\\/]contract[\\/].+\.ts$/, sideEffects: false },
        ],
      },
    },
  },
});
