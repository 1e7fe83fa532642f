#!/usr/bin/env node
// `npm start`: build the client, migrate the local D1, seed demo data once, and serve on PORT (8787).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { ensureDevVars, freePort, quietEnv, run, startCronFront, step, waitForHealth } from './lib.mjs';

const port = Number(process.env.PORT ?? 8787);

step('Building the client');
await run('npm', ['run', '--silent', 'build']);

step('Applying database migrations (local D1)');
await run('npx', ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local']);

if (ensureDevVars()) console.log('Created .dev.vars with a random signing secret.');

step('Seeding demo data');
await run('node', ['scripts/seed.mjs']);

step(`Starting the Worker on port ${port}`);
// wrangler dev listens on a private port behind startCronFront, which makes wrangler's cron URL
// (/cdn-cgi/handler/scheduled) run the scheduled jobs (see scripts/lib.mjs for why).
const workerPort = await freePort();
const cronToken = randomBytes(24).toString('base64url');
const child = spawn(
  'npx',
  [
    'wrangler',
    'dev',
    '--port',
    String(workerPort),
    '--ip',
    '127.0.0.1',
    '--show-interactive-dev-session=false',
    '--var',
    `CRON_TRIGGER_TOKEN:${cronToken}`,
  ],
  {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: quietEnv,
  },
);
child.stdout.on('data', (chunk) => process.stdout.write(chunk));
const stop = () => child.kill('SIGINT');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
child.on('exit', (code) => process.exit(code ?? 0));

const url = `http://localhost:${port}`;
await waitForHealth(`http://127.0.0.1:${workerPort}`, 90_000, child);
await startCronFront({ port, workerPort, token: cronToken });
console.log(`
\x1b[1m\x1b[32mSafeWork Academy is running at ${url}\x1b[0m

  Sign in as an administrator:  admin   / Admin#2026demo
  Sign in as a learner:         learner / Learner#2026demo
  (more learners: jordan, sam, taylor, casey — same password as learner)
  Forklift evaluator, foreman:  dana    / Learner#2026demo

  Verify a certificate:         ${url}/certificate/verify/<number>
  Statechart diagrams:          ${url}/statecharts
  Run the scheduled jobs now:   curl ${url}/cdn-cgi/handler/scheduled
  Password-reset e-mails are recorded in the mail_outbox table and printed in this log.

Press Ctrl+C to stop.
`);
