import packageFontkit, { type Glyph } from '@pdf-lib/fontkit';
import { describe, expect, it } from 'vitest';
import slimFontkit from '../../worker/generated/fontkit.js';
import pdfFontFiles from '../../worker/services/pdf/font-files.json';
import type { PdfFontFile } from '../../worker/services/pdf/fonts';
import { nodeFontLoader } from './pdf-fonts-node';

/*
 * The Worker's fontkit is the package's build without the WOFF/WOFF2/collection/DFont readers and
 * without iconv-lite (vite.fontkit.config.ts). That is only safe while every font the PDFs embed
 * reads the same through it: the names pdf-lib writes into the PDF, the glyphs a text lays out to,
 * and the subset bytes it embeds. Compared file by file against the package's own build.
 */

const SAMPLE =
  'Safety 2026 — Ünïcödé ÆØÅ ßŁ “quotes” فاطمة الزهراء अभिषेक शर्मा שרה สมชาย 김민준 王小明 தமிழ் Անի ნინო አበበ សុខ';

type Font = ReturnType<typeof packageFontkit.create>;

/** The subset's bytes as pdf-lib reads them (CustomFontSubsetEmbedder): a stream of chunks. */
function subsetBytes(font: Font, glyphs: Glyph[]) {
  const subset = font.createSubset();
  for (const glyph of glyphs) subset.includeGlyph(glyph);
  return new Promise<string>((resolve) => {
    const parts: Buffer[] = [];
    subset
      .encodeStream()
      .on('data', (bytes: Uint8Array) => parts.push(Buffer.from(bytes)))
      .on('end', () => resolve(Buffer.concat(parts).toString('base64')));
  });
}

async function summary(font: Font) {
  const run = font.layout(SAMPLE);
  return {
    names: [font.postscriptName, font.fullName, font.familyName, font.subfamilyName],
    unitsPerEm: font.unitsPerEm,
    numGlyphs: font.numGlyphs,
    glyphs: run.glyphs.map((glyph) => glyph.id),
    advances: run.positions.map((position) => position.xAdvance),
    subset: await subsetBytes(font, run.glyphs),
  };
}

describe('fontkit for TrueType fonts only', () => {
  it.each(Object.keys(pdfFontFiles) as PdfFontFile[])(
    'reads %s as the package does',
    async (file) => {
      const bytes = await nodeFontLoader(file);
      const slim = await summary(slimFontkit.create(bytes as never));
      expect(slim.names.every((name) => typeof name === 'string' && name.length > 0)).toBe(true);
      expect(slim).toEqual(await summary(packageFontkit.create(bytes as never)));
    },
    60_000,
  );

  it('has no reader for the formats it leaves out (a WOFF2 file is refused, not misread)', () => {
    const woff2 = new Uint8Array(64);
    woff2.set([0x77, 0x4f, 0x46, 0x32]); // "wOF2"
    expect(() => slimFontkit.create(woff2 as never)).toThrow(/Unknown font format/);
    expect(() => packageFontkit.create(woff2 as never)).not.toThrow(/Unknown font format/);
  });
});
