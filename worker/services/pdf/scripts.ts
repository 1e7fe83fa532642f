import type { PdfFontFile } from './font-loader';

/**
 * Which Noto font a character needs. Latin, Greek and Cyrillic share Noto Sans / Noto Serif (the
 * role's own face); every other script has its own family, loaded only when a string on the page
 * has a character of it. Korean is tested before CJK: the Hangul compatibility jamo sit inside the
 * CJK block range below, and Noto Sans SC has no Hangul.
 */
export type Script =
  | 'latin'
  | 'arabic'
  | 'hebrew'
  | 'armenian'
  | 'devanagari'
  | 'bengali'
  | 'tamil'
  | 'telugu'
  | 'thai'
  | 'georgian'
  | 'ethiopic'
  | 'khmer'
  | 'korean'
  | 'cjk';

export const SCRIPT_FILES: Record<Exclude<Script, 'latin'>, [regular: PdfFontFile, bold: PdfFontFile]> = {
  arabic: ['NotoSansArabic-Regular.ttf', 'NotoSansArabic-Bold.ttf'],
  hebrew: ['NotoSansHebrew-Regular.ttf', 'NotoSansHebrew-Bold.ttf'],
  armenian: ['NotoSansArmenian-Regular.ttf', 'NotoSansArmenian-Bold.ttf'],
  devanagari: ['NotoSansDevanagari-Regular.ttf', 'NotoSansDevanagari-Bold.ttf'],
  bengali: ['NotoSansBengali-Regular.ttf', 'NotoSansBengali-Bold.ttf'],
  tamil: ['NotoSansTamil-Regular.ttf', 'NotoSansTamil-Bold.ttf'],
  telugu: ['NotoSansTelugu-Regular.ttf', 'NotoSansTelugu-Bold.ttf'],
  thai: ['NotoSansThai-Regular.ttf', 'NotoSansThai-Bold.ttf'],
  georgian: ['NotoSansGeorgian-Regular.ttf', 'NotoSansGeorgian-Bold.ttf'],
  ethiopic: ['NotoSansEthiopic-Regular.ttf', 'NotoSansEthiopic-Bold.ttf'],
  khmer: ['NotoSansKhmer-Regular.ttf', 'NotoSansKhmer-Bold.ttf'],
  korean: ['NotoSansKR-Regular.ttf', 'NotoSansKR-Bold.ttf'],
  cjk: ['NotoSansSC-Regular.ttf', 'NotoSansSC-Bold.ttf'],
};

/**
 * Names the bundled font set, for certificates whose PDF it could not print (`pdf_refused_fonts`):
 * the cron backfill tries such a certificate again only under another font set. Adding a script
 * changes it by itself; replacing a font file with one that has more glyphs needs the date bumped.
 */
export const PDF_FONT_SET = `noto-2026-11-28:${Object.keys(SCRIPT_FILES).join(',')}`;

/** Unicode blocks per script, [first, last] inclusive. */
const RANGES: [Script, number, number][] = [
  // Arabic digits and punctuation stay with the Arabic font (the Latin one lacks them).
  ['arabic', 0x0600, 0x06ff],
  ['arabic', 0x0750, 0x077f],
  ['arabic', 0x08a0, 0x08ff],
  ['arabic', 0xfb50, 0xfdff],
  ['arabic', 0xfe70, 0xfeff],
  ['hebrew', 0x0590, 0x05ff],
  ['hebrew', 0xfb1d, 0xfb4f],
  ['armenian', 0x0530, 0x058f],
  ['armenian', 0xfb13, 0xfb17],
  ['devanagari', 0x0900, 0x097f],
  ['devanagari', 0xa8e0, 0xa8ff],
  ['devanagari', 0x1cd0, 0x1cff],
  ['bengali', 0x0980, 0x09ff],
  ['tamil', 0x0b80, 0x0bff],
  ['tamil', 0x11fc0, 0x11fff],
  ['telugu', 0x0c00, 0x0c7f],
  ['thai', 0x0e00, 0x0e7f],
  ['georgian', 0x10a0, 0x10ff],
  ['georgian', 0x1c90, 0x1cbf],
  ['georgian', 0x2d00, 0x2d2f],
  ['ethiopic', 0x1200, 0x139f],
  ['ethiopic', 0x2d80, 0x2ddf],
  ['ethiopic', 0xab00, 0xab2f],
  ['ethiopic', 0x1e7e0, 0x1e7ff],
  ['khmer', 0x1780, 0x17ff],
  ['khmer', 0x19e0, 0x19ff],
  ['korean', 0x1100, 0x11ff],
  ['korean', 0x3130, 0x318f],
  ['korean', 0xa960, 0xa97f],
  ['korean', 0xac00, 0xd7ff],
  ['cjk', 0x2e80, 0x9fff],
  ['cjk', 0xf900, 0xfaff],
  ['cjk', 0xff00, 0xffef],
  ['cjk', 0x20000, 0x3ffff],
  ['latin', 0x41, 0x5a],
  ['latin', 0x61, 0x7a],
  ['latin', 0xc0, 0x24f],
  ['latin', 0x370, 0x52f],
  ['latin', 0x1e00, 0x1fff],
];

/** The script a character needs a font for; null for characters any font may carry (spaces, digits, punctuation). */
export function scriptOf(codePoint: number): Script | null {
  for (const [script, first, last] of RANGES) if (codePoint >= first && codePoint <= last) return script;
  return null;
}

/** Every script a set of strings needs: what a document loads fonts for. */
export function scriptsIn(texts: Iterable<string>): Set<Script> {
  const found = new Set<Script>();
  for (const text of texts) {
    for (const ch of text) {
      const script = scriptOf(ch.codePointAt(0)!);
      if (script) found.add(script);
    }
  }
  return found;
}

/**
 * A string with a character no bundled font can draw. The PDF is refused rather than printed with
 * "?" in a person's name: the error names the code points (not the text, which is personal data).
 */
export class UnprintableTextError extends Error {
  constructor(readonly codePoints: number[]) {
    const list = codePoints.map((c) => `U+${c.toString(16).toUpperCase().padStart(4, '0')}`).join(' ');
    super(`no PDF font has a glyph for ${list}`);
    this.name = 'UnprintableTextError';
  }
}

/** Logs the refusal (one JSON line, as the Worker's other errors) and gives the error to throw. */
export function unprintable(codePoints: number[]): UnprintableTextError {
  const error = new UnprintableTextError([...new Set(codePoints)]);
  console.error(JSON.stringify({ level: 'error', event: 'pdf.unprintable_text', error: error.message }));
  return error;
}
