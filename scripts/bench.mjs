#!/usr/bin/env node
// `npm run bench`: the platform's budgets, measured from outside the Worker on this machine, in one table.
//   bundle sizes · learner reads ≤ 1.3x one D1 round trip (/api/health/db), start/autosave/submit ≤ 2.2x
//   · organisation scale (100,000 people) · the compliance matrix at 10,000 x 20
//   · the badge page and the task search at 10,000 people x 20 tasks · Lighthouse.
// Options: --quick (skip the organisation-scale step), --requests N (default 150 per route),
//          --strict (exit 1 when any budget is missed), --only learner,compliance,... (steps to run).
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createResults, kb, run, step, workerBuild } from './bench/harness.mjs';

const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const quick = args.includes('--quick');
const strict = args.includes('--strict');
const requests = Number(option('--requests')) || 150;
const only = option('--only')?.split(',');
const results = createResults();

// Steps in order; each gets the seeded D1/R2 directory and adds what it needs. Later steps see
// earlier steps' rows, so the order is part of the measurement.
const STEPS = [
  ['learner', () => import('./bench/learner.mjs')],
  ...(quick ? [] : [['org-scale', () => import('./bench/org-scale.mjs')]]),
  ['compliance', () => import('./bench/compliance.mjs')],
  ['tasks', () => import('./bench/tasks.mjs')],
  ['lighthouse', () => import('./bench/lighthouse.mjs')],
].filter(([name]) => !only || only.includes(name));

function gzipSizeOf(files) {
  return files.reduce((sum, file) => sum + gzipSync(readFileSync(file), { level: 9 }).length, 0);
}
function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

// The client, the landing page's server renderer and the TrueType-only fontkit (worker/generated/) are build outputs.
const BUILT = ['dist/client/index.html', 'worker/generated/landing-ssr.js', 'worker/generated/fontkit.js'];
if (!BUILT.every((file) => existsSync(file))) {
  step('Building the client');
  await run('npm', ['run', '--silent', 'build']);
}

step('Worker bundle (wrangler deploy --dry-run: the upload, the build the later steps run)');
const worker = await workerBuild();
const workerGzip = gzipSizeOf(walk(worker.dir).filter((f) => /\.(m?js|wasm)$/.test(f)));
results.record(
  'Worker bundle, gzip -9 (minified, as deployed)',
  `${kb(workerGzip)} (wrangler's upload figure ${worker.upload})`,
  '< 1024 KB',
  workerGzip < 1024 * 1024,
);

step('Learner first-load JavaScript');
const html = readFileSync('dist/client/index.html', 'utf8');
const entryFiles = [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+\.js)"/g)].map(
  (m) => join('dist/client', m[1]),
);
const firstLoad = gzipSizeOf(entryFiles);
results.record('Learner first-load JS (entry), gzip', kb(firstLoad), '< 100 KB', firstLoad < 100 * 1024);
// The interface language: no page renders before the i18n runtime and the reader's catalog are in
// (web/lazy.ts), so the budget holds for the entry with them, in every language. (The session
// statechart and the page's own chunks download beside them; the README gives the whole first screen.)
const assetFiles = readdirSync('dist/client/assets');
const runtimeFile = assetFiles.find(
  (name) => /\.js$/.test(name) && readFileSync(join('dist/client/assets', name), 'utf8').includes('loadAndActivate'),
);
const runtime = runtimeFile ? gzipSizeOf([join('dist/client/assets', runtimeFile)]) : 0;
for (const locale of ['en', 'es', 'hi', 'ar']) {
  const catalog = assetFiles.filter((name) => name.startsWith(`catalog-app-${locale}-`) && name.endsWith('.js'));
  const size = gzipSizeOf(catalog.map((name) => join('dist/client/assets', name)));
  const total = firstLoad + runtime + size;
  results.record(
    `Learner first-load JS in ${locale}: entry + i18n runtime + catalog, gzip`,
    `${kb(total)} (runtime + catalog ${kb(runtime + size)})`,
    '< 100 KB',
    catalog.length === 1 && total < 100 * 1024,
  );
}

step('A local D1/R2 with demo data');
const persist = mkdtempSync(join(tmpdir(), 'ehs-bench-'));
try {
  await run('npx', ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persist], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await run('node', ['scripts/seed.mjs', '--persist-to', persist]);
  for (const [name, load] of STEPS) {
    let module;
    try {
      module = await load();
    } catch (error) {
      if (error?.code !== 'ERR_MODULE_NOT_FOUND') throw error;
      results.record(`${name} step`, 'not built yet', 'measured', false);
      continue;
    }
    await module.default({ persist, requests, results, quick });
  }
} finally {
  rmSync(persist, { recursive: true, force: true });
}

results.print();
console.log(
  `\nMeasured ${new Date().toISOString().slice(0, 10)} on ${(await import('node:os')).cpus().length} cores. CPU time per call is not visible from outside workerd locally; latency on loopback bounds it from above.`,
);
const missed = results.missed();
if (missed.length > 0) console.log(`${missed.length} budget(s) missed: ${missed.map((r) => r.name).join('; ')}`);
process.exit(strict && missed.length > 0 ? 1 : 0);
