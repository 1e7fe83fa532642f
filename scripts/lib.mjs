// Shared by the start, test and bench scripts: run commands, find a port, wait for the Worker.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';

// Telemetry and the Cloudflare IP lookup both try the network and fail slowly on a closed machine.
export const quietEnv = { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' };

export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', env: quietEnv, ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code ?? signal}`))));
  });
}

export function step(title) {
  process.stdout.write(`\n\x1b[1m▸ ${title}\x1b[0m\n`);
}

/** `.dev.vars` holds the local signing secret; created once, never committed. */
export function ensureDevVars(path = '.dev.vars') {
  if (existsSync(path) && /JWT_SECRET=.{32,}/.test(readFileSync(path, 'utf8'))) return false;
  writeFileSync(path, `JWT_SECRET=${randomBytes(48).toString('base64url')}\n`, { mode: 0o600 });
  return true;
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export async function waitForHealth(baseURL, timeoutMs = 60_000, child) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`wrangler dev exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${baseURL}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the Worker did not answer at ${baseURL} within ${timeoutMs / 1000} s`);
}
