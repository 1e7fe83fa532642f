import jsQR from 'jsqr';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, type PDFObject } from 'pdf-lib';

/**
 * Reads the QR code a certificate PDF draws, with no PDF renderer: collects the pure-black filled
 * paths of page 1 (only the QR code is drawn in pure black), rasterises them and decodes the image
 * with jsQR. Proves what a phone camera would read from the printed page.
 */
export async function readQrFromPdf(bytes: Uint8Array): Promise<string | null> {
  const doc = await PDFDocument.load(bytes);
  const page = doc.getPage(0);
  const contents = page.node.Contents();
  const streams: PDFObject[] =
    contents instanceof PDFArray
      ? contents.asArray().map((ref) => doc.context.lookup(ref)!)
      : contents
        ? [contents]
        : [];
  const text = streams
    .map((stream) =>
      stream instanceof PDFRawStream ? new TextDecoder('latin1').decode(decodePDFRawStream(stream).decode()) : '',
    )
    .join('\n');

  const rects: { x0: number; y0: number; x1: number; y1: number }[] = [];
  let black = false;
  let tx = 0;
  let ty = 0;
  let xs: number[] = [];
  let ys: number[] = [];
  const stack: number[] = [];
  for (const token of text.split(/\s+/)) {
    if (token === '') continue;
    const n = Number(token);
    if (!Number.isNaN(n) && /^[-+.\d]/.test(token)) {
      stack.push(n);
      continue;
    }
    const args = stack.splice(0);
    switch (token) {
      case 'q':
        black = false;
        tx = 0;
        ty = 0;
        xs = [];
        ys = [];
        break;
      case 'rg':
        black = args.length === 3 && args.every((v) => v === 0);
        break;
      case 'cm':
        tx += args[4];
        ty += args[5];
        break;
      case 'm':
      case 'l':
        xs.push(args[0] + tx);
        ys.push(args[1] + ty);
        break;
      case 're':
        xs.push(args[0] + tx, args[0] + args[2] + tx);
        ys.push(args[1] + ty, args[1] + args[3] + ty);
        break;
      case 'f':
        if (black && xs.length)
          rects.push({ x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) });
        xs = [];
        ys = [];
        break;
      default:
        break;
    }
  }
  if (rects.length === 0) return null;

  const minX = Math.min(...rects.map((r) => r.x0));
  const minY = Math.min(...rects.map((r) => r.y0));
  const maxX = Math.max(...rects.map((r) => r.x1));
  const maxY = Math.max(...rects.map((r) => r.y1));
  const scale = 6;
  const margin = 24;
  const width = Math.ceil((maxX - minX) * scale) + margin * 2;
  const height = Math.ceil((maxY - minY) * scale) + margin * 2;
  const pixels = new Uint8ClampedArray(width * height * 4).fill(255);
  for (const r of rects) {
    const px0 = Math.round((r.x0 - minX) * scale) + margin;
    const px1 = Math.round((r.x1 - minX) * scale) + margin;
    // PDF y grows upwards, image rows grow downwards.
    const py0 = Math.round((maxY - r.y1) * scale) + margin;
    const py1 = Math.round((maxY - r.y0) * scale) + margin;
    for (let y = py0; y < py1; y++) {
      for (let x = px0; x < px1; x++) {
        const i = (y * width + x) * 4;
        pixels[i] = pixels[i + 1] = pixels[i + 2] = 0;
      }
    }
  }
  return jsQR(pixels, width, height)?.data ?? null;
}
