import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import pdfFontFiles from '../../worker/services/pdf/font-files.json';
import type { FontLoader } from '../../worker/services/pdf/fonts';

const require = createRequire(import.meta.url);

/** The Node side of the Worker's font loader: the same files, read from their npm packages. */
export const nodeFontLoader: FontLoader = async (file) =>
  new Uint8Array(await readFile(require.resolve(pdfFontFiles[file])));
