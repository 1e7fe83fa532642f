import { expect, it } from 'vitest';
import { MIN_SECONDS_PER_PAGE, pagesViewedProgress, plausibleProgress } from './viewing';

it('counts a PDF by the pages viewed out of all its pages, in 10 % steps', () => {
  expect(pagesViewedProgress(0, 2)).toBe(0);
  expect(pagesViewedProgress(1, 2)).toBe(50);
  expect(pagesViewedProgress(2, 2)).toBe(100);
  expect(pagesViewedProgress(1, 3)).toBe(30);
  expect(pagesViewedProgress(2, 3)).toBe(60);
  expect(pagesViewedProgress(3, 3)).toBe(100);
  // More pages than the document has (a stale memory of a longer file) is still 100, never more.
  expect(pagesViewedProgress(5, 3)).toBe(100);
  expect(pagesViewedProgress(1, 0)).toBe(0);
});

it("finds every page viewed for the minimum time one after another plausible on the server's clock", () => {
  // The viewer counts a page after MIN_SECONDS_PER_PAGE on screen; the server, the same time a page
  // since the material was opened: a learner who reads page after page is never held back.
  for (const pages of [1, 2, 3, 7, 20]) {
    for (let viewed = 1; viewed <= pages; viewed++) {
      expect(
        plausibleProgress(viewed * MIN_SECONDS_PER_PAGE, { type: 'PDF', pages, mediaSeconds: null }),
      ).toBeGreaterThanOrEqual(pagesViewedProgress(viewed, pages));
    }
  }
});
