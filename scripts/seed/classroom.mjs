import { encodePng } from './offscreen.mjs';

/*
 * Classroom sessions and toolbox talks (issue 29) in the demo. The blended "Bloodborne Pathogens"
 * course (./courses.mjs, key 'bbp'): a session two weeks ago, taught by Priya Sharma (whose approved
 * "Bloodborne pathogens instructor" credential the sheet prints as her qualification) and signed off,
 * with five attendees (three by the rotating QR code, one at the kiosk, one marked on the roster),
 * whose classroom step completed at the sign-off (their progress rows are written by index.mjs);
 * an upcoming session with two places, both taken, and two people on the waitlist in order.
 * Two toolbox talk topics, and one talk Dana led for the warehouse crew, signed by three people
 * on her phone (one on behalf of a colleague whose hands were full) and by Dana herself.
 */

const DAY = 86_400_000;
const MINUTE = 60_000;

/** The five attendees of the past session, and how each checked in. */
export const BBP_ATTENDEES = [
  ['dana', 'QR'],
  ['zhang', 'QR'],
  ['olga', 'QR'],
  ['anita', 'KIOSK_PIN'],
  ['fatima', 'ROSTER'],
];

const SIGN_OFF_MEANING = 'I conducted this session and these people attended';

/** A drawn-signature PNG: a dark pen stroke, different for each seed (same bytes every run). */
function signaturePng(seed, width = 300, height = 100) {
  const ink = new Set();
  for (let x = 16; x < width - 16; x++) {
    const t = x / width;
    const y = Math.round(
      height / 2 + Math.sin(t * (7 + seed) * Math.PI) * 22 * Math.cos(t * 3 + seed) + Math.sin(t * 31 + seed) * 6,
    );
    for (let dy = -1; dy <= 1; dy++) ink.add((y + dy) * width + x);
  }
  return encodePng(width, height, (x, y) => (ink.has(y * width + x) ? [20, 30, 70] : [255, 255, 255]));
}

/**
 * The rows (by table, in insert order) and R2 files. `ctx`: the seed's users and courses by key,
 * `materials` by handout key, `at(daysAgo, 'hh:mm')`, `now`, `iso`, `randomUUID`.
 * Returns also `signedOffAt`, the moment the attendees' classroom step completed.
 */
export function classroomDemo(ctx) {
  const { users, courses, materials, materialRows, at, now, iso, randomUUID } = ctx;
  const admin = users.admin;
  const course = courses.bbp;
  const classroom = course.components.find((c) => c.type === 'CLASSROOM');
  const handout = materialRows.find((m) => m.id === materials.bbpGuide.id);
  const ahead = (days, hhmm) => {
    const [h, m] = hhmm.split(':').map(Number);
    const d = new Date(now.getTime() + days * DAY);
    d.setUTCHours(h, m, 0, 0);
    return d;
  };
  const rows = {
    credentialTypes: [],
    credentials: [],
    sessions: [],
    trainers: [],
    invitations: [],
    attendance: [],
    topics: [],
    talks: [],
    talkAttendees: [],
  };
  const files = [];
  const outline =
    'Routes of exposure and universal precautions (review of the pre-work); gloves on and off without contaminating your hands (practised by everyone); the spill kit and disinfectant; sharps containers; hepatitis B vaccination; what to do after an exposure; questions on the site exposure control plan.';
  const session = (fields) => {
    const id = randomUUID();
    rows.sessions.push({
      id,
      title: 'Bloodborne pathogens: hands-on session',
      component_id: classroom.id,
      location: 'Training room 2, Building A',
      starts_at: iso(fields.startsAt),
      ends_at: iso(fields.endsAt),
      capacity: fields.capacity,
      outline,
      material_id: handout.id,
      material_title: handout.title,
      material_version: handout.updated_at,
      status: fields.signedOffAt ? 'SIGNED_OFF' : 'SCHEDULED',
      signed_off_by: fields.signedOffAt ? admin.id : null,
      signed_off_name: fields.signedOffAt ? admin.fullName : null,
      signed_off_at: fields.signedOffAt ? iso(fields.signedOffAt) : null,
      sign_off_meaning: fields.signedOffAt ? SIGN_OFF_MEANING : null,
      created_by: admin.id,
      created_at: iso(fields.createdAt),
    });
    rows.trainers.push({ session_id: id, user_id: admin.id });
    return id;
  };
  const invitation = (sessionId, userKey, status, invitedAt, respondedAt, waitlistPosition = null) =>
    rows.invitations.push({
      session_id: sessionId,
      user_id: users[userKey].id,
      status,
      waitlist_position: waitlistPosition,
      invited_by: admin.id,
      invited_at: iso(invitedAt),
      responded_at: respondedAt ? iso(respondedAt) : null,
    });

  // ---- the trainer's qualification: what 1910.1030(h)(2) asks the record to name --------------------
  const instructorType = randomUUID();
  rows.credentialTypes.push({
    id: instructorType,
    name: 'Bloodborne pathogens instructor',
    description:
      'Qualified to teach bloodborne pathogens (29 CFR 1910.1030(g)(2)(viii)): an instructor course from a recognised provider.',
    expires: 1,
    requires_issuer: 1,
    requires_number: 1,
    requires_issue_date: 1,
    requires_expiry_date: 1,
    requires_scan: 1,
    created_by: admin.id,
    created_at: iso(at(60, '09:00')),
    updated_at: iso(at(60, '09:00')),
  });
  const credentialId = randomUUID();
  const scanKey = `credentials/${admin.id}/${credentialId}.png`;
  const scan = encodePng(240, 150, (_x, y) => (y < 34 ? [150, 20, 40] : [250, 250, 247]));
  files.push({ key: scanKey, bytes: scan, contentType: 'image/png' });
  const day = (offsetDays) => iso(new Date(now.getTime() + offsetDays * DAY)).slice(0, 10);
  rows.credentials.push({
    id: credentialId,
    user_id: admin.id,
    type_id: instructorType,
    status: 'APPROVED',
    issuer: 'National Safety Council',
    number: 'NSC-BBP-I-30712',
    issued_on: day(-200),
    expires_on: day(2 * 365 - 200),
    scan_key: scanKey,
    scan_content_type: 'image/png',
    scan_size: scan.byteLength,
    resubmits_id: null,
    submitted_at: iso(at(58, '08:00')),
    reviewed_by: admin.id,
    reviewed_at: iso(at(57, '10:00')),
    reject_reason: null,
  });

  // ---- the past session, signed off --------------------------------------------------------------
  const pastStart = at(14, '09:00');
  const signedOffAt = at(14, '12:10');
  const past = session({
    startsAt: pastStart,
    endsAt: at(14, '12:00'),
    capacity: 8,
    signedOffAt,
    createdAt: at(24, '10:00'),
  });
  BBP_ATTENDEES.forEach(([key, method], i) => {
    const checkedIn = new Date(pastStart.getTime() + (i - 6) * MINUTE);
    invitation(past, key, 'ACCEPTED', at(24, '10:05'), at(23 - i, '08:30'));
    rows.attendance.push({
      session_id: past,
      user_id: users[key].id,
      present: 1,
      method,
      at: iso(method === 'ROSTER' ? new Date(pastStart.getTime() + 25 * MINUTE) : checkedIn),
      by: method === 'ROSTER' ? admin.id : users[key].id,
      reason: null,
      code_window: method === 'QR' ? Math.floor(checkedIn.getTime() / 30_000) : null,
    });
  });

  // ---- the upcoming session: two places, both taken, two waiting in order ------------------------
  const upcoming = session({
    startsAt: ahead(9, '13:00'),
    endsAt: ahead(9, '16:00'),
    capacity: 2,
    signedOffAt: null,
    createdAt: at(3, '09:00'),
  });
  const invited = at(3, '09:05');
  invitation(upcoming, 'jordan', 'ACCEPTED', invited, at(3, '09:40'));
  invitation(upcoming, 'sam', 'ACCEPTED', invited, at(2, '07:15'));
  invitation(upcoming, 'taylor', 'WAITLISTED', invited, at(2, '11:20'), 1);
  invitation(upcoming, 'casey', 'WAITLISTED', invited, at(1, '08:05'), 2);
  invitation(upcoming, 'learner', 'INVITED', invited, null);

  // ---- toolbox talks --------------------------------------------------------------------------------
  const topic = (title, body, languages, daysAgo) => {
    const id = randomUUID();
    rows.topics.push({
      id,
      title,
      body,
      languages: JSON.stringify(languages),
      created_at: iso(at(daysAgo, '08:00')),
      updated_at: iso(at(daysAgo, '08:00')),
      retired_at: null,
    });
    return rows.topics.at(-1);
  };
  const heat = topic(
    'Heat stress: water, rest, shade',
    'Hot days and hot work areas can cause heat exhaustion and heat stroke. Drink a cup of water every 15 to 20 minutes, even if you are not thirsty. Take your rest breaks in the shade or a cool room. New and returning workers need a few days to get used to the heat: pair up with them. Know the signs: heavy sweating, dizziness, headache, cramps, confusion. Someone confused or not sweating may have heat stroke: call for help at once and cool them down with water and air while you wait.',
    ['en', 'es'],
    20,
  );
  topic(
    'Dock edges and trailer creep',
    'Most loading-dock falls happen at an open dock door with no trailer, or when a trailer moves away from the dock while a truck is driving in and out. Before entering a trailer: check the wheel chocks or the vehicle restraint are engaged, and the dock plate is secure. Keep dock doors closed when no trailer is present. Never jump from the dock. Report any trailer that moves, however little.',
    ['en'],
    18,
  );
  const talkId = randomUUID();
  const started = at(6, '06:30');
  const foreman = users.dana;
  const crew = [
    { key: 'learner', method: 'signature', minutes: 9 },
    { key: 'anita', method: 'signature', minutes: 10 },
    { key: 'zhang', method: 'on-behalf', minutes: 11, reason: 'Hands full unloading the trailer; agreed verbally' },
  ];
  const talkSignedOff = new Date(started.getTime() + 13 * MINUTE);
  crew.forEach((member, position) => {
    const key = member.method === 'signature' ? `talks/${talkId}/attendee-${position}.png` : null;
    if (key) files.push({ key, bytes: signaturePng(position + 1), contentType: 'image/png' });
    rows.talkAttendees.push({
      talk_id: talkId,
      position,
      user_id: users[member.key].id,
      name: users[member.key].fullName,
      job_title: users[member.key].jobTitle,
      method: member.method,
      signed_by_name: member.method === 'on-behalf' ? foreman.fullName : null,
      reason: member.reason ?? null,
      signature_key: key,
      signed_at: iso(new Date(started.getTime() + member.minutes * MINUTE)),
    });
  });
  const foremanKey = `talks/${talkId}/foreman.png`;
  files.push({ key: foremanKey, bytes: signaturePng(7), contentType: 'image/png' });
  rows.talks.push({
    id: talkId,
    topic_id: heat.id,
    topic_title: heat.title,
    topic_body: heat.body,
    foreman_id: foreman.id,
    foreman_name: foreman.fullName,
    foreman_job_title: foreman.jobTitle,
    foreman_method: 'signature',
    foreman_signature_key: foremanKey,
    // The server hashes what the device sent; a seeded talk is never replayed, so any unique value serves.
    body_hash: `seed-${talkId}`,
    started_at: iso(started),
    signed_off_at: iso(talkSignedOff),
    received_at: iso(new Date(talkSignedOff.getTime() + 2 * MINUTE)),
  });

  return {
    files,
    signedOffAt,
    /** Dana leads talks (the foreman capability). */
    talkLeaders: [foreman.id],
    tables: [
      ['credential_types', rows.credentialTypes],
      ['credentials', rows.credentials],
      ['classroom_sessions', rows.sessions],
      ['session_trainers', rows.trainers],
      ['session_invitations', rows.invitations],
      ['session_attendance', rows.attendance],
      ['talk_topics', rows.topics],
      ['talks', rows.talks],
      ['talk_attendees', rows.talkAttendees],
    ],
  };
}
