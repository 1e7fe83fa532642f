import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedProxy, runSeed } from './seed-proxy';

/**
 * The demo seed at awkward moments of the clock: the browser journeys seed a fresh database at
 * whatever time CI runs, and a seed that fails there fails the whole half before any journey.
 */
describe('the demo seed', () => {
  let proxy: Awaited<ReturnType<typeof migratedProxy>>;

  beforeAll(async () => {
    proxy = await migratedProxy();
  }, 60_000);

  afterAll(async () => {
    await proxy?.dispose();
  });

  it('seeds in the first minute after midnight UTC, with today and yesterday as separate activity days', async () => {
    const result = await runSeed(proxy.env, new Date('2026-11-28T00:00:30Z'));
    expect(result.alreadyPresent).toBe(false);
    const { results } = await proxy.env.DB.prepare(
      "SELECT la.day AS day FROM learning_activity la JOIN users u ON u.id = la.user_id WHERE u.username = 'learner' ORDER BY la.day",
    ).all<{ day: string }>();
    expect(results.map((r) => r.day).slice(-2)).toEqual(['2026-11-27', '2026-11-28']);
  }, 120_000);
});
