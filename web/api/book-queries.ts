/** Writes to books (admin Books), with what they change: the books table and the filters' option lists share the prefix. */
import type { DomainBody } from '@contract/domains';
import { createDomain, deleteDomain, updateDomain } from './admin-content';
import { queryKeys } from './query-keys';
import { defineWrite } from './writes';

const bookReads = [queryKeys.admin.domains.all];

export const bookWrites = {
  /** Adds a book (no `id`) or changes one. */
  save: defineWrite({
    run: ({ id, body }: { id: string | null; body: DomainBody }): Promise<unknown> =>
      id === null ? createDomain(body) : updateDomain(id, body),
    invalidates: () => bookReads,
  }),
  remove: defineWrite({ run: (id: string) => deleteDomain(id), invalidates: () => bookReads }),
};
