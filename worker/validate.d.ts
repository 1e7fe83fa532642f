import type { ValidationTargets } from 'hono';
import * as v from 'valibot';
/** Per-field messages from valibot issues: the first message per dotted path wins. */
export declare function issuesToFields(issues: readonly v.BaseIssue<unknown>[]): Record<string, string>;
/** Throws the spec's validation error when `value` does not match `schema`. */
export declare function parseOrThrow<TSchema extends v.GenericSchema>(schema: TSchema, value: unknown): v.InferOutput<TSchema>;
/**
 * Validator middleware: a handler reads `c.req.valid(target)` and never an unvalidated body.
 * A missing or non-JSON body validates as `{}`, so required fields answer with their own messages.
 */
export declare function validate<TTarget extends keyof ValidationTargets, TSchema extends v.GenericSchema>(target: TTarget, schema: TSchema): import("hono").MiddlewareHandler<any, string, {
    in: { [K in TTarget]: K extends "json" ? v.InferOutput<TSchema> extends infer T ? T extends v.InferOutput<TSchema> ? T extends Promise<infer PR> ? PR extends Response | import("hono").TypedResponse<any, any, any> ? never : PR : T extends Response | import("hono").TypedResponse<any, any, any> ? never : T : never : never : import("hono/validator").InferInput<v.InferOutput<TSchema> extends infer T_1 ? T_1 extends v.InferOutput<TSchema> ? T_1 extends Promise<infer PR> ? PR extends Response | import("hono").TypedResponse<any, any, any> ? never : PR : T_1 extends Response | import("hono").TypedResponse<any, any, any> ? never : T_1 : never : never, K, import("hono/types").FormValue>; };
    out: { [K_1 in TTarget]: v.InferOutput<TSchema> extends infer T ? T extends v.InferOutput<TSchema> ? T extends Promise<infer PR> ? PR extends Response | import("hono").TypedResponse<any, any, any> ? never : PR : T extends Response | import("hono").TypedResponse<any, any, any> ? never : T : never : never; };
}, v.InferOutput<TSchema> extends infer T ? T extends v.InferOutput<TSchema> ? T extends Promise<infer PR> ? PR extends import("hono").TypedResponse<infer T_1, infer S extends import("hono/utils/http-status").StatusCode, infer F extends string> ? import("hono").TypedResponse<T_1, S, F> : PR extends Response ? PR : PR extends undefined ? never : never : T extends import("hono").TypedResponse<infer T_2, infer S_1 extends import("hono/utils/http-status").StatusCode, infer F_1 extends string> ? import("hono").TypedResponse<T_2, S_1, F_1> : T extends Response ? T : T extends undefined ? never : never : never : never>;
