/** The longest side a stored evaluation photo keeps: enough to read a label, small enough to wait on a phone. */
const MAX_SIDE = 1600;

/**
 * A camera photo made into a JPEG of at most 1600 px on its longest side, on the device, before
 * it is stored to wait for a connection (a phone's 12 MP photo is 3-6 MB; this is about 300 KB).
 */
export async function resizePhoto(file: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No canvas');
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('No image'))), 'image/jpeg', 0.85),
  );
}
