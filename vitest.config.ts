import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers';
import { defineConfig } from 'vitest/config';

/** API test files that need a database of their own (see the `api` project below). */
const API_ISOLATED = [
  'test/api/admin-dashboard.test.ts',
  // Makes every kind of admin write (courses, materials, books, announcements): kept off the
  // shared database, whose lists other files read as "newest first".
  'test/api/audit-coverage.test.ts',
  'test/api/domains.test.ts',
  'test/api/fuzz.test.ts',
  'test/api/reminders.test.ts',
  'test/api/scheduled.test.ts',
  'test/api/scheduled-handler.test.ts',
  // Runs every cron job an hour and more ahead (the orphaned SCORM file sweep).
  'test/api/scorm-staged-sweep.test.ts',
  'test/api/users-leavers.test.ts',
];

const UNIT_FILES = [
  'statecharts/**/*.test.ts',
  'worker/contract/**/*.test.ts',
  'web/**/*.test.ts',
  'test/unit/**/*.test.ts',
];

/** Unit test files that need modules of their own (see the `unit` project below). */
const UNIT_ISOLATED = [
  // Compares the Worker's TrueType-only fontkit with the package's: the PDF tests patch the Worker's
  // copy at run time (worker/services/pdf/fonts.ts), which a shared module cache would carry over.
  'test/unit/fontkit-slim.test.ts',
  // Each starts its own Miniflare through wrangler's getPlatformProxy, whose bindings answer property
  // reads over a synchronous channel; in the shared worker one of them once read a reply that was not
  // its own (miniflare's `message?.id === id` assertion, at load average 9), so each gets a worker of its own.
  'test/unit/migration-0022.test.ts',
  'test/unit/seed-clock.test.ts',
  'test/unit/seed-demo.test.ts',
];

/** Pure unit tests in Node (statecharts, contract rules, client state, source checks). */
function unitProject(name: string, files: { isolate: boolean; include?: string[]; exclude?: string[] }) {
  return {
    // The client's path alias for the shared contract (web/tsconfig.json, vite.config.ts), so a client
    // module that imports a value from it can be tested here.
    resolve: { alias: { '@contract': new URL('./worker/contract', import.meta.url).pathname } },
    test: {
      name,
      environment: 'node' as const,
      // Generous limits: the suite must also pass on a loaded two-core CI machine.
      testTimeout: 30_000,
      isolate: files.isolate,
      include: files.include ?? UNIT_FILES,
      exclude: files.exclude ?? [],
    },
  };
}

/** An API test project inside workerd with real D1 and R2 (the bindings of wrangler.toml). */
function apiProject(name: string, files: { isolate: boolean; include?: string[]; exclude?: string[] }) {
  return {
    plugins: [
      cloudflareTest(async () => ({
        wrangler: { configPath: './wrangler.toml' },
        miniflare: {
          bindings: {
            JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
            TEST_MIGRATIONS: await readD1Migrations('./migrations'),
            PUBLIC_URL: 'http://localhost:8787',
            // test/api/fuzz.test.ts replays a failure with FUZZ_SEED=<seed>; FUZZ_RUNS changes its size.
            FUZZ_SEED: process.env.FUZZ_SEED ?? '',
            FUZZ_RUNS: process.env.FUZZ_RUNS ?? '',
          },
        },
      })),
    ],
    test: {
      name,
      testTimeout: 30_000,
      hookTimeout: 60_000,
      isolate: files.isolate,
      include: files.include ?? ['test/api/**/*.test.ts'],
      exclude: files.exclude ?? [],
      setupFiles: ['./test/api/setup.ts'],
      // The real OpenID provider of the company sign-in tests (issue 32), on a loopback port.
      globalSetup: ['./test/e2e/oidc-global-setup.ts'],
      // `ics` is CommonJS requiring `nanoid`, which workerd's module shim resolves to its ESM build:
      // pre-bundled, the require is resolved at bundle time as wrangler's esbuild does for the Worker.
      deps: { optimizer: { ssr: { enabled: true, include: ['ics'] } } },
    },
  };
}

// One `vitest run` holds three kinds of project: pure unit tests in Node (statecharts, contract rules),
// API tests inside workerd with real D1 and R2, and browser journeys against `wrangler dev`.
export default defineConfig({
  test: {
    projects: [
      // Unit files share one Node worker and its module cache (`isolate: false`): a fresh fork per
      // file, importing its modules again, made the unit run 264 s against 215 s shared, at load
      // average 11-14 (2026-11-28); a file that needs modules nobody else touched is in `unit-isolated`.
      unitProject('unit', { isolate: false, exclude: UNIT_ISOLATED }),
      unitProject('unit-isolated', { isolate: true, include: UNIT_ISOLATED }),
      // API tests share one workerd runtime per vitest worker (`isolate: false`): starting a
      // runtime and migrating its D1 for each of 35 files cost more than most files' tests. Files
      // then see the rows earlier files left, so each test names its own data; the files that
      // judge the whole database (organisation-wide counts, the scheduled jobs that sweep every
      // row, the fuzz) keep a fresh runtime each.
      apiProject('api', { isolate: false, exclude: API_ISOLATED }),
      apiProject('api-isolated', { isolate: true, include: API_ISOLATED }),
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.spec.ts'],
          globalSetup: ['./test/e2e/global-setup.ts'],
          fileParallelism: false,
          // The files share one worker and its modules (playwright-core, axe, the helpers) and so one
          // Chromium (test/e2e/browser.ts): importing them again per file cost about 1.3 s of wall time
          // per file (30 s of a part's 23 files) and a browser launch about 1 s of CPU. Journeys share
          // no state but the browser: each session is a fresh context and each journey makes its data.
          isolate: false,
          // One retry for a journey that times out on a loaded two-core run; a real regression fails
          // twice. The intermittent "Start Course missing after Enroll" (see README decisions) is
          // still open: a retry must not hide it from the next person reading a failing log.
          retry: 1,
          // The longest journeys take 40-50 s on a quiet two-core run and 80-90 s when the machine is
          // shared (2026-11-26: two timeouts at 60 s at load average 15): the limit catches a hang,
          // it is not a speed budget (timings are the bench's job).
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
