import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';
import { queryKeys } from './query-keys';

describe('the query cache', () => {
  it('marks every cached answer stale after a successful change, so another screen asks again', async () => {
    const client = createQueryClient();
    client.setQueryData(queryKeys.admin.courses.all, { courses: [{ book: 'Old name' }] });
    client.setQueryData(queryKeys.admin.dashboard, { activeUsers: 3 });
    expect(client.getQueryState(queryKeys.admin.courses.all)?.isInvalidated).toBe(false);

    await client
      .getMutationCache()
      .build(client, { mutationFn: async () => 'renamed' })
      .execute(undefined);

    expect(client.getQueryState(queryKeys.admin.courses.all)?.isInvalidated).toBe(true);
    expect(client.getQueryState(queryKeys.admin.dashboard)?.isInvalidated).toBe(true);
  });

  it('keeps cached answers after a failed change', async () => {
    const client = createQueryClient();
    client.setQueryData(queryKeys.admin.dashboard, { activeUsers: 3 });
    await expect(
      client
        .getMutationCache()
        .build(client, { mutationFn: async () => Promise.reject(new Error('refused')) })
        .execute(undefined),
    ).rejects.toThrow('refused');
    expect(client.getQueryState(queryKeys.admin.dashboard)?.isInvalidated).toBe(false);
  });

  it('invalidates exactly what a write names, leaving other answers fresh', async () => {
    const client = createQueryClient();
    client.setQueryData(queryKeys.learner.progress.course('c1'), { status: 'IN_PROGRESS' });
    client.setQueryData(queryKeys.learner.course('c1'), { title: 'Ladders' });
    const meta = { invalidates: () => [queryKeys.learner.progress.all] };
    await client
      .getMutationCache()
      .build(client, { mutationFn: async () => 'done', meta })
      .execute(undefined);
    expect(client.getQueryState(queryKeys.learner.progress.course('c1'))?.isInvalidated).toBe(true);
    expect(client.getQueryState(queryKeys.learner.course('c1'))?.isInvalidated).toBe(false);
  });
});
