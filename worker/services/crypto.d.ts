export declare function toBase64(bytes: ArrayBuffer | Uint8Array): string;
export declare function fromBase64(value: string): Uint8Array;
export declare function toBase64Url(bytes: Uint8Array): string;
export declare function randomToken(byteLength?: number): string;
export declare function sha256Hex(value: string): Promise<string>;
/** Constant-time comparison of two byte arrays of any length. */
export declare function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean;
/** AES-GCM with a key derived from the signing secret; used for the admin-generated temporary password. */
export declare function encryptText(secret: string, plain: string): Promise<string>;
export declare function decryptText(secret: string, sealed: string): Promise<string | null>;
