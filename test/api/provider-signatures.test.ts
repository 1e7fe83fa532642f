import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin } from './compliance-helpers';
import { evaluationBody, giveCertificate, personSession, publishedTemplate, storedFor } from './evaluation-helpers';
import { createCourse } from './fixtures';
import { api, createAdmin, db, freshIp, login, schema, type TestUser } from './helpers';
import { addAccount, control, createProvider, issuer, lastErrors, reauthThrough, signInThrough } from './oidc-helpers';
import { inMinutes, scheduleSession } from './session-helpers';
import { createTopic, storedTalk, talkBody } from './talk-helpers';

/*
 * E-signatures for people without a password (issue 32 item 5), against the real OpenID provider:
 * a person who signs in through their company re-authenticates there (prompt=login, max_age=0) and
 * signs the roster, the evaluation and the talk with the proof it leaves. Refused: a stale
 * auth_time, another person at the provider, a proof of another person, for another purpose,
 * spent already or expired; each refusal writes nothing and says why.
 */

let admin: string;
const tampered: string[] = [];

beforeAll(async () => {
  await signInAdmin();
  admin = await login(await createAdmin());
});
afterEach(async () => {
  for (const sub of tampered.splice(0)) await control('tamper', { mode: null, sub });
});

/** A person the provider creates on their first sign-in (no password here), signed in. */
async function providerPerson(provider: { id: string; domain: string }, name = 'Sam') {
  const sub = `signer-${crypto.randomUUID()}`;
  await addAccount(sub, {
    email: `${name.toLowerCase()}-${sub.slice(7, 15)}@${provider.domain}`,
    given_name: name,
    family_name: 'Signer',
  });
  const { exchange } = await signInThrough(provider.id, sub);
  expect(exchange!.status, JSON.stringify(exchange!.body)).toBe(200);
  const token = exchange!.body.token as string;
  const me = await api('GET', '/api/auth/user', { token });
  return { sub, token, id: me.body.id as string, user: { id: me.body.id } as TestUser };
}

/** A session this trainer runs, started 50 minutes ago (sign-off is open). */
async function startedSession(trainerId: string) {
  const session = await scheduleSession(trainerId);
  await db
    .update(schema.classroomSessions)
    .set({ startsAt: inMinutes(-50) })
    .where(eq(schema.classroomSessions.id, session.id));
  return session.id;
}

const sessionRow = (id: string) =>
  db.select().from(schema.classroomSessions).where(eq(schema.classroomSessions.id, id)).get();
const signOffAudits = async (id: string) =>
  db
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.entityId, id), eq(schema.auditLog.action, 'SESSION_SIGNED_OFF')));
const proofCount = async (userId: string) =>
  (await db.select().from(schema.signingProofs).where(eq(schema.signingProofs.userId, userId))).length;

describe('starting a company sign-in', () => {
  it('is rate-limited per address like failed sign-ins: past the limit it goes back to the sign-in page and keeps no flow', async () => {
    const provider = await createProvider(admin);
    const ip = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
    await db
      .insert(schema.rateLimits)
      .values({ key: `oidc:start:ip:${ip}`, count: 100, windowStart: Math.floor(Date.now() / 1000) })
      .onConflictDoUpdate({ target: schema.rateLimits.key, set: { count: 100 } });
    const flows = async () =>
      (await db.select().from(schema.oidcSignIns).where(eq(schema.oidcSignIns.providerId, provider.id))).length;
    const refused = await api('GET', `/api/auth/oidc/${provider.id}/start`, { headers: { 'cf-connecting-ip': ip } });
    expect(refused.status).toBe(302);
    const back = new URL(refused.headers.get('location')!);
    expect(back.pathname).toBe('/sign-in/complete');
    expect(back.searchParams.get('error')).toBe('oidc.tooManyStarts');
    expect(await flows()).toBe(0);
    const other = await api('GET', `/api/auth/oidc/${provider.id}/start`, { headers: freshIp() });
    expect(other.headers.get('location')!.startsWith(issuer)).toBe(true);
    expect(await flows()).toBe(1);
  });
});

describe('signing through the company provider', () => {
  it('tells the dialog how each person signs, and refuses a re-authentication for a person with a password only', async () => {
    const provider = await createProvider(admin);
    const signer = await providerPerson(provider);
    const method = await api('GET', '/api/auth/oidc/signing-method', { token: signer.token });
    expect(method.body).toEqual({ provider: { id: provider.id, name: provider.name }, password: false });
    const local = await personSession();
    const localMethod = await api('GET', '/api/auth/oidc/signing-method', { token: local.token });
    expect(localMethod.body).toEqual({ provider: null, password: true });
    const start = await api('POST', '/api/auth/oidc/reauth', {
      token: local.token,
      body: { purpose: 'session', subjectId: crypto.randomUUID() },
    });
    expect(start.status).toBe(409);
    expect(start.body.reason).toBe('signature.noProvider');
    const anonymous = await api('POST', '/api/auth/oidc/reauth', {
      body: { purpose: 'session', subjectId: crypto.randomUUID() },
    });
    expect(anonymous.status).toBe(401);
  });

  it('signs the roster with a fresh re-authentication; the record and its audit row say which provider; the proof is spent', async () => {
    const provider = await createProvider(admin);
    const trainer = await providerPerson(provider);
    const sessionId = await startedSession(trainer.id);
    const { proof, error } = await reauthThrough(trainer.token, 'session', sessionId, trainer.sub);
    expect(error).toBeNull();
    expect(proof).toBeTruthy();
    const signed = await api('POST', `/api/v2/sessions/${sessionId}/sign-off`, {
      token: trainer.token,
      body: { signingProof: proof },
    });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(signed.body.session.signedOff).toMatchObject({
      by: trainer.id,
      method: 'provider',
      provider: provider.name,
    });
    expect(await sessionRow(sessionId)).toMatchObject({ signOffMethod: 'provider', signOffProvider: provider.name });
    const [audit] = await signOffAudits(sessionId);
    expect(audit!.after).toMatchObject({ signatureMethod: 'provider', signatureProvider: provider.name });
    expect(await proofCount(trainer.id)).toBe(0);

    // Spent: the same proof cannot sign again (the session put back to unsigned to show it).
    await db
      .update(schema.classroomSessions)
      .set({ status: 'SCHEDULED' })
      .where(eq(schema.classroomSessions.id, sessionId));
    const again = await api('POST', `/api/v2/sessions/${sessionId}/sign-off`, {
      token: trainer.token,
      body: { signingProof: proof },
    });
    expect(again.status).toBe(401);
    expect(again.body.reason).toBe('signature.proofUsed');
    expect(await signOffAudits(sessionId)).toHaveLength(1);
  });

  it('refuses a password signature from a person of a domain whose provider turned passwords off, signing nothing', async () => {
    const provider = await createProvider(admin);
    // Signed in with the password before the provider turned passwords off for the domain.
    const trainer = await personSession({ email: `kim-${crypto.randomUUID().slice(0, 8)}@${provider.domain}` });
    const sessionId = await startedSession(trainer.user.id);
    await db
      .update(schema.identityProviders)
      .set({ passwordSignInOff: true })
      .where(eq(schema.identityProviders.id, provider.id));
    // The dialog is told the same: no password field for this person.
    const method = await api('GET', '/api/auth/oidc/signing-method', { token: trainer.token });
    expect(method.body.password).toBe(false);
    const refused = await api('POST', `/api/v2/sessions/${sessionId}/sign-off`, {
      token: trainer.token,
      body: { password: trainer.user.password },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.reason).toBe('signature.passwordOff');
    expect(refused.body.message).toBe(`Your company turned password signatures off: confirm with ${provider.name}`);
    expect((await sessionRow(sessionId))!.status).toBe('SCHEDULED');
    expect(await signOffAudits(sessionId)).toHaveLength(0);
  });

  it('refuses a re-authentication whose auth_time is older than its start (the provider skipped the login)', async () => {
    const provider = await createProvider(admin);
    const trainer = await providerPerson(provider);
    const sessionId = await startedSession(trainer.id);
    tampered.push(trainer.sub);
    await control('tamper', { mode: 'stale-auth-time', sub: trainer.sub });
    const back = await reauthThrough(trainer.token, 'session', sessionId, trainer.sub);
    expect(back).toEqual({ proof: null, error: 'signature.reauthStale' });
    expect(await proofCount(trainer.id)).toBe(0);
    const [logged] = await lastErrors(provider.id);
    expect(logged).toMatchObject({ code: 'reauth', subject: trainer.sub });
    expect(logged!.message).toMatch(/auth_time/);
    expect((await sessionRow(sessionId))!.status).toBe('SCHEDULED');
  });

  it('refuses a re-authentication as another person at the provider', async () => {
    const provider = await createProvider(admin);
    const trainer = await providerPerson(provider, 'Sam');
    const colleague = await providerPerson(provider, 'Kim');
    const sessionId = await startedSession(trainer.id);
    const back = await reauthThrough(trainer.token, 'session', sessionId, colleague.sub);
    expect(back).toEqual({ proof: null, error: 'signature.reauthOtherPerson' });
    expect(await proofCount(trainer.id)).toBe(0);
    expect(await proofCount(colleague.id)).toBe(0);
  });

  it("refuses another person's proof, a proof for something else, and an expired proof, writing nothing", async () => {
    const provider = await createProvider(admin);
    const trainer = await providerPerson(provider, 'Sam');
    const colleague = await providerPerson(provider, 'Kim');
    const sessionId = await startedSession(trainer.id);
    const otherSession = await startedSession(trainer.id);
    const signOff = (token: string, id: string, signingProof: string | null) =>
      api('POST', `/api/v2/sessions/${id}/sign-off`, { token, body: { signingProof } });

    // The colleague's proof, given for this very session, does not sign it for the trainer.
    const theirs = await reauthThrough(colleague.token, 'session', sessionId, colleague.sub);
    const notMine = await signOff(trainer.token, sessionId, theirs.proof);
    expect(notMine.status).toBe(403);
    expect(notMine.body.reason).toBe('signature.proofOtherPerson');

    // The trainer's proof for another session, or for a talk, does not sign this one.
    const forOther = await reauthThrough(trainer.token, 'session', otherSession, trainer.sub);
    const wrongSession = await signOff(trainer.token, sessionId, forOther.proof);
    expect(wrongSession.status).toBe(403);
    expect(wrongSession.body.reason).toBe('signature.proofOtherPurpose');
    const forTalk = await reauthThrough(trainer.token, 'talk', sessionId, trainer.sub);
    const wrongPurpose = await signOff(trainer.token, sessionId, forTalk.proof);
    expect(wrongPurpose.body.reason).toBe('signature.proofOtherPurpose');

    // A proof for this session, five minutes and more after the re-authentication.
    const late = await reauthThrough(trainer.token, 'session', sessionId, trainer.sub);
    await db
      .update(schema.signingProofs)
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(schema.signingProofs.userId, trainer.id));
    const expired = await signOff(trainer.token, sessionId, late.proof);
    expect(expired.status).toBe(401);
    expect(expired.body.reason).toBe('signature.proofExpired');
    expect(expired.body.message).toMatch(/expired/);

    // Nothing signed, nothing audited; refused proofs are not spent (they stay their owner's).
    expect((await sessionRow(sessionId))!.status).toBe('SCHEDULED');
    expect(await signOffAudits(sessionId)).toHaveLength(0);
    expect(await proofCount(colleague.id)).toBe(1);
    expect(await proofCount(trainer.id)).toBe(3);
    // A made-up proof, and no signature at all.
    expect((await signOff(trainer.token, sessionId, 'x'.repeat(43))).body.reason).toBe('signature.proofUsed');
    expect(
      (await api('POST', `/api/v2/sessions/${sessionId}/sign-off`, { token: trainer.token, body: {} })).status,
    ).toBe(400);
  });

  it('signs an evaluation with a proof bound to its id; a proof for another evaluation stores nothing', async () => {
    const provider = await createProvider(admin);
    const evaluator = await providerPerson(provider, 'Eve');
    const course = await createCourse({ components: ['MATERIAL'] });
    await giveCertificate(evaluator.id, course.courseId);
    const trainee = await personSession({ firstName: 'Tom', lastName: 'Trainee' });
    const template = await publishedTemplate(admin, { qualification: { kind: 'course', id: course.courseId } });
    const body = evaluationBody(template, trainee.user, evaluator.user, { password: undefined });
    const other = await reauthThrough(evaluator.token, 'evaluation', crypto.randomUUID(), evaluator.sub);
    const wrong = await api('POST', '/api/v2/evaluations', {
      token: evaluator.token,
      body: { ...body, signingProof: other.proof },
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body.reason).toBe('signature.proofOtherPurpose');
    expect(await storedFor(body.id)).toEqual({ evaluations: 0, results: 0, authorisations: 0 });

    const { proof } = await reauthThrough(evaluator.token, 'evaluation', body.id, evaluator.sub);
    const signed = await api('POST', '/api/v2/evaluations', {
      token: evaluator.token,
      body: { ...body, signingProof: proof },
    });
    expect(signed.status, JSON.stringify(signed.body)).toBe(201);
    expect(signed.body.evaluation).toMatchObject({ signatureMethod: 'provider', signatureProvider: provider.name });
    const [audit] = await db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entityId, body.id), eq(schema.auditLog.action, 'EVALUATION_SIGNED')));
    expect(audit!.after).toMatchObject({ signatureMethod: 'provider', signatureProvider: provider.name });
  });

  it('closes a toolbox talk with the foreman re-authenticated; the record says so', async () => {
    const provider = await createProvider(admin);
    const foreman = await providerPerson(provider, 'Fran');
    const lead = await api('PUT', `/api/v2/admin/talk-leaders/${foreman.id}`, {
      token: admin,
      body: { leadsTalks: true },
    });
    expect(lead.status, JSON.stringify(lead.body)).toBe(200);
    const topic = await createTopic(admin);
    const crew = await personSession({ firstName: 'Ali', lastName: 'Crew' });
    const body = talkBody(topic.id, [{ id: crew.user.id, name: 'Ali Crew' }]);
    const forSession = await reauthThrough(foreman.token, 'session', body.id, foreman.sub);
    const wrong = await api('POST', '/api/v2/talks', {
      token: foreman.token,
      body: { ...body, foreman: { method: 'provider', proof: forSession.proof } },
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body.reason).toBe('signature.proofOtherPurpose');
    expect((await storedTalk(body.id)).talks).toBe(0);

    const { proof } = await reauthThrough(foreman.token, 'talk', body.id, foreman.sub);
    const closed = await api('POST', '/api/v2/talks', {
      token: foreman.token,
      body: { ...body, foreman: { method: 'provider', proof } },
    });
    expect(closed.status, JSON.stringify(closed.body)).toBe(201);
    const row = await db.select().from(schema.talks).where(eq(schema.talks.id, body.id)).get();
    expect(row).toMatchObject({ foremanMethod: 'provider', foremanProvider: provider.name });
  });
});
