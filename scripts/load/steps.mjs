import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';

/** The load run's requests (scripts/load.mjs): one autocannon run per step, each connection serving one learner from a queue. */

export const json = (body) => {
  try {
    return JSON.parse(body);
  } catch {
    return null;
  }
};
const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] : NaN;

/** A step runner against `base`; every step's row (latencies, statuses, errors) is pushed to `stats` for the report. */
export function stepRunner({ base, requestTimeoutS, stats }) {
  /**
   * One request for each item of `queue`, on `connections` connections (each takes the next item when it is
   * free; one item per connection when connections = queue length). build(item) returns {method, path, body};
   * after(item, status, body).
   */
  function runStep(name, { queue, connections, build, after }) {
    let next = 0;
    const sendTimes = [];
    const samples = [];
    const requests = [
      {
        setupRequest: (request, context) => {
          context.item = queue[next++];
          const spec = build(context.item);
          sendTimes.push(performance.now());
          const headers = { 'content-type': 'application/json' };
          if (context.item.token) headers.authorization = `Bearer ${context.item.token}`;
          return {
            ...request,
            method: spec.method,
            path: spec.path,
            headers,
            body: spec.body === undefined ? undefined : JSON.stringify(spec.body),
          };
        },
        onResponse: (status, body, context) => {
          if (status !== 200 && samples.length < 3) samples.push(`${status} ${String(body).slice(0, 200)}`);
          after?.(context.item, status, body);
        },
      },
    ];
    const latencies = [];
    const statuses = new Map();
    if (queue.length === 0) {
      const row = {
        name,
        requests: 0,
        statuses,
        errors: 0,
        timeouts: 0,
        p50: NaN,
        p95: NaN,
        max: NaN,
        sentWithin: 0,
        wall: 0,
      };
      stats.push(row);
      return Promise.resolve(row);
    }
    return new Promise((resolvePromise, reject) => {
      const t0 = performance.now();
      const instance = autocannon(
        {
          url: base,
          connections: Math.min(connections, queue.length),
          amount: queue.length,
          requests,
          timeout: requestTimeoutS,
          pipelining: 1,
        },
        (error, result) => {
          if (error) return reject(error);
          const sorted = latencies.sort((a, b) => a - b);
          const row = {
            name,
            requests: latencies.length,
            statuses,
            errors: result.errors,
            timeouts: result.timeouts,
            p50: percentile(sorted, 0.5),
            p95: percentile(sorted, 0.95),
            max: sorted[sorted.length - 1],
            sentWithin: (Math.max(...sendTimes) - Math.min(...sendTimes)) / 1000,
            wall: (performance.now() - t0) / 1000,
            samples,
          };
          stats.push(row);
          console.log(
            `  ${name}: ${row.requests} answered in ${row.wall.toFixed(1)} s, p50 ${row.p50} ms, p95 ${row.p95} ms, statuses ${JSON.stringify(Object.fromEntries(statuses))}, errors ${row.errors} (timeouts ${row.timeouts})${samples.length ? `\n    ${samples.join('\n    ')}` : ''}`,
          );
          resolvePromise(row);
        },
      );
      instance.on('response', (_client, status, _bytes, ms) => {
        latencies.push(Math.round(ms));
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      });
    });
  }
  return runStep;
}
