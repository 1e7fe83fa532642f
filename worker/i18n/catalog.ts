import type { MessageKey } from './en';

/**
 * A catalog: every English key, as a plain template. A plural message (keys ending in `.one` /
 * `.other`) may add the other CLDR forms its language uses.
 */
export type Catalog = Record<MessageKey, string> &
  Partial<Record<`${string}.${'zero' | 'two' | 'few' | 'many'}`, string>>;
