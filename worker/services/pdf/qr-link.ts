import {
  fill,
  PDFName,
  PDFString,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  setFillingRgbColor,
  type PDFDocument,
  type PDFPage,
} from 'pdf-lib';
import { qrMatrix, qrRuns } from './qr';

function drawQr(page: PDFPage, text: string, x: number, y: number, size: number) {
  const matrix = qrMatrix(text);
  const quiet = 2;
  const cell = size / (matrix.length + quiet * 2);
  page.drawRectangle({ x, y, width: size, height: size, color: rgb(1, 1, 1) });
  // Raw fills in one graphics state: drawRectangle costs a dozen operators per run, and a
  // training record draws a code for every certificate of a person.
  const operators = [pushGraphicsState(), setFillingRgbColor(0, 0, 0)];
  for (const run of qrRuns(matrix)) {
    operators.push(
      rectangle(
        x + (run.col + quiet) * cell,
        // PDF y grows upwards; QR row 0 is the top row. The small overlap avoids hairline seams.
        y + size - (run.row + quiet + 1) * cell,
        run.length * cell + 0.05,
        cell + 0.05,
      ),
      fill(),
    );
  }
  operators.push(popGraphicsState());
  page.pushOperators(...operators);
}

/** A clickable URI over the QR code: a reader on a screen can follow the same link the code holds. */
function addLink(doc: PDFDocument, page: PDFPage, url: string, rect: [number, number, number, number]) {
  const annotation = doc.context.register(
    doc.context.obj({
      Type: 'Annot',
      Subtype: 'Link',
      Rect: rect,
      Border: [0, 0, 0],
      A: { Type: 'Action', S: 'URI', URI: PDFString.of(url) },
    }),
  );
  // A page of a training record carries several codes: add to the page's links, never replace them.
  const existing = page.node.Annots();
  if (existing) existing.push(annotation);
  else page.node.set(PDFName.of('Annots'), doc.context.obj([annotation]));
}

/**
 * A QR code of `url` in the square whose lower-left corner is (`x`, `bottom`) and upper edge `top`
 * (`bottom + size` unless given: callers that lay out from the top pass it as they computed it),
 * with a link over it, so the printed copy scans and the screen copy clicks to the same page.
 */
export function drawQrLink(
  doc: PDFDocument,
  page: PDFPage,
  url: string,
  box: { x: number; bottom: number; size: number; top?: number },
) {
  const top = box.top ?? box.bottom + box.size;
  drawQr(page, url, box.x, box.bottom, box.size);
  addLink(doc, page, url, [box.x, box.bottom, box.x + box.size, top]);
}
