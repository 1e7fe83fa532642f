import jsQR from 'jsqr';
import type { Locator, Page } from 'playwright-core';

/**
 * What a phone camera reads from the screen: the element's screenshot (whatever draws the QR: an
 * image, an SVG, a canvas), turned into pixels by the browser's own PNG decoder on a canvas, then
 * decoded with jsQR. No PNG parsing of our own.
 */
export async function scanQr(element: Locator): Promise<string> {
  return scanQrPng(element.page(), await element.screenshot());
}

/** The same for a picture already taken (a printed card rendered to PNG, e.g. by pdftoppm). */
export async function scanQrPng(page: Page, png: Buffer): Promise<string> {
  const pixels = await page.evaluate(
    async (dataUrl: string) => {
      const image = new Image();
      image.src = dataUrl;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      const context = canvas.getContext('2d') as CanvasRenderingContext2D;
      context.drawImage(image, 0, 0);
      const data = context.getImageData(0, 0, canvas.width, canvas.height);
      // The pixels leave the page as one base64 string: as an array of numbers (a million of them for
      // the trainer's screen) the DevTools protocol took 16-18 s per scan on a loaded machine, long
      // enough for the code on screen to turn before the phone used it.
      let binary = '';
      for (let i = 0; i < data.data.length; i += 0x8000) {
        binary += String.fromCharCode(...data.data.subarray(i, i + 0x8000));
      }
      return { width: data.width, height: data.height, rgba: btoa(binary) };
    },
    `data:image/png;base64,${png.toString('base64')}`,
  );
  const found = jsQR(new Uint8ClampedArray(Buffer.from(pixels.rgba, 'base64')), pixels.width, pixels.height);
  if (!found) throw new Error('no QR code read from the picture');
  return found.data;
}
