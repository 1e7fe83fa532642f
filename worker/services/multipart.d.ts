export declare class MultipartError extends Error {
}
export interface MultipartPart {
    name: string;
    /** null for a plain field; '' when a file input was left empty. */
    fileName: string | null;
    contentType: string | null;
    body: ReadableStream<Uint8Array>;
    /** The part as text, refused above `maxBytes` (for plain fields). */
    text(maxBytes?: number): Promise<string>;
}
export declare function boundaryOf(contentType: string | undefined | null): string | null;
export declare function readMultipart(body: ReadableStream<Uint8Array>, boundary: string): AsyncGenerator<MultipartPart>;
