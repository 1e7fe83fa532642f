import type { MaterialType } from '../contract/course';
export interface FileKind {
    ext: string;
    type: MaterialType;
    contentType: string;
    /** Human name for error messages. */
    label: string;
    matches(head: Uint8Array): boolean;
}
/** How many leading bytes `matchesContent` needs. */
export declare const MAGIC_BYTES_NEEDED = 16;
export declare function extensionOf(fileName: string): string;
/** The accepted kind for a file name, or null when the extension is not allowed. */
export declare function fileKindFor(fileName: string): FileKind | null;
export declare function contentMismatchMessage(kind: FileKind): string;
/** The file name as it may appear in Content-Disposition: no path, no control characters. */
export declare function safeFileName(fileName: string): string;
/** `inline; filename="..."; filename*=UTF-8''...` with an ASCII fallback. */
export declare function contentDisposition(fileName: string, disposition?: 'inline' | 'attachment'): string;
