import { describe, expect, it } from 'vitest';
import { patchSearch, searchInt } from './use-search-state';

describe('query-string state', () => {
  it('sets and removes keys, keeping the others', () => {
    expect(patchSearch('book=b1&status=overdue&page=3', { status: null, page: '', q: 'ana' }).toString()).toBe(
      'book=b1&q=ana',
    );
    expect(patchSearch('', { size: 50 }).toString()).toBe('size=50');
  });

  it('reads a page number or size, falling back on anything else', () => {
    expect(searchInt('2', 1)).toBe(2);
    expect(searchInt(null, 1)).toBe(1);
    expect(searchInt('-4', 1)).toBe(1);
    expect(searchInt('1.5', 1)).toBe(1);
    expect(searchInt('30', 25, [10, 25, 50, 100])).toBe(25);
    expect(searchInt('50', 25, [10, 25, 50, 100])).toBe(50);
  });
});
