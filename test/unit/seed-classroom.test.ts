import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedProxy, runSeed } from './seed-proxy';

/**
 * Issue 29's demo data: the blended "Bloodborne Pathogens" course (pre-work, classroom session,
 * final assessment); a signed-off session two weeks ago with five attendees whose classroom step
 * completed; an upcoming session, full, with two people waiting in order; two toolbox talk topics
 * and one talk signed by the crew on Dana's phone.
 */
describe('the demo seed: classroom sessions and toolbox talks', () => {
  let proxy: Awaited<ReturnType<typeof migratedProxy>>;
  const now = new Date('2026-11-28T12:00:00Z');
  const all = async <T>(sql: string) => (await proxy.env.DB.prepare(sql).all<T>()).results;

  beforeAll(async () => {
    proxy = await migratedProxy();
    expect((await runSeed(proxy.env, now)).alreadyPresent).toBe(false);
  }, 120_000);

  afterAll(async () => {
    await proxy?.dispose();
  });

  it('a published blended course: online pre-work, then the classroom session, then the final assessment', async () => {
    const parts = await all<{ type: string; order_index: number; status: string }>(
      `SELECT cc.type, cc.order_index, c.status FROM course_components cc JOIN courses c ON c.id = cc.course_id
       WHERE c.title = 'Bloodborne Pathogens (Blended)' ORDER BY cc.order_index`,
    );
    expect(parts.map((p) => p.type)).toEqual(['MATERIAL', 'CLASSROOM', 'POST_ASSESSMENT']);
    expect(parts[0]!.status).toBe('PUBLISHED');
  });

  it('a past session, signed off by its trainer, with five attendees whose classroom step completed at the sign-off', async () => {
    const sessions = await all<Record<string, string | number>>(
      `SELECT s.*, (SELECT count(*) FROM session_attendance a WHERE a.session_id = s.id AND a.present = 1) AS present
       FROM classroom_sessions s ORDER BY s.starts_at`,
    );
    expect(sessions).toHaveLength(2);
    const [past, upcoming] = sessions;
    expect(past).toMatchObject({
      status: 'SIGNED_OFF',
      signed_off_name: 'Priya Sharma',
      sign_off_meaning: 'I conducted this session and these people attended',
      present: 5,
      material_title: 'Bloodborne Pathogens: Pre-work for the Classroom Session',
    });
    expect(Date.parse(String(past!.ends_at))).toBeLessThan(now.getTime());
    // The trainer's qualification on the day (the sheet prints it): an approved instructor credential.
    const [held] = await all<{ name: string; status: string; issued_on: string; expires_on: string }>(
      `SELECT t.name, c.status, c.issued_on, c.expires_on FROM credentials c JOIN credential_types t ON t.id = c.type_id
       JOIN session_trainers st ON st.user_id = c.user_id WHERE st.session_id = '${past!.id}'`,
    );
    expect(held).toMatchObject({ name: 'Bloodborne pathogens instructor', status: 'APPROVED' });
    expect(held!.issued_on < String(past!.starts_at).slice(0, 10)).toBe(true);
    expect(held!.expires_on > String(past!.starts_at).slice(0, 10)).toBe(true);
    expect(Date.parse(String(upcoming!.starts_at))).toBeGreaterThan(now.getTime());
    const methods = await all<{ method: string }>(
      `SELECT method FROM session_attendance WHERE session_id = '${past!.id}' ORDER BY method`,
    );
    expect(methods.map((m) => m.method)).toEqual(['KIOSK_PIN', 'QR', 'QR', 'QR', 'ROSTER']);
    const steps = await all<{ username: string; classroom: string; completed_at: string; course: string }>(
      `SELECT u.username, cp.status AS classroom, cp.completed_at, p.status AS course FROM session_attendance a
       JOIN users u ON u.id = a.user_id
       JOIN component_progress cp ON cp.user_id = a.user_id AND cp.component_id = '${past!.component_id}'
       JOIN course_progress p ON p.user_id = a.user_id AND p.course_id = cp.course_id
       WHERE a.session_id = '${past!.id}' ORDER BY u.username`,
    );
    expect(steps).toHaveLength(5);
    for (const step of steps) {
      expect(step.classroom).toBe('COMPLETED');
      expect(step.completed_at).toBe(past!.signed_off_at);
    }
    // Fátima's final assessment is still to come; the others finished the course with a certificate.
    expect(steps.map((s) => [s.username, s.course])).toEqual([
      ['anita', 'COMPLETED'],
      ['dana', 'COMPLETED'],
      ['fatima', 'IN_PROGRESS'],
      ['olga', 'COMPLETED'],
      ['zhangwei', 'COMPLETED'],
    ]);
    const [{ certificates }] = await all<{ certificates: number }>(
      `SELECT count(*) AS certificates FROM certificates WHERE course_name = 'Bloodborne Pathogens (Blended)'`,
    );
    expect(certificates).toBe(4);
  });

  it('an upcoming session, full, with two people on the waitlist in order', async () => {
    const invitations = await all<{ username: string; status: string; waitlist_position: number | null }>(
      `SELECT u.username, i.status, i.waitlist_position FROM session_invitations i
       JOIN classroom_sessions s ON s.id = i.session_id JOIN users u ON u.id = i.user_id
       WHERE s.status = 'SCHEDULED' ORDER BY i.status, i.waitlist_position, u.username`,
    );
    expect(invitations).toEqual([
      { username: 'jordan', status: 'ACCEPTED', waitlist_position: null },
      { username: 'sam', status: 'ACCEPTED', waitlist_position: null },
      { username: 'learner', status: 'INVITED', waitlist_position: null },
      { username: 'taylor', status: 'WAITLISTED', waitlist_position: 1 },
      { username: 'casey', status: 'WAITLISTED', waitlist_position: 2 },
    ]);
    const [{ capacity }] = await all<{ capacity: number }>(
      `SELECT capacity FROM classroom_sessions WHERE status = 'SCHEDULED'`,
    );
    expect(capacity).toBe(2);
  });

  it('two talk topics and one talk Dana led: three attendees (one on behalf), every drawn signature in R2', async () => {
    const topics = await all<{ title: string }>('SELECT title FROM talk_topics ORDER BY title');
    expect(topics.map((t) => t.title)).toEqual(['Dock edges and trailer creep', 'Heat stress: water, rest, shade']);
    const [talk] = await all<Record<string, string>>('SELECT * FROM talks');
    expect(talk).toMatchObject({ foreman_name: 'Dana Whitfield', foreman_method: 'signature' });
    const [{ leads }] = await all<{ leads: number }>(`SELECT leads_talks AS leads FROM users WHERE username = 'dana'`);
    expect(leads).toBe(1);
    const attendees = await all<Record<string, string | null>>(
      `SELECT * FROM talk_attendees WHERE talk_id = '${talk!.id}' ORDER BY position`,
    );
    expect(attendees.map((a) => [a.name, a.method, a.signed_by_name])).toEqual([
      ['Alex Morgan', 'signature', null],
      ['अनीता शर्मा', 'signature', null],
      ['张伟', 'on-behalf', 'Dana Whitfield'],
    ]);
    for (const key of [talk!.foreman_signature_key, ...attendees.map((a) => a.signature_key).filter(Boolean)]) {
      const object = await proxy.env.FILES.get(String(key));
      expect(object, String(key)).not.toBeNull();
      const bytes = new Uint8Array(await object!.arrayBuffer());
      expect([...bytes.slice(1, 4)].map((b) => String.fromCharCode(b)).join('')).toBe('PNG');
    }
  });
});
