#!/usr/bin/env node
// `npm test`: everything CI checks, in one command — typecheck, unit, API (workerd) and browser tests.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { quietEnv, run, step } from './lib.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian packages the tests use: Chromium for the browser journeys, poppler-utils (pdftotext,
 * pdftoppm) for the certificate tests that read the PDF's text layer as a reader's tool would.
 */
function ensureDebianPackages() {
  const missing = [
    ...(existsSync(CHROMIUM) ? [] : ['chromium']),
    ...(spawnSync('sh', ['-c', 'command -v pdftotext'], { stdio: 'ignore' }).status === 0 ? [] : ['poppler-utils']),
  ];
  if (missing.length === 0) return;
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt) {
    step(`Installing Debian's ${missing.join(' and ')} for the tests (about a minute, once)`);
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    const install = spawnSync('apt-get', ['install', '-y', '-qq', ...missing], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (update.status === 0 && install.status === 0 && existsSync(CHROMIUM)) return;
  }
  console.error(`
The tests need ${missing.join(' and ')} (Chromium at ${CHROMIUM}; pdftotext from poppler-utils). Install them with:
    sudo apt-get update && sudo apt-get install -y ${missing.join(' ')}
or point CHROMIUM_PATH at an existing Chromium/Chrome binary.`);
  process.exit(1);
}

const started = Date.now();
ensureDebianPackages();

// The typecheck and the linter need the generated styled-system but nothing the bundles make (the
// generated Worker modules' .d.ts are in git), so they start beside the client build: the build is
// mostly one process on one core, and waiting for it left the other core idle for 20-40 s.
step('Generating the styled-system, then typechecking and linting beside the client build');
await run('npx', ['panda', 'codegen', '--silent']);
const typecheck = spawnPrefixed('tsc', 'npm', ['run', '--silent', 'typecheck']);
// Formatter check, linter (Biome) and unused files, exports and dependencies (knip): a finding fails.
const lint = spawnPrefixed('lint', 'npm', ['run', '--silent', 'lint']);

step('Building the client (the Worker serves it; the workerd test pool needs dist/client)');
try {
  await run('npm', ['run', '--silent', 'build:bundles']);
} catch (error) {
  // No tests without the client; the typecheck and the linter still say what they found.
  console.error(String(error));
  await Promise.all([typecheck, lint]);
  process.exit(1);
}

step('Running unit + API (workerd + D1 + R2) and browser (Chromium) tests, side by side');
// Five processes at once: the typecheck, the linter, the unit + API tests, and the browser journeys in
// two parts (E2E_PARTS; three starved the CPU-bound API run: 930 s in a clean clone, 2026-11-28), each part with its own Worker and seeded D1 (test/e2e/global-setup.ts), so no journey
// sees another part's data. Browser journeys mostly wait (timers, banners, page loads) while the API tests
// use the CPU; one browser run alone left a core half idle for its last three minutes. Each output
// line says which run wrote it.
mkdirSync('.tmp', { recursive: true });

/**
 * The browser spec files split in parts of about equal time: the longest first, each into the
 * lightest part. Seconds measured in a clean-clone full run on the two-core machine (2026-11-28 21:12,
 * every file, under the suite's own load: the condition the split is for); a file not listed (a new
 * one) counts 20 s until measured.
 */
const E2E_SECONDS = {
  'accessibility-admin.spec.ts': 101,
  'safety-manager-first-hour.spec.ts': 52,
  'evaluation-offline.spec.ts': 39,
  'toolbox-talk.spec.ts': 29,
  'learner-journey.spec.ts': 70,
  'accessibility-learner.spec.ts': 90,
  'credentials.spec.ts': 42,
  'visitor.spec.ts': 12,
  'reminders.spec.ts': 14,
  'worker-daily-path.spec.ts': 34,
  'admin-content.spec.ts': 56,
  'requirement-evidence.spec.ts': 31,
  'company-sign-in.spec.ts': 34,
  'admin-people.spec.ts': 48,
  'my-certificates.spec.ts': 17,
  'edge-dashboard.spec.ts': 18,
  'worker-path.spec.ts': 23,
  'focus.spec.ts': 28,
  'languages.spec.ts': 29,
  'learner.spec.ts': 29,
  'kiosk.spec.ts': 26,
  'admin.spec.ts': 31,
  'recertification.spec.ts': 21,
  'admin-compliance.spec.ts': 20,
  'arabic-content.spec.ts': 16,
  'session-check-in.spec.ts': 22,
  'delivery-language.spec.ts': 22,
  'scheduled-trigger.spec.ts': 70,
  'scorm.spec.ts': 30,
  'statecharts.spec.ts': 21,
  'certificates.spec.ts': 22,
  'material-pdf.spec.ts': 15,
  'account.spec.ts': 17,
  'classroom-component.spec.ts': 19,
  'classroom-sessions-admin.spec.ts': 24,
  'evaluation-templates.spec.ts': 10,
  'people-work-data.spec.ts': 17,
  'team.spec.ts': 33,
  'directory-provisioning.spec.ts': 13,
  'field-check.spec.ts': 19,
  'continue-learning.spec.ts': 12,
  'requirement-audience.spec.ts': 21,
  'verify.spec.ts': 8,
  'admin-dashboard-compliance.spec.ts': 10,
  'captions.spec.ts': 5,
};
/** How many browser runs share the journeys (each with its own Worker and seeded D1). */
const E2E_PARTS = Math.max(1, Number(process.env.E2E_PARTS ?? 2));

function e2eParts() {
  const files = readdirSync('test/e2e').filter((f) => f.endsWith('.spec.ts'));
  files.sort((a, b) => (E2E_SECONDS[b] ?? 20) - (E2E_SECONDS[a] ?? 20) || a.localeCompare(b));
  const parts = Array.from({ length: E2E_PARTS }, () => ({ files: [], seconds: 0 }));
  for (const file of files) {
    const lightest = parts.reduce((min, part) => (part.seconds < min.seconds ? part : min));
    lightest.files.push(`test/e2e/${file}`);
    lightest.seconds += E2E_SECONDS[file] ?? 20;
  }
  return parts.map((part) => part.files);
}

const RUNS = [
  ...e2eParts().map((files, i) => ({
    label: `e2e-${i + 1}`,
    projects: ['e2e'],
    files,
    report: `.tmp/vitest-e2e-${i + 1}.json`,
  })),
  {
    label: 'api',
    projects: ['unit', 'unit-isolated', 'api', 'api-isolated'],
    files: [],
    report: '.tmp/vitest-unit-api.json',
  },
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

function spawnPrefixed(label, command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      env: { ...quietEnv, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    prefixed(child.stdout, label, process.stdout);
    prefixed(child.stderr, label, process.stderr);
    child.on('exit', (code) => resolve(code === 0));
    child.on('error', () => resolve(false));
  });
}

const vitest = ({ label, projects, files, report }) =>
  spawnPrefixed(label, 'npx', [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    ...files,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ]);

const [typed, linted, ...outcomes] = await Promise.all([typecheck, lint, ...RUNS.map((r) => vitest(r))]);

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
  lines.push(`  ${r.label} (${r.projects.join(' + ')}): ${runPassed} passed, ${runFailed} failed`);
});
if (!typed) failedCount += 1;
if (!linted) failedCount += 1;
lines.push(`  typecheck: ${typed ? 'passed' : 'FAILED'}`);
lines.push(`  format, lint, unused code (npm run lint): ${linted ? 'passed' : 'FAILED'}`);
console.log(`\nFinished in ${Math.round((Date.now() - started) / 1000)} s`);
console.log(lines.join('\n'));
console.log(`${passed} passed, ${failedCount} failed`);
process.exit(typed && linted && outcomes.every(Boolean) && failedCount === 0 ? 0 : 1);
