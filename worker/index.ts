import { app } from './app';
import type { Bindings } from './env';
import { runScheduled, SCHEDULED_TRIGGER_PATH, scheduledTriggerAllowed } from './scheduled';

export default {
  async fetch(request, env, ctx) {
    // Local runs only: `wrangler dev` with [assets] sends /cdn-cgi/handler/scheduled to its asset
    // router, which has no scheduled handler ("exception"); scripts/lib.mjs's front turns that URL
    // into this request, which runs the same jobs as the cron (see scheduled.ts).
    const url = new URL(request.url);
    if (url.pathname === SCHEDULED_TRIGGER_PATH && scheduledTriggerAllowed(request, env)) {
      const time = Number(url.searchParams.get('time'));
      const summary = await runScheduled(env, Number.isFinite(time) && time > 0 ? new Date(time) : new Date());
      return Response.json(summary);
    }
    return app.fetch(request, env, ctx);
  },
  async scheduled(controller, env, ctx) {
    // runScheduled never rejects (each job is isolated and logged), so one failing job never turns
    // the whole invocation into "exception".
    ctx.waitUntil(runScheduled(env, new Date(controller.scheduledTime)));
  },
} satisfies ExportedHandler<Bindings>;
