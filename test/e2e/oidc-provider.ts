import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import Provider from 'oidc-provider';

/*
 * A real OpenID provider for the tests (issue 32): `oidc-provider` on a loopback port, with one
 * confidential client, a login page of its own (any registered subject signs in by typing it), the
 * claims department and job_title, and key rotation. Started by the API project's global setup
 * (test/e2e/oidc-global-setup.ts, reached from workerd through /__test/ control routes) and by the
 * company sign-in journey in Node.
 *
 * Control routes (tests only): POST /__test/accounts {sub, claims}; POST /__test/rotate (a new
 * signing key first, the old one still published); POST /__test/tamper {mode} re-signs the next ID
 * tokens the token endpoint answers: 'unknown-key' (a key the provider never published),
 * 'wrong-audience', 'wrong-issuer', 'expired', 'stale-auth-time' (an auth_time an hour old, as a
 * provider that ignored prompt=login would answer), or null for none; with `sub`, only that
 * subject's tokens (so tests running at the same time are not touched).
 */

export const TEST_CLIENT = { clientId: 'ehs-test-client', clientSecret: 'test-client-secret-0123456789' };

type TamperMode = 'unknown-key' | 'wrong-audience' | 'wrong-issuer' | 'expired' | 'stale-auth-time' | null;

export interface TestProvider {
  issuer: string;
  addAccount(sub: string, claims: Record<string, unknown>): void;
  rotateKeys(): Promise<void>;
  close(): Promise<void>;
}

async function signingKey() {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: crypto.randomUUID(), alg: 'RS256', use: 'sig' } as JWK & { kid: string };
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => resolve(text));
  });

const page = (uid: string, error = '') => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Test company sign-in</title><meta name="viewport" content="width=device-width"></head>
<body><main><h1>Test company sign-in</h1>${error ? `<p role="alert">${error}</p>` : ''}
<form method="post" action="/interaction/${uid}/login"><label for="login">Company username</label>
<input id="login" name="login" autocomplete="username" autofocus>
<button type="submit">Continue</button></form></main></body></html>`;

export async function startTestProvider(options: { redirectUris: string[]; port?: number }): Promise<TestProvider> {
  const accounts = new Map<string, Record<string, unknown>>();
  let keys = [await signingKey()];
  let tamper: TamperMode = null;
  const subjectTampers = new Map<string, TamperMode>();
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const cookieKeys = ['oidc-test-cookie-key-0123456789'];

  const build = () => {
    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: TEST_CLIENT.clientId,
          client_secret: TEST_CLIENT.clientSecret,
          redirect_uris: options.redirectUris,
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
      jwks: { keys },
      cookies: { keys: cookieKeys },
      claims: {
        openid: ['sub'],
        email: ['email', 'email_verified'],
        profile: ['name', 'given_name', 'family_name', 'department', 'job_title', 'office', 'manager_email'],
      },
      // The claims go in the ID token itself, as Entra ID and Okta put them when configured to.
      conformIdTokenClaims: false,
      // Short lives, stated (the defaults are functions it warns about).
      ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Grant: 3600, Session: 3600 },
      features: { devInteractions: { enabled: false } },
      pkce: { required: () => true },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      async findAccount(_ctx, sub) {
        const claims = accounts.get(sub);
        if (!claims) return undefined;
        return { accountId: sub, claims: async () => ({ ...claims, sub }) };
      },
      // No consent screen: the company's own application is trusted (as an admin-consented app is).
      async loadExistingGrant(ctx) {
        const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
        if (grantId) return ctx.oidc.provider.Grant.find(grantId);
        const grant = new ctx.oidc.provider.Grant({
          clientId: ctx.oidc.client!.clientId,
          accountId: ctx.oidc.session!.accountId!,
        });
        grant.addOIDCScope('openid email profile');
        await grant.save();
        return grant;
      },
    });
    // The issuer is plain http on loopback: the provider must not insist on https.
    provider.proxy = true;
    return provider;
  };
  let provider = build();

  /** The token endpoint's answer, its ID token re-signed the way the tamper mode says. */
  async function tampered(body: string): Promise<string> {
    const tokens = JSON.parse(body) as { id_token?: string };
    if (!tokens.id_token) return body;
    const claims = decodeJwt(tokens.id_token);
    const mode = subjectTampers.get(String(claims.sub)) ?? tamper;
    if (!mode) return body;
    if (mode === 'stale-auth-time') claims.auth_time = Math.floor(Date.now() / 1000) - 3600;
    const key = mode === 'unknown-key' ? await signingKey() : keys[0]!;
    if (mode === 'wrong-audience') claims.aud = 'someone-else';
    if (mode === 'wrong-issuer') claims.iss = 'https://impostor.example';
    if (mode === 'expired') {
      claims.iat = Math.floor(Date.now() / 1000) - 7200;
      claims.exp = Math.floor(Date.now() / 1000) - 3600;
    }
    const { importJWK } = await import('jose');
    tokens.id_token = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: key.kid })
      .sign(await importJWK(key, 'RS256'));
    return JSON.stringify(tokens);
  }

  server.on('request', async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', issuer);
    try {
      if (url.pathname.startsWith('/__test/') && req.method === 'POST') {
        const body = JSON.parse((await readBody(req)) || '{}');
        if (url.pathname === '/__test/accounts') accounts.set(body.sub, body.claims ?? {});
        if (url.pathname === '/__test/rotate') await rotateKeys();
        if (url.pathname === '/__test/tamper') {
          if (!body.sub) tamper = body.mode ?? null;
          else if (body.mode) subjectTampers.set(body.sub, body.mode);
          else subjectTampers.delete(body.sub);
        }
        res.writeHead(204).end();
        return;
      }
      const interaction = url.pathname.match(/^\/interaction\/([\w-]+)(\/login)?$/);
      if (interaction) {
        const details = await provider.interactionDetails(req, res);
        if (req.method === 'GET') {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(details.uid));
          return;
        }
        const login = new URLSearchParams(await readBody(req)).get('login')?.trim() ?? '';
        if (!accounts.has(login)) {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(details.uid, 'Unknown user'));
          return;
        }
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: login } },
          { mergeWithLastSubmission: false },
        );
        return;
      }
      if (url.pathname === '/token' && (tamper || subjectTampers.size > 0)) {
        // Hold the token answer back, re-sign its ID token, then send it.
        const end = res.end.bind(res);
        const chunks: Buffer[] = [];
        res.write = ((chunk: Buffer | string) => {
          chunks.push(Buffer.from(chunk));
          return true;
        }) as typeof res.write;
        res.end = ((chunk?: Buffer | string) => {
          if (chunk) chunks.push(Buffer.from(chunk));
          void tampered(Buffer.concat(chunks).toString()).then((text) => {
            res.setHeader('content-length', Buffer.byteLength(text));
            end(text);
          });
          return res;
        }) as typeof res.end;
      }
      provider.callback()(req, res);
    } catch (error) {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
    }
  });

  async function rotateKeys() {
    // The new key signs from now on; the old one stays published for tokens already out.
    keys = [await signingKey(), ...keys].slice(0, 2);
    provider = build();
  }

  return {
    issuer,
    addAccount: (sub, claims) => accounts.set(sub, claims),
    rotateKeys,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
