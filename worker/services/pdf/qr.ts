import qrcode from 'qrcode-generator';

/**
 * The QR modules of `text` (true = dark), smallest version that fits, error correction M: a
 * printed certificate survives folds and smudges, and a verification URL stays a small code.
 */
export function qrMatrix(text: string): boolean[][] {
  const qr = qrcode(0, 'M');
  qr.addData(text, 'Byte');
  qr.make();
  const size = qr.getModuleCount();
  return Array.from({ length: size }, (_, row) => Array.from({ length: size }, (_, col) => qr.isDark(row, col)));
}

/**
 * Dark modules merged into horizontal runs, so the PDF draws a few hundred rectangles instead of
 * one per module (smaller file, faster render). Coordinates are in modules, row 0 at the top.
 */
export function qrRuns(matrix: boolean[][]): { row: number; col: number; length: number }[] {
  const runs: { row: number; col: number; length: number }[] = [];
  matrix.forEach((cells, row) => {
    let col = 0;
    while (col < cells.length) {
      if (!cells[col]) {
        col += 1;
        continue;
      }
      const start = col;
      while (col < cells.length && cells[col]) col += 1;
      runs.push({ row, col: start, length: col - start });
    }
  });
  return runs;
}
