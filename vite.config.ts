import { fileURLToPath } from 'node:url';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// The client lives in web/ and is built into dist/client, which the Worker serves as static
// assets (wrangler.toml [assets]). In dev, /api goes to `wrangler dev` on 8787.
export default defineConfig({
  root: 'web',
  publicDir: 'public',
  // lingui: compiles web/i18n/locales/<locale>.json?lingui imports (one chunk per language).
  plugins: [react(), lingui({ failOnCompileError: true })],
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
