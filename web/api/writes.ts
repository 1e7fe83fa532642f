import { mutationOptions, useMutation, type QueryKey } from '@tanstack/react-query';
import { queryClient } from './query-client';

/** A write to the server and the cached reads it changes. */
export interface Write<TInput, TOutput> {
  run: (input: TInput) => Promise<TOutput>;
  /** The query keys (prefixes) whose answers the write makes out of date (from its input, or its answer if needed). */
  invalidates: (input: TInput, output?: TOutput) => readonly QueryKey[];
}

/**
 * Names a write once, with what it changes: screens use it through `useWrite` (a TanStack
 * mutation), statechart effects through `runWrite`; both go through the mutation cache, which
 * invalidates the keys on success (web/api/query-client.ts).
 */
export function defineWrite<TInput, TOutput>(write: Write<TInput, TOutput>): Write<TInput, TOutput> {
  return write;
}

function optionsOf<TInput, TOutput>(write: Write<TInput, TOutput>) {
  return mutationOptions<TOutput, Error, TInput>({
    mutationFn: write.run,
    meta: { invalidates: (input, output) => write.invalidates(input as TInput, output as TOutput) },
  });
}

/**
 * For a write that cannot go through the cache (a beacon sent while the page hides): marks what it
 * may change stale, to be read again when next shown.
 */
export function markStale(keys: readonly QueryKey[]): void {
  for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
}

/** Runs a write from outside React (a machine's actor). */
export function runWrite<TInput, TOutput>(write: Write<TInput, TOutput>, input: TInput): Promise<TOutput> {
  return queryClient.getMutationCache().build(queryClient, optionsOf(write)).execute(input);
}

type ScreenOptions<TInput, TOutput> = Omit<
  Parameters<typeof useMutation<TOutput, Error, TInput>>[0],
  'mutationFn' | 'meta'
>;

/** A write as a screen's mutation; `options` adds the screen's own success and error handling. */
export function useWrite<TInput, TOutput>(write: Write<TInput, TOutput>, options: ScreenOptions<TInput, TOutput> = {}) {
  return useMutation<TOutput, Error, TInput>({ ...options, ...optionsOf(write) });
}
