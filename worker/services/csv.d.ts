export declare function neutraliseCell(value: unknown): string;
/** Quotes a cell when it holds a comma, quote or line break (RFC 4180), after neutralising it. */
export declare function csvCell(value: unknown): string;
export declare function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string;
