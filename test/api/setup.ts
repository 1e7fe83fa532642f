import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';

// The same generated migrations that `wrangler d1 migrations apply` runs locally and in production.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
