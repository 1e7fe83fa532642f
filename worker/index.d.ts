import type { Bindings } from './env';
declare const _default: {
    fetch: (request: Request, env?: {} | Bindings | undefined, executionCtx?: import("hono").ExecutionContext) => Response | Promise<Response>;
    scheduled(_controller: ScheduledController, env: Bindings, ctx: ExecutionContext<unknown>): Promise<void>;
};
export default _default;
