import type { PDFFont } from 'pdf-lib';
import { normalizeText, type FontRole, type PdfTextWriter } from './text-writer';

/**
 * Standard fonts only speak WinAnsi: accents are kept where WinAnsi has them, otherwise folded
 * (NFKD without combining marks), and anything still unencodable becomes "?" instead of failing
 * the whole certificate.
 */
const FOLD: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ŀ: 'L',
  ŀ: 'l',
  Ŧ: 'T',
  ŧ: 't',
  ĸ: 'k',
  Ŋ: 'N',
  ŋ: 'n',
};

const characterSets = new WeakMap<PDFFont, Set<number>>();

export function encodable(font: PDFFont, text: string): string {
  // A multi-page record calls this hundreds of times: build each font's set once.
  let supported = characterSets.get(font);
  if (!supported) {
    supported = new Set(font.getCharacterSet());
    characterSets.set(font, supported);
  }
  let out = '';
  for (const ch of text.replace(/\s+/g, ' ').trim()) {
    const code = ch.codePointAt(0)!;
    if (supported.has(code)) {
      out += ch;
      continue;
    }
    const folded = FOLD[ch] ?? ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
    out += [...folded].every((c) => supported.has(c.codePointAt(0)!)) && folded ? folded : '?';
  }
  return out;
}

/** Letter-spaced capitals, the engraved look of a title line. */
export function spaced(text: string): string {
  return text
    .toUpperCase()
    .split('')
    .join('\u00a0')
    .replace(/\u00a0 \u00a0/g, '\u00a0\u00a0\u00a0');
}

/** Letter-spaced capitals where the standard font prints the text; other scripts have no capitals to space. */
export function spacedIfLatin(text: string, writer: PdfTextWriter, role: FontRole): string {
  const font = writer.font(role);
  return encodable(font, text) === normalizeText(text) ? spaced(text) : text;
}
