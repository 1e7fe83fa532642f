import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, type PDFObject } from 'pdf-lib';

// WinAnsi differs from Latin-1 only in 0x80-0x9F.
const WIN_ANSI_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

function winAnsi(hex: string): string {
  let out = '';
  for (let i = 0; i + 1 < hex.length; i += 2) {
    const code = parseInt(hex.slice(i, i + 2), 16);
    out += code >= 0x80 && code <= 0x9f ? WIN_ANSI_HIGH[code - 0x80] : String.fromCharCode(code);
  }
  return out;
}

/** One string a page draws: where it starts, in which standard font (its BaseFont) and size. */
export interface TextRun {
  text: string;
  x: number;
  y: number;
  size: number;
  font: string;
}

/**
 * The strings each page draws, read back from the content streams with no PDF renderer. Holds for
 * pages drawn by pdf-lib with standard fonts: every string is WinAnsi hex placed by a `Tm`.
 */
export async function readPdfRuns(bytes: Uint8Array): Promise<TextRun[][]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((page) => {
    const fontDict = page.node.Resources()?.lookupMaybe(PDFName.of('Font'), PDFDict);
    const baseFont = (name: string) =>
      String(fontDict?.lookupMaybe(PDFName.of(name), PDFDict)?.get(PDFName.of('BaseFont')) ?? name).replace(/^\//, '');
    const contents = page.node.Contents();
    const streams: PDFObject[] =
      contents instanceof PDFArray
        ? contents.asArray().map((ref) => doc.context.lookup(ref)!)
        : contents
          ? [contents]
          : [];
    const source = streams
      .map((stream) =>
        stream instanceof PDFRawStream ? new TextDecoder('latin1').decode(decodePDFRawStream(stream).decode()) : '',
      )
      .join('\n');

    const runs: TextRun[] = [];
    let font = '';
    let size = 0;
    let x = 0;
    let y = 0;
    const pattern = /\/(\S+)\s+([\d.]+)\s+Tf|(-?[\d.]+)\s+(-?[\d.]+)\s+Tm|<([0-9A-Fa-f]*)>\s*Tj/g;
    for (const match of source.matchAll(pattern)) {
      if (match[1]) {
        font = baseFont(match[1]);
        size = Number(match[2]);
      } else if (match[3]) {
        x = Number(match[3]);
        y = Number(match[4]);
      } else runs.push({ text: winAnsi(match[5]), x, y, size, font });
    }
    return runs;
  });
}

/** The text of each page, one drawn string per line. */
export async function readPdfText(bytes: Uint8Array): Promise<string[]> {
  return (await readPdfRuns(bytes)).map((runs) => runs.map((run) => run.text).join('\n'));
}

const pdftotextDir = mkdtempSync(join(tmpdir(), 'pdftotext-'));
let pdftotextFiles = 0;

/** pdftotext's lines, without the embedding marks (U+202A-U+202E) it puts around right-to-left lines. */
export function pdftotextLines(bytes: Uint8Array): string[] {
  const file = join(pdftotextDir, `p${pdftotextFiles++}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'])
    .toString('utf8')
    .split('\n')
    .map((line) => line.replace(/[\u202a-\u202e]/g, '').trim())
    .filter(Boolean);
}
