#!/usr/bin/env node
// Prints a password hash in the Worker's format, for creating the first production administrator.
// Usage: node scripts/hash-password.mjs 'Your#Passw0rd'
import { webcrypto as crypto } from 'node:crypto';

const password = process.argv[2];
if (!password) {
  console.error("Usage: node scripts/hash-password.mjs '<password>'");
  process.exit(1);
}
const ITERATIONS = 100_000; // the most Cloudflare's runtime accepts; must match worker/services/password.ts
const salt = crypto.getRandomValues(new Uint8Array(16));
const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, ['deriveBits']);
const bits = await crypto.subtle.deriveBits(
  { name: 'PBKDF2', hash: 'SHA-256', salt, iterations: ITERATIONS },
  key,
  256,
);
const b64 = (bytes) => Buffer.from(bytes).toString('base64');
console.log(`pbkdf2$sha256$${ITERATIONS}$${b64(salt)}$${b64(new Uint8Array(bits))}`);
