import * as v from 'valibot';

/**
 * A required text field whose every failure (missing key, wrong type, blank) answers with the
 * spec's one message for that field. Trimmed.
 */
export const requiredString = (message: string) => v.pipe(v.optional(v.string(message), ''), v.string(message), v.trim(), v.nonEmpty(message));

/** Optional text: blank becomes null. */
export const optionalText = (max = 5000, message = `Must be at most ${max} characters`) =>
  v.pipe(
    v.optional(v.nullable(v.string()), null),
    v.transform((value) => (value == null || value.trim() === '' ? null : value.trim())),
    v.nullable(v.pipe(v.string(), v.maxLength(max, message))),
  );

export const emailSchema = (requiredMessage = 'Email is required') =>
  v.pipe(requiredString(requiredMessage), v.email('Please enter a valid email address'));

/** Query-string integers ("?page=2"), with a default and bounds. */
export const queryInt = (fallback: number, min: number, max: number) =>
  v.pipe(v.optional(v.string(), String(fallback)), v.toNumber(), v.integer(), v.minValue(min), v.maxValue(max));

export const idParam = v.object({ id: v.pipe(v.string(), v.nonEmpty()) });
