import type pdfFontFiles from './font-files.json';

/**
 * The Noto fonts certificate PDFs embed for what the standard PDF fonts cannot print: Latin with
 * every diacritic, Greek and Cyrillic (Noto Sans / Noto Serif), Arabic, Devanagari and CJK
 * (Simplified Chinese, which also covers the common Japanese kanji). The TTFs come from the
 * `@expo-google-fonts/noto-*` packages and are served as static assets under /pdf-fonts/ (the
 * Vite build copies them, vite.config.ts); they are never bundled into the Worker. Each file is
 * fetched at first use, parsed once and kept for the life of the isolate; a PDF embeds only the
 * glyphs it draws (pdf-lib subsetting).
 */
export type PdfFontFile = keyof typeof pdfFontFiles;
export const PDF_FONT_PATH = '/pdf-fonts/';

/** Reads one font file's bytes (the Worker: the ASSETS binding; Node tests: node_modules). */
export type FontLoader = (file: PdfFontFile) => Promise<Uint8Array>;

/** The ASSETS binding's font loader: a plain GET of /pdf-fonts/<file>, answered by the asset store. */
export function assetsFontLoader(assets: Fetcher): FontLoader {
  return async (file) => {
    const response = await assets.fetch(new Request(`https://assets.invalid${PDF_FONT_PATH}${file}`));
    if (!response.ok)
      throw new Error(`font ${file} not available from static assets (${response.status}); run the build`);
    return new Uint8Array(await response.arrayBuffer());
  };
}

/** The Worker's loader: the ASSETS binding when the Worker has static assets (always, deployed or local). */
export function fontsFor(env: { ASSETS?: Fetcher }): FontLoader | null {
  return env.ASSETS ? assetsFontLoader(env.ASSETS) : null;
}
