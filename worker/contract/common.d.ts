import * as v from 'valibot';
/**
 * A required text field whose every failure (missing key, wrong type, blank) answers with the
 * spec's one message for that field. Trimmed.
 */
export declare const requiredString: (message: string) => v.SchemaWithPipe<readonly [v.OptionalSchema<v.StringSchema<string>, "">, v.StringSchema<string>, v.TrimAction, v.NonEmptyAction<string, string>]>;
/** Optional text: blank becomes null. */
export declare const optionalText: (max?: number, message?: string) => v.SchemaWithPipe<readonly [v.OptionalSchema<v.NullableSchema<v.StringSchema<undefined>, undefined>, null>, v.TransformAction<string | null, string | null>, v.NullableSchema<v.SchemaWithPipe<readonly [v.StringSchema<undefined>, v.MaxLengthAction<string, number, string>]>, undefined>]>;
export declare const emailSchema: (requiredMessage?: string) => v.SchemaWithPipe<readonly [v.SchemaWithPipe<readonly [v.OptionalSchema<v.StringSchema<string>, "">, v.StringSchema<string>, v.TrimAction, v.NonEmptyAction<string, string>]>, v.EmailAction<string, "Please enter a valid email address">]>;
/** Query-string integers ("?page=2"): blank means the default; out of range answers `message`. */
export declare const queryInt: (fallback: number, min: number, max: number, message?: string) => v.SchemaWithPipe<readonly [v.OptionalSchema<v.StringSchema<undefined>, string>, v.TransformAction<string, number>, v.NumberSchema<string>, v.IntegerAction<number, string>, v.MinValueAction<number, number, string>, v.MaxValueAction<number, number, string>]>;
/** Query-string flags: `true`, `1`, `yes`, `on` are true; anything else (or nothing) is false. */
export declare const queryBool: v.SchemaWithPipe<readonly [v.OptionalSchema<v.StringSchema<undefined>, "">, v.TransformAction<string, boolean>]>;
/** A free-text search box: trimmed, blank means "no filter". */
export declare const searchText: v.SchemaWithPipe<readonly [v.OptionalSchema<v.StringSchema<undefined>, "">, v.TrimAction, v.MaxLengthAction<string, 200, "Search is too long">]>;
/** The rows-per-page choices of an admin table where the spec sets no other sizes (its table library default). */
export declare const PAGE_SIZES: readonly [10, 25, 50, 100];
export declare const DEFAULT_PAGE_SIZE = 10;
export declare const MAX_PAGE_SIZE = 100;
/** `?page=1&limit=10&search=` — pages count from 1. */
export declare const pageQueryFields: (defaultLimit?: number, maxLimit?: number) => {
    page: v.SchemaWithPipe<readonly [v.OptionalSchema<v.StringSchema<undefined>, string>, v.TransformAction<string, number>, v.NumberSchema<string>, v.IntegerAction<number, string>, v.MinValueAction<number, number, string>, v.MaxValueAction<number, number, string>]>;
    limit: v.SchemaWithPipe<readonly [v.OptionalSchema<v.StringSchema<undefined>, string>, v.TransformAction<string, number>, v.NumberSchema<string>, v.IntegerAction<number, string>, v.MinValueAction<number, number, string>, v.MaxValueAction<number, number, string>]>;
    search: v.SchemaWithPipe<readonly [v.OptionalSchema<v.StringSchema<undefined>, "">, v.TrimAction, v.MaxLengthAction<string, 200, "Search is too long">]>;
};
/** Where a page sits in the whole list; every paged list answers `{<items>: [...], pagination}`. */
export interface Pagination {
    /** 1-based. */
    page: number;
    totalPages: number;
    totalItems: number;
    itemsPerPage: number;
}
export declare function paginationOf(page: number, itemsPerPage: number, totalItems: number): Pagination;
export declare const idParam: v.ObjectSchema<{
    readonly id: v.SchemaWithPipe<readonly [v.StringSchema<undefined>, v.NonEmptyAction<string, undefined>]>;
}, undefined>;
