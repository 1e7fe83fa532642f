import type { D1Migration } from 'cloudflare:test';
import type { Bindings } from '../../worker/env';

declare global {
  namespace Cloudflare {
    interface Env extends Bindings {
      TEST_MIGRATIONS: D1Migration[];
      /** test/api/fuzz.test.ts: a seed to replay and the number of runs (empty: random seed, default runs). */
      FUZZ_SEED: string;
      FUZZ_RUNS: string;
    }
  }
}

declare module 'vitest' {
  /** test/e2e/oidc-global-setup.ts: the issuer of the real OpenID provider the company sign-in tests use. */
  export interface ProvidedContext {
    oidcIssuer: string;
  }
}
