#!/usr/bin/env node
/*
 * Seeds the local D1 database and R2 bucket with demo data (run by `npm start` after
 * `wrangler d1 migrations apply DB --local`). Uses wrangler's getPlatformProxy, so it writes to
 * the same .wrangler/state/v3 that `wrangler dev` reads. Safe to run again: if the admin user
 * exists it does nothing.
 *
 *   node scripts/seed.mjs                 seed .wrangler/state/v3
 *   node scripts/seed.mjs --persist-to D  seed D/v3 (same meaning as wrangler's --persist-to)
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { prepareAssets, seed } from './seed/index.mjs';

process.env.WRANGLER_SEND_METRICS ??= 'false';
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= 'false';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const args = process.argv.slice(2);
const persistFlag = args.indexOf('--persist-to');
const persistRoot = persistFlag >= 0 ? resolve(args[persistFlag + 1] ?? '') : resolve(root, '.wrangler/state');

const started = performance.now();
// The seed takes a few seconds; if the local runtime wedges, fail the start script instead of
// hanging it. The batch is one transaction, so stopping here never leaves half a seed.
const watchdog = setTimeout(() => {
  console.error('Seeding timed out after 120 s; the local runtime did not answer.');
  process.exit(1);
}, 120_000);
watchdog.unref();
const { getPlatformProxy } = await import('wrangler');
// Hash passwords and render the PDFs while workerd boots; wasted work only when already seeded.
const assets = prepareAssets();
assets.catch(() => {}); // reported through seed() below
const openProxy = () =>
  getPlatformProxy({
    configPath: resolve(root, 'wrangler.toml'),
    persist: { path: resolve(persistRoot, 'v3') },
    remoteBindings: false,
  });

let exitCode = 0;
// A seed writes everything or nothing and does nothing when the admin exists, so a second try is
// safe. It is there for the local runtime's own hiccups under load (a lost synchronous call in
// miniflare's proxy; CI stop 37), not for mistakes in the data, which fail both tries.
for (let attempt = 1; attempt <= 2; attempt++) {
  const { env, dispose } = await openProxy();
  try {
    const result = await seed({ DB: env.DB, FILES: env.FILES }, { assets });
    report(result);
    exitCode = 0;
    break;
  } catch (error) {
    console.error(
      attempt === 1 ? 'Seeding failed; nothing was written. Trying once more.' : 'Seeding failed; nothing was written.',
    );
    console.error(error);
    exitCode = 1;
  } finally {
    await dispose();
  }
}

function report(result) {
  if (result.alreadyPresent) {
    console.log('Demo data already present');
    return;
  }
  const c = result.counts;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Seeded ${c.users} users, ${c.books} books, ${c.courses} courses (${c.publishedCourses} published, ${c.draftCourses} draft), ` +
      `${c.components} components, ${c.materials} materials (${(c.fileBytes / 1024).toFixed(0)} KB in R2), ` +
      `${c.enrollments} enrollments, ${c.attempts} assessment attempts, ${c.certificates} certificates, ${c.requirements} training requirements, ` +
      `${c.evaluations} practical evaluations, ${c.credentials} credentials, ${c.sessions} classroom sessions, ${c.talks} toolbox talk, ` +
      `${c.announcements} announcements, ${c.feedback} feedback submissions in ${seconds}s.`,
  );
  console.log(
    'Sign in as admin / Admin#2026demo, or learner / Learner#2026demo (also jordan, sam, taylor, casey, zhangwei, olga, anita, fatima; dana is the forklift evaluator and leads toolbox talks; morgan is the Riverside site lead over the supervisors rosa and kwame).',
  );
}
process.exit(exitCode);
