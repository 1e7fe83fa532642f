import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { PdfTextWriter } from '../../worker/services/pdf/text-writer';
import { graphemes, wrapText } from '../../worker/services/pdf/wrap-text';
import { nodeFontLoader } from './pdf-fonts-node';

/** A line fits when it has at most `n` grapheme clusters: the measure of a monospaced line. */
const upTo = (n: number) => (s: string) => graphemes(s).length <= n;

/** Every line is whole graphemes of the input: no lone surrogate, no mark without its base. */
function expectWholeGraphemes(lines: string[], text: string) {
  const all = new Set(graphemes(text));
  for (const line of lines) {
    // No lone surrogate (what String.prototype.isWellFormed checks, not in this project's ES2023 lib).
    expect(line, line).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
    for (const g of graphemes(line.replace(/\.\.\.$/, '')))
      if (g !== ' ') expect(all.has(g), `${JSON.stringify(g)} in ${line}`).toBe(true);
  }
}

describe('wrapText', () => {
  it('breaks between words, greedily, and keeps a no-break space together', () => {
    expect(wrapText('Fire safety and evacuation drills', upTo(12))).toEqual([
      'Fire safety',
      'and',
      'evacuation',
      'drills',
    ]);
    expect(wrapText('  several   blanks\tand\nlines ', upTo(40))).toEqual(['several blanks and lines']);
    expect(wrapText('Cycle\u00a02 (current) done', upTo(12))).toEqual(['Cycle\u00a02', '(current)', 'done']);
    expect(wrapText('', upTo(5))).toEqual([]);
  });

  it('cuts a CJK string with no spaces between characters, every line full', () => {
    const text = '高处作业安全培训与防坠落保护措施';
    const lines = wrapText(text, upTo(5));
    expect(lines).toEqual(['高处作业安', '全培训与防', '坠落保护措', '施']);
    expect(lines.join('')).toBe(text);
  });

  it('never splits a surrogate pair (CJK Extension B, emoji) or a ZWJ sequence', () => {
    const text = '𠀋𠀌𠀍𠀎𠀏👩‍🔧👩‍🔧👩‍🔧';
    const lines = wrapText(text, upTo(2));
    expect(lines).toEqual(['𠀋𠀌', '𠀍𠀎', '𠀏👩‍🔧', '👩‍🔧👩‍🔧']);
    expectWholeGraphemes(lines, text);
  });

  it('never separates a base letter from its combining marks, nor a Devanagari consonant from its vowel sign', () => {
    // "Zoë" spelled with a combining diaeresis, then Hindi with vowel signs and a virama.
    const text = 'Zoe\u0308Zoe\u0308 अनीताशर्मा';
    const lines = wrapText(text, upTo(3));
    expectWholeGraphemes(lines, text);
    expect(lines[0]).toBe('Zoe\u0308');
    expect(lines.join('').replace(/ /g, '')).toBe(text.replace(/ /g, ''));
    for (const line of lines) expect(line).not.toMatch(/^[\u0300-\u036f\u093e-\u094d]/);
  });

  it('wraps an Arabic phrase between words in logical order', () => {
    const text = 'التدريب الإلزامي على السلامة من الحرائق';
    const lines = wrapText(text, upTo(16));
    expect(lines).toEqual(['التدريب الإلزامي', 'على السلامة من', 'الحرائق']);
    expect(lines.join(' ')).toBe(text);
  });

  it('cuts a long word at its own joints (a URL, an e-mail address) when one is close enough', () => {
    expect(wrapText('https://training.example.com/certificate/verify/CERT-2026-000123', upTo(30))).toEqual([
      'https://training.example.com/',
      'certificate/verify/CERT-2026-',
      '000123',
    ]);
    // A joint further back than half the line is not worth the short line.
    expect(wrapText('a.bcdefghijklmnop', upTo(8))).toEqual(['a.bcdefg', 'hijklmno', 'p']);
  });

  it('keeps at most maxLines lines, the last shortened with an ellipsis to fit', () => {
    expect(wrapText('one two three four five six', upTo(9), 2)).toEqual(['one two', 'three...']);
    const cjk = wrapText('高处作业安全培训与防坠落保护措施', upTo(6), 1);
    expect(cjk).toEqual(['高处作...']);
    expect(wrapText('short', upTo(9), 1)).toEqual(['short']);
  });

  it('gives one grapheme a line when not even that fits, rather than looping or dropping text', () => {
    expect(wrapText('张伟', () => false)).toEqual(['张', '伟']);
  });

  it('wraps with real font widths through PdfTextWriter: Arabic and CJK lines fit their width', async () => {
    const doc = await PDFDocument.create();
    const arabic = 'التدريب الإلزامي على السلامة من الحرائق والإخلاء في حالات الطوارئ';
    const chinese = '高处作业安全培训与防坠落保护措施以及脚手架和移动升降平台的救援计划';
    const writer = await PdfTextWriter.create(
      doc,
      nodeFontLoader,
      [
        [arabic, 'sans'],
        [chinese, 'sans'],
      ],
      'rtl',
    );
    for (const text of [arabic, chinese]) {
      const lines = writer.wrap(text, 'sans', 10, 120);
      expect(lines.length).toBeGreaterThan(2);
      for (const line of lines) expect(writer.width(line, 'sans', 10)).toBeLessThanOrEqual(120);
      expect(lines.join(text === arabic ? ' ' : '')).toBe(text);
    }
  });
});

describe('PdfTextWriter in a right-to-left run', () => {
  /** The code points of the glyphs a line is drawn with, left to right on the page. */
  async function drawnCodePoints(text: string, direction: 'rtl' | 'ltr') {
    const writer = await PdfTextWriter.create(await PDFDocument.create(), nodeFontLoader, [[text, 'sans']], direction);
    const layout = (
      writer as unknown as {
        layout(t: string, r: string, d: string): { runs: { glyphs: { codePoints: number[] }[] }[] };
      }
    ).layout(text, 'sans', direction);
    return layout.runs
      .flatMap((run) => run.glyphs.flatMap((glyph) => glyph.codePoints))
      .map((c) => String.fromCodePoint(c));
  }

  it('draws brackets mirrored (UAX #9 L4), so "(الحالية)" opens on the right', async () => {
    const glyphs = await drawnCodePoints('الدورة (الحالية)', 'rtl');
    // Leftmost on the page is the logical closing bracket, drawn with the "(" glyph; rightmost of the run the opening one, drawn as ")".
    expect(glyphs[0]).toBe('(');
    expect(glyphs.indexOf(')')).toBeGreaterThan(0);
    // Left to right text keeps its brackets as they are.
    expect((await drawnCodePoints('Łódź (current)', 'ltr')).filter((c) => '()'.includes(c))).toEqual(['(', ')']);
  });
});
