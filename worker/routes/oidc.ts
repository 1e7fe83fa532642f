import { and, eq, gt, lt } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { idParam } from '../contract/common';
import { REFUSALS, type RefusalReason } from '../contract/errors';
import { oidcCallbackQuery, oidcExchangeBody, type SignInProvidersResponse } from '../contract/identity-providers';
import { originFor } from '../config';
import { identityProviders, oidcHandoffs, oidcSignIns, users } from '../db/schema';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { publicRoute, requireLearner } from '../middleware/auth';
import { randomToken, sha256Hex } from '../services/crypto';
import {
  claimMapOf,
  domainsOf,
  openClientSecret,
  recordSignInError,
  signInProviders,
} from '../services/identity-providers';
import { authorizationUrl, discover, newAuthorization, OidcError, redeemCode, type Discovery } from '../services/oidc';
import type { UserRow } from '../services/user-accounts';
import { personForSignIn, SignInRefused } from '../services/oidc-people';
import { reauthBody, type ReauthStartResponse, type SigningMethodResponse } from '../contract/signing-proofs';
import { finishReauth, reauthFlow, reauthProvider, signingMethod } from '../services/signing-proofs';
import { clientIp, enforceRate, hitRate, RATE_RULES } from '../services/rate-limit';
import { assertNotCrossSite, issueSession } from '../services/web-session';
import { validate } from '../validate';
import * as v from 'valibot';

/*
 * /api/auth/oidc (issue 32): company sign-in, authorization code flow with PKCE.
 *   start    keeps state (hashed), nonce and the PKCE verifier server-side for 10 minutes, one use;
 *   callback spends them, redeems the code, verifies the ID token, finds or links the person, and
 *            hands the browser a one-time code (60 s) at /sign-in/complete?code=...;
 *   exchange spends that code for exactly the password login's answer (services/sign-in.ts), so
 *            whatever the login sets (the token today, the cookie of issue 31) the exchange sets too.
 * The hand-off keeps the session out of the URL and out of the provider's redirect.
 *   reauth   (issue 32 item 5) a signed-in person about to sign re-authenticates at their provider
 *            (prompt=login, max_age=0); the same callback checks the person and the fresh auth_time
 *            and sends the pop-up to /sign/confirmed with a signing proof (services/signing-proofs.ts).
 */

const SIGN_IN_TTL_MS = 10 * 60 * 1000;
const HANDOFF_TTL_MS = 60 * 1000;

const appOrigin = (c: Context<AppEnv>) => originFor(c.var.config, c.req.url) ?? new URL(c.req.url).origin;
const redirectUri = (c: Context<AppEnv>) => `${appOrigin(c)}/api/auth/oidc/callback`;

/** Back to the web app's sign-in page with a refusal it can say in the person's language. */
function backWithError(c: Context<AppEnv>, reason: RefusalReason | 'ACCOUNT_DEACTIVATED', provider?: string) {
  const url = new URL('/sign-in/complete', appOrigin(c));
  url.searchParams.set('error', reason);
  if (provider) url.searchParams.set('provider', provider);
  return c.redirect(url.toString(), 302);
}

/** Where a re-authentication's pop-up lands: the proof for the sign-off dialog, or why there is none. */
function backToSigner(
  c: Context<AppEnv>,
  flow: { purpose: string | null; subjectId: string | null },
  answer: { proof: string } | { error: RefusalReason },
) {
  const url = new URL('/sign/confirmed', appOrigin(c));
  url.searchParams.set('purpose', flow.purpose ?? '');
  url.searchParams.set('subject', flow.subjectId ?? '');
  if ('proof' in answer) url.searchParams.set('proof', answer.proof);
  else url.searchParams.set('error', answer.error);
  return c.redirect(url.toString(), 302);
}

/** The provider's discovery document, or null once why it failed is kept among its last sign-in errors. */
async function discoveryOf(c: Context<AppEnv>, provider: { id: string; issuer: string }): Promise<Discovery | null> {
  try {
    return await discover(provider.issuer);
  } catch (error) {
    if (!(error instanceof OidcError)) throw error;
    await recordSignInError(c.var.db, provider.id, { code: error.code, message: error.message });
    return null;
  }
}

const startQuery = v.object({
  login_hint: v.pipe(v.optional(v.string(), ''), v.trim(), v.maxLength(254)),
});

export const oidcRoutes = new Hono<AppEnv>()
  // The sign-in page's buttons and the domains it sends to each provider.
  .get('/providers', publicRoute, async (c) =>
    c.json<SignInProvidersResponse>({ providers: await signInProviders(c.var.db) }),
  )

  .get('/:id/start', publicRoute, validate('param', idParam), validate('query', startQuery), async (c) => {
    const db = c.var.db;
    const { id } = c.req.valid('param');
    const provider = await db.select().from(identityProviders).where(eq(identityProviders.id, id)).get();
    if (!provider || provider.disabledAt) throw new ApiError('NOT_FOUND', REFUSALS['idp.notFound']);
    // Each start keeps a flow row: limited per address like failed password sign-ins (a navigation,
    // so the refusal goes back to the sign-in page in the person's language, not as a JSON 429).
    const starts = await hitRate(db, `oidc:start:ip:${clientIp(c.req.raw.headers)}`, RATE_RULES.oidcStart);
    if (starts > RATE_RULES.oidcStart.limit) return backWithError(c, 'oidc.tooManyStarts');
    const discovery = await discoveryOf(c, provider);
    if (!discovery) return backWithError(c, 'oidc.signInFailed');
    const flow = await newAuthorization();
    const now = new Date();
    await db.batch([
      // Sign-ins never finished are swept by the next start.
      db.delete(oidcSignIns).where(lt(oidcSignIns.expiresAt, now.toISOString())),
      db.insert(oidcSignIns).values({
        stateHash: flow.stateHash,
        providerId: provider.id,
        nonce: flow.nonce,
        codeVerifier: flow.codeVerifier,
        expiresAt: new Date(now.getTime() + SIGN_IN_TTL_MS).toISOString(),
      }),
    ]);
    const hint = c.req.valid('query').login_hint;
    return c.redirect(
      authorizationUrl(discovery, {
        clientId: provider.clientId,
        redirectUri: redirectUri(c),
        state: flow.state,
        nonce: flow.nonce,
        challenge: flow.challenge,
        loginHint: hint.includes('@') ? hint : undefined,
      }),
      302,
    );
  })

  // How the signed-in person signs: the sign-off dialogs offer "Confirm with <company>" from this.
  .get('/signing-method', requireLearner, async (c) =>
    c.json<SigningMethodResponse>(await signingMethod(c.var.db, c.var.user.id)),
  )

  // A signed-in person about to sign re-authenticates at their provider; the dialog opens the address.
  .post('/reauth', requireLearner, validate('json', reauthBody), async (c) => {
    const db = c.var.db;
    const user = c.var.user;
    const provider = await reauthProvider(db, user.id);
    await enforceRate(db, `oidc:reauth:acct:${user.id}`, RATE_RULES.reauthAccount);
    const discovery = await discoveryOf(c, provider);
    if (!discovery) throw new ApiError('SERVICE_UNAVAILABLE', REFUSALS['signature.reauthFailed']);
    const flow = await newAuthorization();
    const now = new Date();
    await db.batch([
      db.delete(oidcSignIns).where(lt(oidcSignIns.expiresAt, now.toISOString())),
      db.insert(oidcSignIns).values(reauthFlow(flow, provider.id, user.id, c.req.valid('json'), now, SIGN_IN_TTL_MS)),
    ]);
    const url = authorizationUrl(discovery, {
      clientId: provider.clientId,
      redirectUri: redirectUri(c),
      state: flow.state,
      nonce: flow.nonce,
      challenge: flow.challenge,
      loginHint: user.email.includes('@') ? user.email : undefined,
      reauth: true,
    });
    return c.json<ReauthStartResponse>({ url });
  })

  .get('/callback', publicRoute, validate('query', oidcCallbackQuery), async (c) => {
    const db = c.var.db;
    const query = c.req.valid('query');
    // The state is spent whatever happens next: a replayed or forged callback finds nothing.
    const [flow] = query.state
      ? await db
          .delete(oidcSignIns)
          .where(
            and(
              eq(oidcSignIns.stateHash, await sha256Hex(query.state)),
              gt(oidcSignIns.expiresAt, new Date().toISOString()),
            ),
          )
          .returning()
      : [];
    if (!flow) return backWithError(c, 'oidc.signInFailed');
    const provider = await db.select().from(identityProviders).where(eq(identityProviders.id, flow.providerId)).get();
    // A re-authentication to sign goes back to the signer's pop-up, never to the sign-in page.
    const refuse = (reason: RefusalReason) =>
      flow.reauthUserId ? backToSigner(c, flow, { error: 'signature.reauthFailed' }) : backWithError(c, reason);
    if (!provider || provider.disabledAt) return refuse('oidc.signInFailed');
    const fail = async (code: string, message: string, extra: { subject?: string; email?: string } = {}) => {
      await recordSignInError(db, provider.id, { code, message, ...extra });
      return refuse('oidc.signInFailed');
    };
    if (query.error || !query.code) {
      return fail('provider_error', `${query.error || 'no code'}: ${query.error_description}`.trim());
    }
    if (query.iss && query.iss.replace(/\/+$/, '') !== provider.issuer) {
      return fail('issuer', `The answer came from ${query.iss}, not ${provider.issuer}`);
    }
    const secret = await openClientSecret(c.env, provider.clientSecretEnc);
    if (secret === null) return fail('secret', 'The stored client secret cannot be opened: enter it again');
    let claims: Record<string, unknown>;
    try {
      const discovery = await discover(provider.issuer);
      claims = await redeemCode(
        discovery,
        { clientId: provider.clientId, clientSecret: secret, redirectUri: redirectUri(c) },
        query.code,
        flow,
      );
    } catch (error) {
      if (!(error instanceof OidcError)) throw error;
      return fail(error.code, error.message);
    }
    if (flow.reauthUserId) {
      const done = await finishReauth(db, flow, provider, claims);
      if ('proof' in done) return backToSigner(c, flow, done);
      await recordSignInError(db, provider.id, { code: 'reauth', message: done.detail, subject: String(claims.sub) });
      return backToSigner(c, flow, { error: done.refused });
    }
    let person: UserRow;
    try {
      person = await personForSignIn(
        db,
        {
          id: provider.id,
          name: provider.name,
          claimMap: claimMapOf(provider.claimMap),
          domains: await domainsOf(db, provider.id),
        },
        claims,
      );
    } catch (error) {
      if (!(error instanceof SignInRefused)) throw error;
      const email = typeof claims.email === 'string' ? claims.email : undefined;
      await recordSignInError(db, provider.id, {
        code: error.code,
        message: error.message,
        subject: String(claims.sub),
        email,
      });
      return backWithError(c, error.reason, provider.name);
    }
    const code = randomToken(32);
    const now = Date.now();
    await db.batch([
      db.delete(oidcHandoffs).where(lt(oidcHandoffs.expiresAt, new Date(now).toISOString())),
      db.insert(oidcHandoffs).values({
        codeHash: await sha256Hex(code),
        userId: person.id,
        expiresAt: new Date(now + HANDOFF_TTL_MS).toISOString(),
      }),
    ]);
    const url = new URL('/sign-in/complete', appOrigin(c));
    url.searchParams.set('code', code);
    return c.redirect(url.toString(), 302);
  })

  // The browser collects its session: exactly the password login's answer.
  .post('/exchange', publicRoute, validate('json', oidcExchangeBody), async (c) => {
    // As the password sign-in: another site may not sign this browser in with a code it obtained.
    assertNotCrossSite(c);
    const db = c.var.db;
    const [handoff] = await db
      .delete(oidcHandoffs)
      .where(
        and(
          eq(oidcHandoffs.codeHash, await sha256Hex(c.req.valid('json').code)),
          gt(oidcHandoffs.expiresAt, new Date().toISOString()),
        ),
      )
      .returning();
    if (!handoff) throw new ApiError('UNAUTHORIZED', REFUSALS['oidc.handoffInvalid']);
    const user = await db.select().from(users).where(eq(users.id, handoff.userId)).get();
    if (!user) throw new ApiError('UNAUTHORIZED', REFUSALS['oidc.handoffInvalid']);
    // Deactivated between the callback and now: refused like a password sign-in (issueSession).
    return c.json(await issueSession(c, user));
  });
