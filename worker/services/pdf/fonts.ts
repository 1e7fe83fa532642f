// fontkit's Indic and Universal shapers were compiled with Babel's regenerator and look for a
// global `regeneratorRuntime` when they run (Devanagari): provide it before any shaping.
import 'regenerator-runtime/runtime.js';
// fontkit for TrueType fonts only (vite.fontkit.config.ts): what the PDFs embed, a quarter of its size.
import fontkit from '../../generated/fontkit.js';

export { fontsFor, type FontLoader, type PdfFontFile } from './font-loader';
import type { FontLoader, PdfFontFile } from './font-loader';

type FontkitFont = ReturnType<typeof fontkit.create>;

/** Bytes and parsed font per file, per isolate: the first certificate pays the fetch and parse. */
const loaded = new Map<PdfFontFile, Promise<Uint8Array>>();
const parsed = new WeakMap<Uint8Array, FontkitFont>();

export function loadFont(loader: FontLoader, file: PdfFontFile): Promise<Uint8Array> {
  let bytes = loaded.get(file);
  if (!bytes) {
    bytes = loader(file);
    loaded.set(file, bytes);
    // A failed fetch is not remembered: the next certificate tries again.
    bytes.catch(() => loaded.delete(file));
  }
  return bytes;
}

let subsetPatched = false;

/**
 * fontkit's TrueType subsetter writes a short `loca` table (offsets halved) whenever the subset is
 * under 128 KB, but copies each glyph's data unpadded: a glyph of odd length (common in Noto Sans
 * SC, whose glyphs carry no hinting) shifts every later offset by half a byte and the viewer draws
 * nothing for them. Padding each glyph to an even length (allowed by the format) keeps offsets exact.
 */
function padSubsetGlyphs(font: FontkitFont): void {
  if (subsetPatched) return;
  const proto = Object.getPrototypeOf(font.createSubset()) as {
    _addGlyph: (
      this: { glyf: { length: number; copy(target: unknown): void; constructor: unknown }[]; offset: number },
      gid: number,
    ) => number;
  };
  const addGlyph = proto._addGlyph;
  proto._addGlyph = function (gid) {
    const index = addGlyph.call(this, gid);
    const data = this.glyf[index]!;
    if (data.length % 2 === 1) {
      const BufferClass = data.constructor as { alloc(size: number): typeof data };
      const padded = BufferClass.alloc(data.length + 1);
      data.copy(padded);
      this.glyf[index] = padded;
      this.offset += 1;
    }
    return index;
  };
  subsetPatched = true;
}

let anchorsPatched = false;

/**
 * OpenType lets a mark-to-base or mark-to-ligature record leave a base's anchor empty (a NULL
 * offset: this mark does not attach to that base), which Noto Sans Telugu does; fontkit reads the
 * empty anchor's coordinates and throws, so a Telugu name could not be laid out at all. As the
 * format (and HarfBuzz) says, such a mark keeps its own position.
 */
function skipEmptyAnchors(font: FontkitFont): void {
  if (anchorsPatched) return;
  const gpos = (font as unknown as { _layoutEngine?: { engine?: { GPOSProcessor?: object | null } } })._layoutEngine
    ?.engine?.GPOSProcessor;
  if (!gpos) return;
  const proto = Object.getPrototypeOf(gpos) as {
    applyAnchor: (this: unknown, markRecord: { markAnchor: unknown }, baseAnchor: unknown, index: number) => void;
  };
  const applyAnchor = proto.applyAnchor;
  proto.applyAnchor = function (markRecord, baseAnchor, index) {
    if (!baseAnchor || !markRecord?.markAnchor) return;
    applyAnchor.call(this, markRecord, baseAnchor, index);
  };
  anchorsPatched = true;
}

/**
 * The fontkit pdf-lib is given: the same bytes (from the isolate cache) give the same parsed font,
 * so a warm certificate does not parse a 10 MB CJK font again. Each document still makes its own
 * subset.
 */
export const cachingFontkit = {
  create(bytes: Uint8Array): FontkitFont {
    let font = parsed.get(bytes);
    if (!font) {
      font = fontkit.create(bytes as never);
      padSubsetGlyphs(font);
      skipEmptyAnchors(font);
      parsed.set(bytes, font);
    }
    return font;
  },
};
