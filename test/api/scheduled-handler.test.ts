import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { expect, it } from 'vitest';
import worker from '../../worker/index';
import { createCourse } from './fixtures';
import { env } from './helpers';

it('runs the Worker scheduled() entry point as the cron trigger does', async () => {
  await createCourse();
  const ctx = createExecutionContext();
  const errors: unknown[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => {
    errors.push(args);
    original(...args);
  };
  try {
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: '* * * * *' }), env, ctx);
    await waitOnExecutionContext(ctx);
  } finally {
    console.error = original;
  }
  expect(errors).toEqual([]);
});
