import type { AppEnv } from '../env';
export declare const materialFileUrl: (id: string) => string;
type RangeResult = {
    offset: number;
    length: number;
} | 'unsatisfiable' | null;
/** Single byte ranges (`bytes=a-b`, `bytes=a-`, `bytes=-n`); anything else is served whole. */
export declare function parseRange(header: string | undefined, size: number): RangeResult;
export declare const materials: import("hono/hono-base").HonoBase<AppEnv, {
    "/": {
        $get: {
            input: {
                query: {
                    query?: string | undefined;
                    search?: string | undefined;
                };
            };
            output: {
                id: string;
                title: string;
                description: string | null;
                type: import("../contract/course").MaterialType;
                fileName: string;
                fileSize: number;
                contentType: string;
                fileUrl: string;
                driveFileId: string | null;
                driveFileUrl: string;
                createdAt: string;
                updatedAt: string;
            }[];
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/upload": {
        $post: {
            input: {};
            output: {
                id: string;
                title: string;
                description: string | null;
                type: import("../contract/course").MaterialType;
                fileName: string;
                fileSize: number;
                contentType: string;
                fileUrl: string;
                driveFileId: string | null;
                driveFileUrl: string;
                createdAt: string;
                updatedAt: string;
            };
            outputFormat: "json";
            status: 201;
        };
    };
} & {
    "/presign": {
        $post: {
            input: {
                json: {
                    fileName: string;
                    contentType: string;
                    size: number;
                };
            };
            output: {
                uploadUrl: string;
                key: string;
                method: "PUT";
                headers: {
                    'content-type': string;
                };
                expiresIn: number;
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/complete": {
        $post: {
            input: {
                json: {
                    key: string;
                    fileName?: string | undefined;
                    title: string;
                    description: string | null;
                };
            };
            output: {
                id: string;
                title: string;
                description: string | null;
                type: import("../contract/course").MaterialType;
                fileName: string;
                fileSize: number;
                contentType: string;
                fileUrl: string;
                driveFileId: string | null;
                driveFileUrl: string;
                createdAt: string;
                updatedAt: string;
            };
            outputFormat: "json";
            status: 201;
        };
    };
} & {
    "/:id": {
        $get: {
            input: {
                param: {
                    id: string;
                };
            };
            output: {
                id: string;
                title: string;
                description: string | null;
                type: import("../contract/course").MaterialType;
                fileName: string;
                fileSize: number;
                contentType: string;
                fileUrl: string;
                driveFileId: string | null;
                driveFileUrl: string;
                createdAt: string;
                updatedAt: string;
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/:id/file": {
        $get: {
            input: {
                param: {
                    id: string;
                };
            };
            output: {};
            outputFormat: string;
            status: import("hono/utils/http-status").StatusCode;
        };
    };
} & {
    "/:id": {
        $put: {
            input: {
                param: {
                    id: string;
                };
            };
            output: {
                id: string;
                title: string;
                description: string | null;
                type: import("../contract/course").MaterialType;
                fileName: string;
                fileSize: number;
                contentType: string;
                fileUrl: string;
                driveFileId: string | null;
                driveFileUrl: string;
                createdAt: string;
                updatedAt: string;
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/:id": {
        $delete: {
            input: {
                param: {
                    id: string;
                };
            };
            output: {
                message: string;
                id: string;
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
}, "/", "/:id">;
export {};
