#!/usr/bin/env node
// `npm test`: everything CI checks, in one command — typecheck, unit, API (workerd) and browser tests.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { quietEnv, run, step } from './lib.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt) {
    step("Installing Debian's chromium for the browser tests (about a minute, once)");
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    const install = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (update.status === 0 && install.status === 0 && existsSync(CHROMIUM)) return;
  }
  console.error(`
The browser tests need Chromium at ${CHROMIUM}. Install it with:
    sudo apt-get update && sudo apt-get install -y chromium
or point CHROMIUM_PATH at an existing Chromium/Chrome binary.`);
  process.exit(1);
}

const started = Date.now();
ensureChromium();

step('Building the client (the Worker serves it; the workerd test pool needs dist/client)');
await run('npm', ['run', '--silent', 'build']);

step('Typechecking worker, statecharts, tests and web');
await run('npm', ['run', '--silent', 'typecheck']);

step('Running unit + API (workerd + D1 + R2) tests and browser (Chromium) tests side by side');
// Two vitest runs at once: the browser journeys mostly wait (timers, banners, page loads) while the
// API tests use the CPU, so running them together takes about as long as the longer of the two.
// One vitest run would queue the browser files behind the others. Each line says which run wrote it.
mkdirSync('.tmp', { recursive: true });
const RUNS = [
  { label: 'e2e', projects: ['e2e'], report: '.tmp/vitest-e2e.json' },
  { label: 'api', projects: ['unit', 'api'], report: '.tmp/vitest-unit-api.json' },
];

function prefixed(stream, label, out) {
  let rest = '';
  stream.on('data', (chunk) => {
    const lines = (rest + chunk.toString()).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) out.write(`[${label}] ${line}\n`);
  });
  stream.on('end', () => rest && out.write(`[${label}] ${rest}\n`));
}

function vitest({ label, projects, report }) {
  return new Promise((resolve) => {
    const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
    const child = spawn('npx', args, { env: { ...quietEnv, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' }, stdio: ['ignore', 'pipe', 'pipe'] });
    prefixed(child.stdout, label, process.stdout);
    prefixed(child.stderr, label, process.stderr);
    child.on('exit', (code) => resolve(code === 0));
    child.on('error', () => resolve(false));
  });
}

const outcomes = await Promise.all(RUNS.map((r) => vitest(r)));

let passed = 0;
let failedCount = 0;
const lines = [];
RUNS.forEach((r, i) => {
  const ok = outcomes[i];
  let runPassed = 0;
  let runFailed = 0;
  if (existsSync(r.report)) {
    const json = JSON.parse(readFileSync(r.report, 'utf8'));
    runPassed = json.numPassedTests ?? 0;
    runFailed = json.numFailedTests ?? 0;
    // A suite that failed to load has no failed test of its own but still fails the run.
    if (!ok && runFailed === 0) runFailed = Math.max(1, json.numFailedTestSuites ?? 0);
  } else if (!ok) {
    runFailed = 1;
  }
  passed += runPassed;
  failedCount += runFailed;
  lines.push(`  ${r.projects.join(' + ')}: ${runPassed} passed, ${runFailed} failed`);
});
console.log(`\nFinished in ${Math.round((Date.now() - started) / 1000)} s`);
console.log(lines.join('\n'));
console.log(`${passed} passed, ${failedCount} failed`);
process.exit(outcomes.every(Boolean) && failedCount === 0 ? 0 : 1);
