import { readFileSync } from 'node:fs';
import { copyFile, mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { areaOfMessage, catalogPath, compiledCatalog, SPLIT_AREAS } from './vite.catalogs';
import pdfFontFiles from './worker/services/pdf/font-files.json';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The Noto TTFs the Worker embeds (subsetted) in certificate PDFs are static assets under
 * /pdf-fonts/, copied from their npm packages: the Worker fetches one at first use through the
 * ASSETS binding, so none of them is bundled into the Worker (worker/services/pdf/fonts.ts).
 */
function pdfFonts(): Plugin {
  const require = createRequire(import.meta.url);
  return {
    name: 'pdf-fonts',
    apply: 'build',
    async writeBundle(options) {
      const dir = `${options.dir}/pdf-fonts`;
      await mkdir(dir, { recursive: true });
      await Promise.all(
        Object.entries(pdfFontFiles).map(([name, source]) => copyFile(require.resolve(source), `${dir}/${name}`)),
      );
    },
  };
}

/**
 * The app's catalogs built by area (vite.catalogs.ts): `./locales/<locale>.json?area=<area>&lingui`
 * is the compiled part of that language's catalog in `area` (`app`: what no split area takes). The
 * admin areas' own catalog files (locales/<area>/) still go through @lingui/vite-plugin.
 */
function catalogAreas(): Plugin {
  return {
    name: 'catalog-areas',
    enforce: 'pre',
    load(id) {
      // In dev, Vite puts `import&` before the query of an imported JSON file.
      const match = /[\\/]i18n[\\/]locales[\\/](\w+)\.json\?(?:import&)?area=([\w-]+)&lingui$/.exec(id);
      if (!match) return null;
      const [, locale = '', area = ''] = match;
      if (area !== 'app' && !Object.hasOwn(SPLIT_AREAS, area)) throw new Error(`No catalog area "${area}" (${id})`);
      this.addWatchFile(catalogPath('en'));
      this.addWatchFile(catalogPath(locale));
      return { code: compiledCatalog(locale, (message) => areaOfMessage(message) === area), moduleType: 'js' };
    },
  };
}

// The client lives in web/ and is built into dist/client, which the Worker serves as static
// assets (wrangler.toml [assets]). In dev, /api goes to `wrangler dev` on 8787.
/**
 * scorm-again's CrossFrameAPI, as its own classic script at /scorm-runtime/cross-frame-api.js: the
 * Worker adds it to a SCORM package's launch file, whose sandboxed (opaque-origin) document can
 * load a classic script from the platform but not a module (that would need CORS).
 */
function scormRuntimeScript(): Plugin {
  return {
    name: 'scorm-runtime-script',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'scorm-runtime/cross-frame-api.js',
        source: readFileSync(fromRoot('./node_modules/scorm-again/dist/cross-frame-api.min.js'), 'utf8').replace(
          /\n\/\/# sourceMappingURL=.*$/,
          '\n',
        ),
      });
    },
  };
}

// The client lives in web/ and is built into dist/client, which the Worker serves as static
// assets (wrangler.toml [assets]). In dev, /api goes to `wrangler dev` on 8787.
export default defineConfig({
  root: 'web',
  publicDir: 'public',
  // lingui: compiles web/i18n/locales/<locale>.json?lingui imports (one chunk per language).
  plugins: [catalogAreas(), react(), lingui({ failOnCompileError: true }), pdfFonts(), scormRuntimeScript()],
  resolve: {
    alias: {
      'styled-system': fromRoot('./styled-system'),
      '@contract': fromRoot('./worker/contract'),
    },
  },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:8787', changeOrigin: false },
    },
  },
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // A lazy route's own imports are found by the browser as it loads the route (one more round trip
    // for the modules no earlier page loaded), not named beforehand by Vite's preload helper: the
    // helper adds a <link rel=modulepreload> per module from script, about 50 for a learner page's
    // first load, in one task after the first paint that Lighthouse counted as 100-200 ms of
    // blocking time on a phone. The first page's own chunks start at once anyway (web/preload.ts).
    // The entry's imports stay named in index.html.
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
    rolldownOptions: {
      treeshake: {
        // The UI kit and Panda's generated runtime only define things (recipe objects, contexts,
        // the toaster store) at module level. Declaring them side-effect free lets a page that
        // imports one component from the '../ui' barrel skip the others and their Ark machines.
        moduleSideEffects: [
          { test: /[\\/]web[\\/]ui[\\/][^\\/]+\.tsx?$/, sideEffects: false },
          { test: /[\\/]styled-system[\\/].+\.mjs$/, sideEffects: false },
          // The contract only defines schemas, constants and pure functions: a page that imports
          // one date helper from web/format.ts (which re-exports formatFileSize) skips the admin
          // schemas behind it.
          { test: /[\\/]worker[\\/]contract[\\/].+\.ts$/, sideEffects: false },
        ],
      },
      output: {
        // Message catalogs are named by area and language (catalog-app-es-<hash>.js, catalog-field-es-<hash>.js,
        // catalog-admin-people-es-<hash>.js): the bench finds each language's first-load catalog by name.
        chunkFileNames: (chunk) => {
          const catalog = chunk.facadeModuleId?.match(
            /[\\/]i18n[\\/]locales[\\/](?:([a-z-]+)[\\/])?([a-z]{2})\.json(?:\?area=([\w-]+))?/,
          );
          const area = catalog?.[1] ?? catalog?.[3] ?? 'app';
          return catalog ? `assets/catalog-${area}-${catalog[2]}-[hash].js` : 'assets/[name]-[hash].js';
        },
        codeSplitting: {
          // Only lucide's own modules: by default a group also takes in what they import (React),
          // which would put the icons on the entry's path.
          includeDependenciesRecursively: false,
          // Every lucide icon shared by two lazy pages was its own ~0.3 KB chunk: a page waited on a
          // dozen tiny requests after its own chunk. One icons chunk is one request; the entry uses
          // no icon, so first-load JavaScript does not change.
          groups: [{ name: 'icons', test: /[\\/]node_modules[\\/]lucide-react[\\/]/ }],
        },
      },
    },
  },
});
