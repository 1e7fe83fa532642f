import type { TestProject } from 'vitest/node';
import { startTestProvider } from './oidc-provider';

/*
 * The API projects' global setup (vitest.config.ts): the real OpenID provider the company sign-in
 * tests use, started once per run in Node (oidc-provider does not run in workerd), its issuer
 * handed to the tests with inject('oidcIssuer'). Its redirect URI is the Worker's PUBLIC_URL.
 */
export default async function setup(project: TestProject) {
  const provider = await startTestProvider({ redirectUris: ['http://localhost:8787/api/auth/oidc/callback'] });
  project.provide('oidcIssuer', provider.issuer);
  return () => provider.close();
}

declare module 'vitest' {
  export interface ProvidedContext {
    oidcIssuer: string;
  }
}
