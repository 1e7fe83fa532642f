import bidiFactory from 'bidi-js';
import {
  beginText,
  endText,
  type PDFDocument,
  type PDFFont,
  PDFHexString,
  PDFName,
  PDFOperator,
  PDFOperatorNames,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  setFillingColor,
  setFontAndSize,
  setTextMatrix,
  showText,
  StandardFonts,
  type RGB,
} from 'pdf-lib';
import type { Glyph, GlyphPosition } from '@pdf-lib/fontkit';
import { cachingFontkit, loadFont, type FontLoader, type PdfFontFile } from './fonts';
import { type Script, SCRIPT_FILES, scriptsIn, scriptOf, unprintable } from './scripts';
import { wrapText } from './wrap-text';

/**
 * Text on certificate PDFs in any script. A string the standard PDF font of its role can print
 * exactly (English and Spanish labels, most Latin names) is drawn with that font, as before, at
 * no cost. Anything else is split into runs by script, each run in the Noto font for its script
 * (Latin/Greek/Cyrillic share one; Arabic, Hebrew, the Indic scripts, Thai, Khmer, Korean, CJK
 * ... each its own: scripts.ts), shaped by fontkit (Arabic joining forms, Indic conjuncts and
 * vowel signs), ordered right-to-left where the Unicode bidi algorithm
 * (bidi-js) says so, and drawn glyph by glyph at the shaped positions. Each such string is wrapped
 * in a marked-content span whose /ActualText is the string itself, so copying or extracting the
 * text (pdftotext, a screen reader) gives exactly the name, not the shaped glyphs' guesses.
 */

export type FontRole = 'serif' | 'serifBold' | 'serifItalic' | 'sans' | 'sansBold' | 'sansItalic';

const STANDARD: Record<FontRole, StandardFonts> = {
  serif: StandardFonts.TimesRoman,
  serifBold: StandardFonts.TimesRomanBold,
  serifItalic: StandardFonts.TimesRomanBoldItalic,
  sans: StandardFonts.Helvetica,
  sansBold: StandardFonts.HelveticaBold,
  sansItalic: StandardFonts.HelveticaOblique,
};

/** Latin, Greek and Cyrillic in the role's own face; the other scripts by weight. */
const LATIN: Record<FontRole, PdfFontFile> = {
  serif: 'NotoSerif-Regular.ttf',
  serifBold: 'NotoSerif-Bold.ttf',
  serifItalic: 'NotoSerif-BoldItalic.ttf',
  sans: 'NotoSans-Regular.ttf',
  sansBold: 'NotoSans-Bold.ttf',
  sansItalic: 'NotoSans-Italic.ttf',
};
const BOLD_ROLES: ReadonlySet<FontRole> = new Set(['serifBold', 'serifItalic', 'sansBold']);

const bidi = bidiFactory();

const advances = new WeakMap<PDFFont, Map<string, number>>();

/**
 * The width of `text` as a standard font draws it. pdf-lib's widthOfTextAtSize adds the font's
 * kerning pairs, but drawText writes a plain Tj that viewers draw unkerned: a right-aligned or
 * centred line measured with kerning overshoots its edge (4 pt on "Fire Extinguisher Use: The PASS
 * Technique" in 10.5 pt bold). Each character's advance is read once per font.
 */
export function drawnWidth(font: PDFFont, text: string, size: number): number {
  let cache = advances.get(font);
  if (!cache) advances.set(font, (cache = new Map()));
  let width = 0;
  for (const ch of text) {
    let advance = cache.get(ch);
    if (advance === undefined) cache.set(ch, (advance = font.widthOfTextAtSize(ch, 1)));
    width += advance;
  }
  return width * size;
}

/** Whitespace runs become one space and the ends are trimmed: what every drawn string gets. */
export const normalizeText = (text: string) => text.replace(/[\t\n\r\f\v ]+/g, ' ').replace(/^ | $/g, '');

/**
 * Invisible bidi and format controls (LRM, RLM, ALM, embeddings, overrides, isolates, word joiner,
 * zero-width space, BOM). Intl puts some in its output (an Arabic percentage is "62.5\u200e%\u200e").
 * They steer the bidi algorithm but have no glyph: they are never drawn, where "?" would show.
 * ZWJ and ZWNJ are not among them: they change how Devanagari and Arabic are shaped.
 */
const CONTROLS = /[\u200b\u200e\u200f\u061c\u202a-\u202e\u2060\u2066-\u2069\ufeff]/g;
const isControl = (ch: string) => /^[\u200b\u200e\u200f\u061c\u202a-\u202e\u2060\u2066-\u2069\ufeff]$/.test(ch);

interface ShapedRun {
  /** The run's characters in logical order, and whether it is drawn right to left. */
  text: string;
  rtl: boolean;
  font: PDFFont;
  unitsPerEm: number;
  glyphs: Glyph[];
  positions: GlyphPosition[];
  /** In font units. */
  advance: number;
}

interface Layout {
  /** Drawn with one standard font; `runs` is empty. */
  standard: PDFFont | null;
  text: string;
  runs: ShapedRun[];
  /** Width in points at size 1. */
  unitWidth: number;
}

export interface DrawOptions {
  x: number;
  y: number;
  size: number;
  role: FontRole;
  color: RGB;
  /** Where `x` is: the start (left), the middle or the end (right) of the drawn text. */
  align?: 'left' | 'center' | 'right';
}

interface CustomFontInternals {
  subset: { includeGlyph(glyph: Glyph): number };
  glyphs: Glyph[];
  glyphIdMap: Map<number, number>;
  glyphCache: { invalidate(): void };
}

export class PdfTextWriter {
  private readonly layouts = new Map<string, Layout>();

  private constructor(
    private readonly standard: Record<FontRole, PDFFont>,
    private readonly charsets: Map<PDFFont, Set<number>>,
    private readonly custom: Map<PdfFontFile, { font: PDFFont; fk: ReturnType<typeof cachingFontkit.create> }>,
    private readonly direction: 'ltr' | 'rtl' | 'auto',
  ) {}

  /**
   * Embeds the standard fonts and loads the Noto fonts the given strings need (by role and
   * script). A string with a character no loaded font has (one drawn later that needs a font not
   * loaded here, or a character outside every bundled font) is refused: UnprintableTextError.
   * `direction` is the base direction of the document's language (rtl for Arabic labels); names
   * are drawn with their own (auto) direction whatever it is.
   */
  static async create(
    doc: PDFDocument,
    loader: FontLoader | null,
    items: Iterable<[text: string | null | undefined, role: FontRole]>,
    direction: 'ltr' | 'rtl' | 'auto' = 'auto',
  ): Promise<PdfTextWriter> {
    doc.registerFontkit(cachingFontkit);
    const roles = Object.keys(STANDARD) as FontRole[];
    const standardFonts = await Promise.all(roles.map((role) => doc.embedFont(STANDARD[role])));
    const standard = Object.fromEntries(roles.map((role, i) => [role, standardFonts[i]!])) as Record<FontRole, PDFFont>;
    const charsets = new Map(standardFonts.map((font) => [font, new Set(font.getCharacterSet())]));

    const files = new Set<PdfFontFile>();
    for (const [raw, role] of items) {
      const text = normalizeText(raw ?? '').replace(CONTROLS, '');
      const charset = charsets.get(standard[role])!;
      if ([...text].every((ch) => charset.has(ch.codePointAt(0)!))) continue;
      // Latin is also the fallback for spaces, digits and punctuation a script font lacks.
      files.add(LATIN[role]);
      for (const script of scriptsIn([text]))
        if (script !== 'latin') files.add(SCRIPT_FILES[script][BOLD_ROLES.has(role) ? 1 : 0]);
    }
    const custom = new Map<PdfFontFile, { font: PDFFont; fk: ReturnType<typeof cachingFontkit.create> }>();
    if (files.size > 0) {
      if (!loader) throw new Error('this text needs embedded fonts, and no font loader was given');
      const list = [...files];
      const bytes = await Promise.all(list.map((file) => loadFont(loader, file)));
      for (const [i, file] of list.entries()) {
        const font = await doc.embedFont(bytes[i]!, { subset: true });
        custom.set(file, { font, fk: cachingFontkit.create(bytes[i]!) });
      }
    }
    return new PdfTextWriter(standard, charsets, custom, direction);
  }

  /** The standard font of a role, for text known to be plain (numbers, URLs). */
  font(role: FontRole): PDFFont {
    return this.standard[role];
  }

  private layout(raw: string, role: FontRole, baseDirection: 'ltr' | 'rtl' | 'auto'): Layout {
    const text = normalizeText(raw);
    const key = `${role}|${baseDirection}|${text}`;
    const cached = this.layouts.get(key);
    if (cached) return cached;
    const layout = this.computeLayout(text, role, baseDirection);
    this.layouts.set(key, layout);
    return layout;
  }

  private computeLayout(text: string, role: FontRole, baseDirection: 'ltr' | 'rtl' | 'auto'): Layout {
    const std = this.standard[role];
    const charset = this.charsets.get(std)!;
    const chars = [...text];
    const plain = text.replace(CONTROLS, '');
    // Text the standard font prints is left to right (it has no right-to-left letters): controls change nothing.
    if ([...plain].every((ch) => charset.has(ch.codePointAt(0)!)))
      return { standard: std, text: plain, runs: [], unitWidth: drawnWidth(std, plain, 1) };

    const latin = this.custom.get(LATIN[role]);
    const fileFor = (script: Script): PdfFontFile =>
      script === 'latin' ? LATIN[role] : SCRIPT_FILES[script][BOLD_ROLES.has(role) ? 1 : 0];

    // Bidi levels per UTF-16 unit, read per character (a character's first unit).
    const { levels } = bidi.getEmbeddingLevels(text, baseDirection);
    const charLevels: number[] = [];
    let unit = 0;
    for (const ch of chars) {
      charLevels.push(levels[unit] ?? 0);
      unit += ch.length;
    }

    // Each character's font: its script's. A neutral one (space, digit, punctuation) goes with the
    // nearest character of the same bidi level that has a script (before it, else after it), so a
    // space between an Arabic and a Latin word stays with the word it is ordered with; else the
    // nearest script at all; in that font when it has the glyph, else in the Latin face.
    const scripts = chars.map((ch) => scriptOf(ch.codePointAt(0)!));
    const nearest = (i: number, sameLevel: boolean): Script | null => {
      for (let j = i - 1; j >= 0; j--)
        if (scripts[j] && (!sameLevel || charLevels[j] === charLevels[i])) return scripts[j]!;
      for (let j = i + 1; j < chars.length; j++)
        if (scripts[j] && (!sameLevel || charLevels[j] === charLevels[i])) return scripts[j]!;
      return null;
    };
    const fonts: (PdfFontFile | null)[] = chars.map((ch, i) => {
      const context = scripts[i] ?? nearest(i, true) ?? nearest(i, false) ?? 'latin';
      const code = ch.codePointAt(0)!;
      return (
        [fileFor(context), LATIN[role]].find((file) => this.custom.get(file)?.fk.hasGlyphForCodePoint(code)) ?? null
      );
    });

    // Logical runs of one font and one level.
    const logical: { file: PdfFontFile | null; level: number; text: string }[] = [];
    for (let i = 0; i < chars.length; i++) {
      if (isControl(chars[i]!)) continue;
      const last = logical[logical.length - 1];
      if (last && last.file === fonts[i] && last.level === charLevels[i]) last.text += chars[i];
      else logical.push({ file: fonts[i] ?? null, level: charLevels[i]!, text: chars[i]! });
    }
    // Visual order (UAX #9 rule L2): from the highest level down to the lowest odd one, reverse
    // every stretch of runs at that level or above.
    const visual = [...logical];
    const maxLevel = Math.max(...visual.map((r) => r.level));
    const minOdd = Math.min(...visual.map((r) => (r.level % 2 === 1 ? r.level : Number.POSITIVE_INFINITY)));
    for (let level = maxLevel; level >= minOdd && Number.isFinite(minOdd); level--) {
      for (let i = 0; i < visual.length; ) {
        if (visual[i]!.level < level) {
          i++;
          continue;
        }
        let j = i;
        while (j < visual.length && visual[j]!.level >= level) j++;
        const reversed = visual.slice(i, j).reverse();
        visual.splice(i, j - i, ...reversed);
        i = j;
      }
    }

    const runs: ShapedRun[] = [];
    let unitWidth = 0;
    // A character no loaded font has is never drawn as "?" nor dropped: the PDF is refused.
    const missing = visual.filter((run) => !run.file).flatMap((run) => [...run.text].map((ch) => ch.codePointAt(0)!));
    if (missing.length > 0 || !latin) throw unprintable(missing);
    for (const run of visual) {
      const entry = this.custom.get(run.file!)!;
      const shownText = run.text;
      const direction = run.level % 2 === 1 ? 'rtl' : 'ltr';
      // UAX #9 rule L4: in a right-to-left run a paired mark is drawn as its mirror image, so
      // "(الحالية)" shows its brackets opening on the right (fontkit does not mirror by itself).
      // The text layer keeps the characters as written.
      const shapedText =
        direction === 'rtl' ? [...shownText].map((ch) => bidi.getMirroredCharacter(ch) ?? ch).join('') : shownText;
      const layoutWith = entry.fk.layout as unknown as (
        s: string,
        f: string[],
        script?: string,
        lang?: string,
        dir?: string,
      ) => { glyphs: Glyph[]; positions: GlyphPosition[] };
      const shaped = layoutWith.call(entry.fk, shapedText, [], undefined, undefined, direction);
      const advance = shaped.positions.reduce((sum, p) => sum + p.xAdvance, 0);
      runs.push({
        text: shownText,
        rtl: direction === 'rtl',
        font: entry.font,
        unitsPerEm: entry.fk.unitsPerEm,
        glyphs: shaped.glyphs,
        positions: shaped.positions,
        advance,
      });
      unitWidth += advance / entry.fk.unitsPerEm;
    }
    return { standard: null, text, runs, unitWidth };
  }

  /** Width in points. */
  width(text: string, role: FontRole, size: number, direction = this.direction): number {
    return this.layout(text, role, direction).unitWidth * size;
  }

  /** Largest size <= `size` (and >= `min`) at which `text` fits `maxWidth`. */
  fitSize(text: string, role: FontRole, size: number, maxWidth: number, min: number): number {
    let s = size;
    while (s > min && this.width(text, role, s) > maxWidth) s -= 0.5;
    return s;
  }

  /**
   * Draws one line. `direction` defaults to the document's; a person's name passes 'auto' so it
   * reads in its own direction.
   */
  draw(page: PDFPage, raw: string, o: DrawOptions, direction = this.direction): void {
    const layout = this.layout(raw, o.role, direction);
    const width = layout.unitWidth * o.size;
    const x = o.align === 'center' ? o.x - width / 2 : o.align === 'right' ? o.x - width : o.x;
    if (layout.standard) {
      if (layout.text) page.drawText(layout.text, { x, y: o.y, size: o.size, font: layout.standard, color: o.color });
      return;
    }
    const doc = page.doc;
    const operators: PDFOperator[] = [pushGraphicsState()];
    let pen = x;
    for (const run of layout.runs) {
      // Each run is a marked-content span whose /ActualText is its text, so extraction (pdftotext,
      // copy, a screen reader) reads the characters, not the shaped glyphs (whose own Unicode
      // mapping cannot express reordered vowel signs or joined Arabic forms). Like the glyphs, a
      // right-to-left run's text is given in drawing order: extractors put it back to reading order.
      const actual = run.rtl ? [...run.text].reverse().join('') : run.text;
      operators.push(
        PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [
          PDFName.of('Span'),
          doc.context.obj({ ActualText: PDFHexString.fromText(actual) }) as never,
        ]),
        beginText(),
        setFillingColor(o.color),
      );
      const scale = o.size / run.unitsPerEm;
      const key = page.node.newFontDictionary(run.font.name, run.font.ref);
      operators.push(setFontAndSize(key, o.size));
      const internals = (run.font as unknown as { embedder: CustomFontInternals }).embedder;
      // Marks the font as used, so pdf-lib writes its subset when the document is saved.
      run.font.encodeText('');
      for (const [i, glyph] of run.glyphs.entries()) {
        const position = run.positions[i]!;
        const subsetId = internals.subset.includeGlyph(glyph);
        internals.glyphs[subsetId - 1] = glyph;
        internals.glyphIdMap.set(glyph.id, subsetId);
        operators.push(
          setTextMatrix(1, 0, 0, 1, pen + position.xOffset * scale, o.y + position.yOffset * scale),
          showText(PDFHexString.of(subsetId.toString(16).padStart(4, '0'))),
        );
        pen += position.xAdvance * scale;
      }
      internals.glyphCache.invalidate();
      operators.push(endText(), PDFOperator.of(PDFOperatorNames.EndMarkedContent));
    }
    operators.push(popGraphicsState());
    page.pushOperators(...operators);
  }

  /**
   * Greedy word wrap into at most `maxLines` lines, the last ellipsised if needed; a word wider
   * than a line is cut between grapheme clusters (wrap-text.ts). `direction` as for `draw`.
   */
  wrap(
    text: string,
    role: FontRole,
    size: number,
    maxWidth: number,
    maxLines = Number.POSITIVE_INFINITY,
    direction = this.direction,
  ): string[] {
    return wrapText(
      normalizeText(text),
      (candidate) => this.width(candidate, role, size, direction) <= maxWidth,
      maxLines,
    );
  }
}
