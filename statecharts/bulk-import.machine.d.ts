import { type BulkImportResult, type ParsedImport } from '../worker/contract/admin-people';
/**
 * Bulk user import (admin spec sections 2 and 5): choose a CSV file, preview it, block on invalid
 * rows, then send it to the server in chunks (each chunk all-or-nothing on the server, about 3 s
 * of password hashing) while showing progress, and end with per-row results. A failed chunk can
 * be retried from where it stopped. Effects are placeholder actors; web/state/bulk-import.tsx
 * provides the real request.
 */
export declare const BULK_IMPORT_MESSAGES: {
    readonly selectFile: "Please select a CSV file to import.";
    readonly failed: "The import stopped before it finished. Rows already imported are listed below; retry to continue.";
};
export type ImportRowInput = {
    username: string;
    email: string;
};
export interface BulkImportContext {
    fileName: string | null;
    parsed: ParsedImport | null;
    chunks: ImportRowInput[][];
    /** Index of the next chunk to send. */
    next: number;
    results: BulkImportResult[];
    warning: string | null;
    error: string | null;
}
export type BulkImportEvent = {
    type: 'file.parsed';
    fileName: string;
    parsed: ParsedImport;
} | {
    type: 'import.start';
} | {
    type: 'import.retry';
} | {
    type: 'dialog.reset';
};
export declare const bulkImportMachine: import("xstate").StateMachine<BulkImportContext, {
    type: "file.parsed";
    fileName: string;
    parsed: ParsedImport;
} | {
    type: "import.start";
} | {
    type: "import.retry";
} | {
    type: "dialog.reset";
}, {
    [x: string]: import("xstate").ActorRefFromLogic<import("xstate").PromiseActorLogic<BulkImportResult[], {
        rows: ImportRowInput[];
    }, import("xstate").EventObject>> | undefined;
}, {
    src: "importChunk";
    logic: import("xstate").PromiseActorLogic<BulkImportResult[], {
        rows: ImportRowInput[];
    }, import("xstate").EventObject>;
    id: string | undefined;
}, {
    type: "reset";
    params: import("xstate").NonReducibleUnknown;
} | {
    type: "clearError";
    params: import("xstate").NonReducibleUnknown;
} | {
    type: "storeFile";
    params: {
        fileName: string;
        parsed: ParsedImport;
    };
} | {
    type: "warnSelectFile";
    params: import("xstate").NonReducibleUnknown;
} | {
    type: "storeChunkResults";
    params: {
        results: BulkImportResult[];
    };
} | {
    type: "storeError";
    params: {
        message: string;
    };
}, {
    type: "fileUnusable";
    params: {
        parsed: ParsedImport;
    };
} | {
    type: "moreChunks";
    params: unknown;
}, never, "done" | "ready" | "failed" | "noFile" | "blocked" | "importing", "busy" | "canImport", import("xstate").NonReducibleUnknown, import("xstate").NonReducibleUnknown, import("xstate").EventObject, import("xstate").MetaObject, {
    id: "bulkImport";
    states: {
        readonly noFile: {};
        readonly blocked: {};
        readonly ready: {};
        readonly importing: {};
        readonly failed: {};
        readonly done: {};
    };
}, import("xstate").MetaObject>;
/** Fraction of rows sent so far (0..1), for the progress bar. */
export declare function importProgress(context: BulkImportContext): number;
