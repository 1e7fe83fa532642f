#!/usr/bin/env node
// `npm test`: everything CI checks, in one command — typecheck, unit, API (workerd) and browser tests.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { run, step } from './lib.mjs';

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

step('Running unit, API (workerd + D1 + R2) and browser (Chromium) tests');
mkdirSync('.tmp', { recursive: true });
const report = '.tmp/vitest-report.json';
let failed = false;
try {
  await run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]);
} catch {
  failed = true;
}

let passed = 0;
let failedCount = 0;
if (existsSync(report)) {
  const json = JSON.parse(readFileSync(report, 'utf8'));
  passed = json.numPassedTests ?? 0;
  failedCount = json.numFailedTests ?? 0;
  // A suite that failed to load has no failed test of its own but still fails the run.
  if (failed && failedCount === 0) failedCount = Math.max(1, json.numFailedTestSuites ?? 0);
} else if (failed) {
  failedCount = 1;
}
console.log(`\nFinished in ${Math.round((Date.now() - started) / 1000)} s`);
console.log(`${passed} passed, ${failedCount} failed`);
process.exit(failed || failedCount > 0 ? 1 : 0);
