import type { Server } from 'node:http';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';

/*
 * The cron path end to end as `npm start` serves it: a real `wrangler dev` over a migrated, seeded
 * temporary D1, behind the same front scripts/start.mjs puts on its port, triggered the way
 * wrangler documents (`GET /cdn-cgi/handler/scheduled`). Before the fix this answered
 * "exception", logged nothing and queued no reminder. One job is made to fail (its table dropped)
 * to prove the others still run and the failure is logged.
 */

interface Lib {
  freePort(): Promise<number>;
  seededTempState(prefix: string): Promise<string>;
  d1<Row>(persist: string, sql: string): Promise<Row[]>;
  startLocalWorker(options: {
    port: number;
    persist: string;
    jwtSecret: string;
    extraArgs?: string[];
    onOutput?: (chunk: Buffer) => void;
  }): Promise<import('node:child_process').ChildProcess>;
  stopLocalWorker(child: import('node:child_process').ChildProcess): Promise<void>;
  startCronFront(options: { port: number; workerPort: number; token: string }): Promise<Server>;
}

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
let lib: Lib;
let persist: string;
let child: import('node:child_process').ChildProcess | undefined;
let front: Server | undefined;
let baseURL: string;
let log = '';

beforeAll(async () => {
  lib = (await import(pathToFileURL(resolve(root, 'scripts/lib.mjs')).href)) as Lib;
  persist = await lib.seededTempState('ehs-cron-');
  // The job that aborts stale uploads now meets a missing table and fails.
  await lib.d1(persist, 'DROP TABLE multipart_uploads;');
  const workerPort = await lib.freePort();
  const port = await lib.freePort();
  const token = `cron-${Math.random().toString(36).slice(2)}-${Date.now()}`;
  child = await lib.startLocalWorker({
    port: workerPort,
    persist,
    jwtSecret: 'cron-test-secret-cron-test-secret-0123456789',
    extraArgs: ['--var', `CRON_TRIGGER_TOKEN:${token}`],
    onOutput: (chunk) => {
      log += chunk.toString();
    },
  });
  front = await lib.startCronFront({ port, workerPort, token });
  baseURL = `http://127.0.0.1:${port}`;
}, 180_000);

afterAll(async () => {
  await new Promise((done) => (front ? front.close(() => done(undefined)) : done(undefined)));
  if (child) await lib.stopLocalWorker(child);
});

const waitForLog = async (pattern: RegExp) => {
  for (let i = 0; i < 40 && !pattern.test(log); i++) await new Promise((r) => setTimeout(r, 250));
  return log;
};

it('runs the cron jobs from /cdn-cgi/handler/scheduled: reminders reach the outbox, a failing job is logged and isolated', async () => {
  const answer = await fetch(`${baseURL}/cdn-cgi/handler/scheduled?cron=*+*+*+*+*`);
  const text = await answer.text();
  expect(answer.status).toBe(200);
  expect(text).not.toBe('exception');
  expect(text).toBe('failed: abortStaleUploads');

  const written = await waitForLog(/"event":"scheduled\.done"/);
  expect(written).toMatch(/"event":"scheduled\.failed","job":"abortStaleUploads"/);
  expect(written).toMatch(/"event":"scheduled\.done"/);

  // The demo seed's Alex Morgan is overdue on a required course: the daily walk reminded him.
  const reminders = await lib.d1<{ kind: string }>(
    persist,
    "SELECT r.kind FROM reminders r JOIN users u ON u.id = r.user_id WHERE u.email = 'alex.morgan@safework.example';",
  );
  expect(reminders.map((r) => r.kind)).toContain('OVERDUE');
  const outbox = await lib.d1<{ subject: string; status: string }>(
    persist,
    "SELECT subject, status FROM mail_outbox WHERE to_address = 'alex.morgan@safework.example';",
  );
  expect(outbox).toEqual([{ subject: 'SafeWork Academy: required training is overdue', status: 'RECORDED' }]);

  // A second trigger the same day sends nothing again.
  expect(await (await fetch(`${baseURL}/cdn-cgi/handler/scheduled`)).text()).toBe('failed: abortStaleUploads');
  const again = await lib.d1<{ n: number }>(
    persist,
    "SELECT count(*) AS n FROM mail_outbox WHERE to_address = 'alex.morgan@safework.example';",
  );
  expect(again).toEqual([{ n: 1 }]);
});

it('keeps the trigger closed to requests without the local token', async () => {
  const answer = await fetch(`${baseURL}/api/__scheduled`, { method: 'POST', headers: { 'x-cron-trigger': 'guess' } });
  expect(answer.status).toBe(404);
});
