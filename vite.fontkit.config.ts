import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const FONTKIT = createRequire(import.meta.url).resolve('@pdf-lib/fontkit/dist/fontkit.es.js');

/**
 * @pdf-lib/fontkit 1.1.1 ships as one pre-bundled file (1.2 MB) that carries, beside the TrueType
 * engine the PDFs use, the WOFF, WOFF2 (a Brotli decoder and its dictionary), TrueType-collection
 * and DFont readers, and iconv-lite with its Chinese, Japanese and Korean code pages. Every font
 * the Worker embeds is a Noto TTF with a Unicode cmap and Windows-Unicode names
 * (worker/services/pdf/font-files.json; test/unit/fontkit-slim.test.ts compares each one against
 * the package's own build), so none of those is ever run: they were 251 KB of the Worker's gzip.
 * This build leaves them out; a marker missing from a new fontkit version fails it.
 */
function ttfOnly(): Plugin {
  return {
    name: 'fontkit-ttf-only',
    transform(code, id) {
      if (id !== FONTKIT) return null;
      let out = code;
      const replace = (from: string, to: string, times: number) => {
        const found = out.split(from).length - 1;
        if (found !== times)
          throw new Error(`fontkit build: expected ${times} of ${JSON.stringify(from)}, found ${found}`);
        out = out.split(from).join(to);
      };
      // restructure decodes names through iconv-lite when it is there and keeps the bytes when it is
      // not; fontkit's cmap falls back to it only for a font without a Unicode cmap.
      replace('      iconv = lib;\n', '', 2);
      replace('if (!this.cmap && lib) {', 'if (false) {', 1);
      replace('var lib = createCommonjsModule(', 'var lib = null;\nvar iconvLite = createCommonjsModule(', 1);
      // The other font formats, from the WOFF reader to the last registration but TrueType's own.
      for (const format of ['WOFFFont', 'WOFF2Font', 'TrueTypeCollection', 'DFont']) {
        replace(`fontkit.registerFormat(${format});\n`, '', 1);
      }
      const from = out.indexOf('var WOFFDirectoryEntry = new restructure.Struct({');
      const to = out.indexOf('fontkit.registerFormat(TTFFont);');
      if (from < 0 || to < from) throw new Error('fontkit build: the WOFF to DFont section was not found');
      out = out.slice(0, from) + out.slice(to);
      // The bundle's CommonJS wrappers only define modules: marked pure, the unused ones drop out.
      out = out.replace(/= (createCommonjsModule|getCjsExportFromNamespace)\(/g, '= /*#__PURE__*/$1(');
      return { code: out, map: null };
    },
  };
}

/**
 * worker/generated/fontkit.js: fontkit for TrueType fonts only, the one the Worker imports
 * (worker/services/pdf/fonts.ts), so deploy, tests and bench run the same code. pako stays an
 * import, shared with pdf-lib. Runs in `npm run build`.
 */
export default defineConfig({
  plugins: [ttfOnly()],
  logLevel: 'warn',
  build: {
    ssr: FONTKIT,
    outDir: fromRoot('./worker/generated'),
    emptyOutDir: false,
    target: 'es2022',
    minify: false,
    sourcemap: false,
    copyPublicDir: false,
    rolldownOptions: {
      external: ['pako'],
      output: { entryFileNames: 'fontkit.js', codeSplitting: false },
    },
  },
});
