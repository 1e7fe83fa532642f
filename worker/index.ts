import { app } from './app';
import type { Bindings } from './env';
import { runScheduled } from './scheduled';

export default {
  fetch: app.fetch,
  async scheduled(_controller, env, ctx) {
    ctx.waitUntil(runScheduled(env));
  },
} satisfies ExportedHandler<Bindings>;
