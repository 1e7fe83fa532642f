import type { MaterialType } from '../contract/course';

/*
 * Upload types: the extension decides the material type, the first bytes must agree. A ".pdf"
 * that is really an HTML page or an executable is refused, so a learner's browser never gets
 * something other than what the admin screen says it is.
 */

export interface FileKind {
  ext: string;
  type: MaterialType;
  contentType: string;
  /** Human name for error messages. */
  label: string;
  matches(head: Uint8Array): boolean;
}

const startsWith = (head: Uint8Array, bytes: readonly number[], offset = 0) =>
  head.length >= offset + bytes.length && bytes.every((b, i) => head[offset + i] === b);
const ascii = (text: string) => [...text].map((ch) => ch.charCodeAt(0));

const PDF = ascii('%PDF-');
const FTYP = ascii('ftyp');
const EBML = [0x1a, 0x45, 0xdf, 0xa3];
const OGG = ascii('OggS');
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP = [0x50, 0x4b, 0x03, 0x04];

const KINDS: Record<string, FileKind> = {
  pdf: { ext: 'pdf', type: 'PDF', contentType: 'application/pdf', label: 'PDF', matches: (h) => startsWith(h, PDF) },
  mp4: {
    ext: 'mp4',
    type: 'VIDEO',
    contentType: 'video/mp4',
    label: 'MP4 video',
    matches: (h) => startsWith(h, FTYP, 4),
  },
  webm: {
    ext: 'webm',
    type: 'VIDEO',
    contentType: 'video/webm',
    label: 'WebM video',
    matches: (h) => startsWith(h, EBML),
  },
  ogg: { ext: 'ogg', type: 'VIDEO', contentType: 'video/ogg', label: 'OGG video', matches: (h) => startsWith(h, OGG) },
  ppt: {
    ext: 'ppt',
    type: 'PPT',
    contentType: 'application/vnd.ms-powerpoint',
    label: 'PowerPoint',
    matches: (h) => startsWith(h, OLE),
  },
  pptx: {
    ext: 'pptx',
    type: 'PPT',
    contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    label: 'PowerPoint',
    matches: (h) => startsWith(h, ZIP),
  },
};

/** How many leading bytes `matchesContent` needs. */
/** A PDF by its first bytes (a talk topic's handout). */
export const isPdf = (head: Uint8Array) => startsWith(head, PDF);

export const MAGIC_BYTES_NEEDED = 16;

export function extensionOf(fileName: string): string {
  return fileName.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? '';
}

/** The accepted kind for a file name, or null when the extension is not allowed. */
export function fileKindFor(fileName: string): FileKind | null {
  return KINDS[extensionOf(fileName)] ?? null;
}

export function contentMismatchMessage(kind: FileKind): string {
  return `The file content is not a valid ${kind.label} file. Please upload the original ${kind.ext.toUpperCase()} file.`;
}

/** The file name as it may appear in Content-Disposition: no path, no control characters. */
export function safeFileName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? 'file';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes from a download name
  const clean = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  return clean.slice(0, 200) || 'file';
}

/** A PDF made for this request, sent as a download no cache keeps (a badge card, a talk sheet, a training record). */
export function pdfDownload(bytes: Uint8Array, fileName: string, headers: Record<string, string> = {}): Response {
  return new Response(bytes, {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Length': String(bytes.byteLength),
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
      ...headers,
    },
  });
}

/** `inline; filename="..."; filename*=UTF-8''...` with an ASCII fallback. */
export function contentDisposition(fileName: string, disposition: 'inline' | 'attachment' = 'inline'): string {
  const name = safeFileName(fileName);
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/\\/g, '_');
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
