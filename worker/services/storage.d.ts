import type { Bindings } from '../env';
/** 5 MiB: the smallest part S3 and R2 accept; every part but the last has this exact size (R2 requires equal parts). */
export declare const PART_SIZE: number;
export type StorageBody = ReadableStream<Uint8Array> | Uint8Array | ArrayBuffer | string;
export interface ByteRange {
    offset: number;
    length: number;
}
export interface StoredObject {
    body: ReadableStream<Uint8Array>;
    /** Size of the whole object, not of the range. */
    size: number;
    contentType: string;
    range?: ByteRange;
}
export interface ObjectInfo {
    size: number;
    contentType: string;
}
export interface Storage {
    readonly backend: 'r2' | 's3';
    /** Stores `body` under `key`; resolves with the number of bytes stored. A stream that errors aborts the upload and rejects with its error. */
    put(key: string, body: StorageBody, options: {
        contentType: string;
        size?: number;
    }): Promise<{
        size: number;
    }>;
    get(key: string, options?: {
        range?: ByteRange;
    }): Promise<StoredObject | null>;
    head(key: string): Promise<ObjectInfo | null>;
    delete(key: string): Promise<void>;
    /** A URL the browser can PUT the file to directly (S3 backend only). */
    presignPut?(key: string, contentType: string, expiresIn: number): Promise<string>;
}
export declare function getStorage(env: Pick<Bindings, 'FILES' | 'STORAGE_BACKEND' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_BUCKET' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY'>): Storage;
/** Cuts a stream into PART_SIZE pieces (the last one shorter). Holds at most one part. */
export declare function partsOf(stream: ReadableStream<Uint8Array>, partSize?: number): AsyncGenerator<Uint8Array>;
