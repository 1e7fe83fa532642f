import { afterEach, describe, expect, it, vi } from 'vitest';
import { assessmentsApi } from './admin-people';
import { getPage } from './paging';

function answer(body: unknown) {
  const fetchMock = vi.fn(
    async (_url: string) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('paged lists', () => {
  it('send page, limit, search and the set filters, and read the items under their key', async () => {
    const pagination = { page: 2, totalPages: 3, totalItems: 25, itemsPerPage: 10 };
    const fetchMock = answer({ users: [{ id: 'u1' }], pagination });
    const page = await getPage<{ id: string }>('/users', 'users', {
      page: 2,
      limit: 10,
      search: 'ann',
      role: 'USER',
      domainId: '',
    });
    const url = new URL(fetchMock.mock.calls[0][0], 'http://local');
    expect(url.pathname).toBe('/api/users');
    expect(Object.fromEntries(url.searchParams)).toEqual({ page: '2', limit: '10', search: 'ann', role: 'USER' });
    expect(page).toEqual({ items: [{ id: 'u1' }], pagination });
  });

  it('refuse an answer that is not a paged list instead of showing an empty page', async () => {
    answer([{ id: 'u1' }]);
    await expect(getPage('/users', 'users', { page: 1, limit: 10, search: '' })).rejects.toThrow(
      'The server did not answer a paged list of users',
    );
  });

  it('keep the attempts list on its 0-based page and size on the wire, and answer 1-based pages', async () => {
    const fetchMock = answer({ attempts: [], totalItems: 31, totalPages: 4, currentPage: 1 });
    const page = await assessmentsApi.attemptsPage({ page: 2, limit: 10, search: '', status: 'PASSED', domainId: '' });
    const url = new URL(fetchMock.mock.calls[0][0], 'http://local');
    expect(url.searchParams.get('page')).toBe('1');
    expect(url.searchParams.get('size')).toBe('10');
    expect(url.searchParams.get('limit')).toBeNull();
    expect(page.pagination).toEqual({ page: 2, totalPages: 4, totalItems: 31, itemsPerPage: 10 });
  });
});
