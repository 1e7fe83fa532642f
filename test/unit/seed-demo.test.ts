import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedProxy, runSeed } from './seed-proxy';

/*
 * The demo seed at noon, read back. Both parts below read the same seeded database: one platform
 * proxy, migrated and seeded once for the file (each took 15-25 s of the suite's two cores).
 */
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

/**
 * Issue 28's demo data: the Warehouse "Forklift operator" requirement needs the forklift course
 * and the reach-truck evaluation; Dana is the qualified evaluator; Jordan and 张伟 are authorised,
 * Alex has the course only; the first-aid credentials are approved, expiring soon and pending.
 */
describe('the demo seed: training off-screen', () => {
  it('a published reach-truck template with 8 items, valid 3 years, evaluated only by holders of the evaluator qualification', async () => {
    const [template] = await all<Record<string, unknown>>(
      `SELECT t.*, ct.name AS qualification, (SELECT count(*) FROM evaluation_template_items i WHERE i.template_id = t.id) AS items
       FROM evaluation_templates t JOIN credential_types ct ON ct.id = t.evaluator_qualification_id`,
    );
    expect(template).toMatchObject({
      name: 'Reach truck practical evaluation',
      status: 'PUBLISHED',
      version: 1,
      grants: 'Powered industrial truck — reach truck',
      validity_days: 1095,
      evaluator_qualification_kind: 'credential',
      qualification: 'Forklift evaluator qualification',
      items: 8,
    });
    expect(template!.family_id).toBe(template!.id);
    const holders = await all<{ username: string; status: string }>(
      `SELECT u.username, c.status FROM credentials c JOIN users u ON u.id = c.user_id WHERE c.type_id = '${template!.evaluator_qualification_id}'`,
    );
    expect(holders).toEqual([{ username: 'dana', status: 'APPROVED' }]);
  });

  it('the Warehouse "Forklift operator" requirement needs the course and the evaluation; every requirement names its course', async () => {
    const evidence = await all<{ kind: string; what: string; department: string | null }>(
      `SELECT e.kind, coalesce(c.title, t.name) AS what, r.department FROM requirement_evidence e
       JOIN requirements r ON r.id = e.requirement_id
       LEFT JOIN courses c ON e.kind = 'course' AND c.id = e.ref_id
       LEFT JOIN evaluation_templates t ON e.kind = 'evaluation' AND t.family_id = e.ref_id
       WHERE r.department = 'Warehouse' ORDER BY e.kind`,
    );
    expect(evidence).toEqual([
      { kind: 'course', what: 'Powered Industrial Trucks: Forklift Operator Training', department: 'Warehouse' },
      { kind: 'evaluation', what: 'Reach truck practical evaluation', department: 'Warehouse' },
    ]);
    const [{ missing }] = await all<{ missing: number }>(
      `SELECT count(*) AS missing FROM requirements r WHERE NOT EXISTS
       (SELECT 1 FROM requirement_evidence e WHERE e.requirement_id = r.id AND e.kind = 'course' AND e.ref_id = r.course_id)`,
    );
    expect(missing).toBe(0);
  });

  it('Jordan and 张伟 are authorised by Dana (signed, acknowledged); Alex has the course certificate and no evaluation', async () => {
    const authorised = await all<Record<string, string>>(
      `SELECT u.username, a.number, a.title, e.evaluator_name, e.outcome, e.acknowledgement_method, a.expires_at, a.issued_at
       FROM authorisations a JOIN evaluations e ON e.id = a.evaluation_id JOIN users u ON u.id = a.user_id ORDER BY u.username`,
    );
    expect(authorised.map((a) => [a.username, a.evaluator_name, a.outcome, a.acknowledgement_method])).toEqual([
      ['jordan', 'Dana Whitfield', 'COMPETENT', 'password'],
      ['zhangwei', 'Dana Whitfield', 'COMPETENT', 'account'],
    ]);
    for (const a of authorised) {
      expect(a.number).toMatch(/^AUT-\d{4}-\d{6}$/);
      expect(a.title).toBe('Powered industrial truck — reach truck');
      expect(Date.parse(a.expires_at!) - Date.parse(a.issued_at!)).toBe(1095 * 86_400_000);
    }
    const certified = await all<{ username: string }>(
      `SELECT u.username FROM certificates c JOIN users u ON u.id = c.user_id JOIN courses k ON k.id = c.course_id
       WHERE k.title = 'Powered Industrial Trucks: Forklift Operator Training' ORDER BY u.username`,
    );
    expect(certified.map((c) => c.username)).toEqual(['jordan', 'learner', 'zhangwei']);
    const alex = await all(
      `SELECT e.id FROM evaluations e JOIN users u ON u.id = e.trainee_id WHERE u.username = 'learner'`,
    );
    expect(alex).toEqual([]);
  });

  it('first aid certificates: one approved, one approved and expiring within 30 days, one waiting; each scan in R2', async () => {
    const rows = await all<Record<string, string>>(
      `SELECT u.username, c.status, c.expires_on, c.scan_key, c.scan_content_type, c.reviewed_at FROM credentials c
       JOIN credential_types t ON t.id = c.type_id JOIN users u ON u.id = c.user_id
       WHERE t.name = 'First aid certificate' ORDER BY u.username`,
    );
    expect(rows.map((r) => [r.username, r.status])).toEqual([
      ['anita', 'APPROVED'],
      ['jordan', 'APPROVED'],
      ['sam', 'PENDING'],
    ]);
    const days = (day: string) => (Date.parse(`${day}T00:00:00Z`) - now.getTime()) / 86_400_000;
    expect(days(rows[0]!.expires_on!)).toBeGreaterThan(0);
    expect(days(rows[0]!.expires_on!)).toBeLessThan(30);
    expect(days(rows[1]!.expires_on!)).toBeGreaterThan(90);
    expect(rows[2]!.reviewed_at).toBeNull();
    for (const row of rows) {
      const object = await proxy.env.FILES.get(row.scan_key!);
      const bytes = new Uint8Array(await object!.arrayBuffer());
      expect([...bytes.slice(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
      expect(object!.httpMetadata?.contentType).toBe('image/png');
    }
  });

  // Issue 30: two sites; Morgan, the Riverside site lead, manages the supervisors Rosa and Kwame;
  // "Operate a reach truck" needs the forklift course and the reach-truck evaluation.
  it('places the site lead over two supervisors and their crews of 3 to 5', async () => {
    const sites = await all<{ name: string }>('SELECT name FROM sites ORDER BY name');
    expect(sites.map((s) => s.name)).toEqual(['Hilltop Plant', 'Riverside Distribution Centre']);
    const lines = await all<{ username: string; manager: string | null; site: string | null; role: string }>(
      `SELECT u.username, m.username AS manager, s.name AS site, u.role FROM users u
       LEFT JOIN users m ON m.id = u.manager_id LEFT JOIN sites s ON s.id = u.site_id`,
    );
    const reportsTo = (manager: string) =>
      lines
        .filter((l) => l.manager === manager)
        .map((l) => l.username)
        .sort();
    expect(reportsTo('morgan')).toEqual(['kwame', 'rosa']);
    expect(reportsTo('rosa')).toEqual(['anita', 'learner', 'olga', 'zhangwei']);
    expect(reportsTo('kwame')).toEqual(['fatima', 'jordan', 'taylor']);
    const morgan = lines.find((l) => l.username === 'morgan')!;
    // The site lead is a manager of the supervisors, not an administrator.
    expect(morgan).toMatchObject({ role: 'USER', manager: null, site: 'Riverside Distribution Centre' });
    expect(
      lines
        .filter((l) => l.site === 'Hilltop Plant')
        .map((l) => l.username)
        .sort(),
    ).toEqual(['casey', 'sam']);
  });

  it('defines "Operate a reach truck" from the forklift course and the reach-truck evaluation', async () => {
    const pieces = await all<{ name: string; kind: string; title: string }>(
      `SELECT t.name, e.kind, coalesce(c.title, et.name) AS title FROM tasks t
       JOIN task_evidence e ON e.task_id = t.id
       LEFT JOIN courses c ON e.kind = 'course' AND c.id = e.ref_id
       LEFT JOIN evaluation_templates et ON e.kind = 'evaluation' AND et.family_id = e.ref_id
       ORDER BY e.kind`,
    );
    expect(pieces).toHaveLength(2);
    expect(pieces.every((p) => p.name === 'Operate a reach truck')).toBe(true);
    expect(pieces[0]).toMatchObject({ kind: 'course' });
    expect(pieces[0]!.title).toMatch(/forklift|powered industrial truck/i);
    expect(pieces[1]).toMatchObject({ kind: 'evaluation', title: 'Reach truck practical evaluation' });
    // Who holds which piece of Rosa's crew: 张伟 both, Alex the course only.
    const held = await all<{ username: string; course: number; authorised: number }>(
      `SELECT u.username,
         EXISTS (SELECT 1 FROM task_evidence e JOIN course_progress p ON p.course_id = e.ref_id AND p.user_id = u.id
                 WHERE e.kind = 'course' AND p.status = 'COMPLETED') AS course,
         EXISTS (SELECT 1 FROM task_evidence e JOIN authorisations a ON a.family_id = e.ref_id AND a.user_id = u.id
                 WHERE e.kind = 'evaluation' AND a.revoked_at IS NULL) AS authorised
       FROM users u WHERE u.username IN ('zhangwei', 'learner') ORDER BY u.username`,
    );
    expect(held).toEqual([
      { username: 'learner', course: 1, authorised: 0 },
      { username: 'zhangwei', course: 1, authorised: 1 },
    ]);
    const [firstAid] = await all<{ expires_on: string }>(
      `SELECT c.expires_on FROM credentials c JOIN users u ON u.id = c.user_id JOIN credential_types t ON t.id = c.type_id
       WHERE u.username = 'anita' AND t.name LIKE 'First aid%'`,
    );
    expect(firstAid!.expires_on.slice(0, 10)).toBe('2026-12-18');
  });
});

/**
 * Issue 29's demo data: the blended "Bloodborne Pathogens" course (pre-work, classroom session,
 * final assessment); a signed-off session two weeks ago with five attendees whose classroom step
 * completed; an upcoming session, full, with two people waiting in order; two toolbox talk topics
 * and one talk signed by the crew on Dana's phone.
 */
describe('the demo seed: classroom sessions and toolbox talks', () => {
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
