import * as v from 'valibot';
import { arrayOrPageQueryFields, optionalText, searchText, type Pagination, requiredText } from './common';
import { REFUSALS } from './errors';

/* Books (/api/v2/admin/domains): the list, search, create, rename, delete. */

export const BOOK_MESSAGES = {
  domainName: REFUSALS['book.nameRequired'],
} as const;

export interface Domain {
  id: string;
  name: string;
  description: string | null;
}

export const domainBody = v.object({
  name: requiredText(BOOK_MESSAGES.domainName, 120, REFUSALS['book.nameLength']),
  description: optionalText(2000),
});
export type DomainBody = v.InferInput<typeof domainBody>;

/** `GET /api/domains`: the plain array without `page` (original clients), `{domains, pagination}` with it; `?query=` also searches. */
export const domainListQuery = v.object({
  ...arrayOrPageQueryFields(),
  query: searchText,
});
export interface DomainListPage {
  domains: Domain[];
  pagination: Pagination;
}
