const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * A drawn signature's bytes from its PNG data URL: 'invalid' when it is not base64 of a PNG,
 * 'tooLarge' past `maxBytes` decoded. Shared by evaluation acknowledgements and toolbox talks, each
 * answering with its own refusal.
 */
export function signaturePng(dataUrl: string, maxBytes: number): Uint8Array | 'invalid' | 'tooLarge' {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  let binary: string;
  try {
    binary = atob(base64);
  } catch {
    return 'invalid';
  }
  if (binary.length > maxBytes) return 'tooLarge';
  const bytes = Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
  if (!PNG.every((b, i) => bytes[i] === b)) return 'invalid';
  return bytes;
}
