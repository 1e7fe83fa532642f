/**
 * The QR modules of `text` (true = dark), smallest version that fits, error correction M: a
 * printed certificate survives folds and smudges, and a verification URL stays a small code.
 */
export declare function qrMatrix(text: string): boolean[][];
/**
 * Dark modules merged into horizontal runs, so the PDF draws a few hundred rectangles instead of
 * one per module (smaller file, faster render). Coordinates are in modules, row 0 at the top.
 */
export declare function qrRuns(matrix: boolean[][]): {
    row: number;
    col: number;
    length: number;
}[];
