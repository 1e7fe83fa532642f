import { zlibSync } from 'fflate';

/*
 * Training off-screen (issue 28) in the demo: the reach-truck practical evaluation that, with the
 * forklift course, makes up the Warehouse "Forklift operator" requirement; Dana Whitfield, the
 * qualified evaluator (an approved "Forklift evaluator qualification" credential is the template's
 * evaluator qualification); Jordan and 张伟 evaluated competent and authorised; Alex with the course
 * only (pending); a "First aid certificate" type with one approved, one expiring within 30 days and
 * one waiting for approval, each with a small generated scan in R2.
 */

const DAY = 86_400_000;

const REACH_TRUCK = {
  name: 'Reach truck practical evaluation',
  description:
    'Observed in the workplace on the operator’s own truck: pre-use check, travelling, stacking and de-stacking at height, parking.',
  grants: 'Powered industrial truck — reach truck',
  validityDays: 3 * 365,
  items: [
    ['Completes the pre-use check and reports defects before driving', true],
    ['Wears the seat belt / uses the operator restraint', true],
    ['Checks the rack beam height and load weight against the capacity plate', true],
    ['Travels with the forks lowered and the mast retracted', true],
    ['Looks in the direction of travel and sounds the horn at blind corners', false],
    ['Positions square to the rack and places the load without striking the beam', false],
    ['Keeps pedestrians clear of the working area', true],
    ['Parks with forks lowered, controls neutral, brake set and key removed', false],
  ],
};

/** A CRC-32 (PNG chunks). */
function crc32(bytes) {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

/** An 8-bit RGB PNG of `width` x `height`, each pixel's [r, g, b] from `pixel(x, y)` (no binary asset committed). */
export function encodePng(width, height, pixel) {
  const raw = new Uint8Array(height * (width * 3 + 1));
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) raw.set(pixel(x, y), row + 1 + x * 3);
  }
  const chunk = (type, data) => {
    const out = new Uint8Array(12 + data.length);
    const view = new DataView(out.buffer);
    view.setUint32(0, data.length);
    out.set(new TextEncoder().encode(type), 4);
    out.set(data, 8);
    view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
    return out;
  };
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const parts = [
    new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', zlibSync(raw, { level: 9 })),
    chunk('IEND', new Uint8Array()),
  ];
  const png = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    png.set(part, offset);
    offset += part.length;
  }
  return png;
}

/**
 * A small card-shaped PNG (the demo's "scan" of a credential): a white card with a coloured band and
 * a few grey lines of "text". Same bytes every seed.
 */
function scanPng([r, g, b], width = 240, height = 150) {
  return encodePng(width, height, (x, y) => {
    const band = y < 34;
    const text = !band && y % 18 < 5 && y > 50 && x > 16 && x < 56 + ((Math.floor(y / 18) * 53) % 150);
    return band ? [r, g, b] : text ? [150, 150, 150] : [250, 250, 247];
  });
}

async function sha256(text) {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The rows (by table, in insert order) and R2 files of the off-screen demo. `ctx`: the seed's
 * users and courses by key, `at(daysAgo, 'hh:mm')`, `now`, `iso`, `randomUUID`, `randomInt`, the
 * forklift requirement's id (for its evaluation evidence row).
 */
export async function offscreenDemo(ctx) {
  const { users, at, now, iso, randomUUID, randomInt, forkliftRequirementId } = ctx;
  const admin = users.admin;
  const day = (offsetDays) => iso(new Date(now.getTime() + offsetDays * DAY)).slice(0, 10);
  const files = [];
  const rows = {
    credentialTypes: [],
    credentials: [],
    templates: [],
    items: [],
    evaluations: [],
    results: [],
    authorisations: [],
  };

  // ---- credential types and credentials --------------------------------------------------------
  const credentialType = (name, description, daysAgo) => {
    const id = randomUUID();
    rows.credentialTypes.push({
      id,
      name,
      description,
      expires: 1,
      requires_issuer: 1,
      requires_number: 1,
      requires_issue_date: 1,
      requires_expiry_date: 1,
      requires_scan: 1,
      created_by: admin.id,
      created_at: iso(at(daysAgo, '09:30')),
      updated_at: iso(at(daysAgo, '09:30')),
    });
    return id;
  };
  const evaluatorType = credentialType(
    'Forklift evaluator qualification',
    'An accredited instructor/evaluator course for powered industrial trucks; holders may conduct practical evaluations.',
    430,
  );
  const firstAid = credentialType(
    'First aid certificate',
    'A workplace first aid certificate from a recognised provider (valid three years).',
    40,
  );
  const credential = (userKey, typeId, fields) => {
    const id = randomUUID();
    const scanKey = `credentials/${users[userKey].id}/${id}.png`;
    const png = scanPng(fields.colour);
    files.push({ key: scanKey, bytes: png, contentType: 'image/png' });
    const submitted = at(fields.submittedDaysAgo, '07:40');
    const reviewed = fields.status === 'PENDING' ? null : at(fields.submittedDaysAgo - 1, '10:05');
    rows.credentials.push({
      id,
      user_id: users[userKey].id,
      type_id: typeId,
      status: fields.status,
      issuer: fields.issuer,
      number: fields.number,
      issued_on: fields.issuedOn,
      expires_on: fields.expiresOn,
      scan_key: scanKey,
      scan_content_type: 'image/png',
      scan_size: png.byteLength,
      resubmits_id: null,
      submitted_at: iso(submitted),
      reviewed_by: reviewed ? admin.id : null,
      reviewed_at: reviewed ? iso(reviewed) : null,
      reject_reason: null,
    });
  };
  credential('dana', evaluatorType, {
    status: 'APPROVED',
    issuer: 'Logistics Skills Institute',
    number: 'LSI-EV-20417',
    issuedOn: day(-410),
    expiresOn: day(320),
    submittedDaysAgo: 405,
    colour: [30, 64, 120],
  });
  // First aid: Jordan's approved, Anita's approved and expiring within 30 days, Sam's waiting.
  credential('jordan', firstAid, {
    status: 'APPROVED',
    issuer: 'Red Cross',
    number: 'FA-2026-11873',
    issuedOn: day(-35),
    expiresOn: day(3 * 365 - 35),
    submittedDaysAgo: 12,
    colour: [190, 30, 45],
  });
  credential('anita', firstAid, {
    status: 'APPROVED',
    issuer: 'St John Ambulance',
    number: 'SJA-228140',
    issuedOn: day(-3 * 365 + 20),
    expiresOn: day(20),
    submittedDaysAgo: 22,
    colour: [20, 120, 80],
  });
  credential('sam', firstAid, {
    status: 'PENDING',
    issuer: 'Red Cross',
    number: 'FA-2026-12040',
    issuedOn: day(-6),
    expiresOn: day(3 * 365 - 6),
    submittedDaysAgo: 1,
    colour: [190, 30, 45],
  });

  // ---- the reach-truck template, published -------------------------------------------------------
  const templateId = randomUUID();
  const created = at(80, '10:00');
  rows.templates.push({
    id: templateId,
    family_id: templateId,
    version: 1,
    status: 'PUBLISHED',
    name: REACH_TRUCK.name,
    description: REACH_TRUCK.description,
    grants: REACH_TRUCK.grants,
    validity_days: REACH_TRUCK.validityDays,
    evaluator_qualification_kind: 'credential',
    evaluator_qualification_id: evaluatorType,
    published_at: iso(at(79, '11:00')),
    created_by: admin.id,
    created_at: iso(created),
    updated_at: iso(at(79, '11:00')),
  });
  const itemIds = REACH_TRUCK.items.map(([text, critical], index) => {
    const id = randomUUID();
    rows.items.push({ id, template_id: templateId, order_index: index + 1, text, critical: critical ? 1 : 0 });
    return id;
  });

  // ---- Jordan and 张伟: evaluated competent by Dana, acknowledged, authorised ------------------------
  const numbers = new Set();
  const evaluate = async (userKey, daysAgo, acknowledgement) => {
    const trainee = users[userKey];
    const evaluator = users.dana;
    const id = randomUUID();
    const conducted = at(daysAgo, '10:00');
    const signed = at(daysAgo, '10:25');
    const items = itemIds.map((itemId) => ({ itemId, result: 'PASS' }));
    rows.evaluations.push({
      id,
      template_id: templateId,
      trainee_id: trainee.id,
      evaluator_id: evaluator.id,
      outcome: 'COMPETENT',
      meaning: 'Evaluated and found competent',
      evaluator_name: evaluator.fullName,
      trainee_name: trainee.fullName,
      note: '',
      photo_count: 0,
      body_hash: await sha256(JSON.stringify({ id, templateId, traineeId: trainee.id, items, outcome: 'COMPETENT' })),
      conducted_at: iso(conducted),
      signed_at: iso(signed),
      acknowledged_at: iso(acknowledgement.at),
      acknowledgement_method: acknowledgement.method,
      acknowledged_name: trainee.fullName,
      signature_key: null,
      created_at: iso(signed),
    });
    for (const item of items)
      rows.results.push({ evaluation_id: id, item_id: item.itemId, result: item.result, note: '' });
    let number;
    do {
      number = `AUT-${signed.getUTCFullYear()}-${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
    } while (numbers.has(number));
    numbers.add(number);
    rows.authorisations.push({
      id: randomUUID(),
      number,
      user_id: trainee.id,
      template_id: templateId,
      family_id: templateId,
      evaluation_id: id,
      title: REACH_TRUCK.grants,
      user_name: trainee.fullName,
      scope: trainee.department,
      issued_at: iso(signed),
      expires_at: iso(new Date(signed.getTime() + REACH_TRUCK.validityDays * DAY)),
      revoked_at: null,
      revoked_reason: null,
      renews_id: null,
      storage_key: null,
    });
  };
  // Jordan typed his own password on Dana's phone; 张伟 acknowledged later from his own account.
  await evaluate('jordan', 40, { method: 'password', at: at(40, '10:27') });
  await evaluate('zhang', 18, { method: 'account', at: at(17, '08:12') });

  return {
    files,
    tables: [
      ['credential_types', rows.credentialTypes],
      ['credentials', rows.credentials],
      ['evaluation_templates', rows.templates],
      ['evaluation_template_items', rows.items],
      ['evaluations', rows.evaluations],
      ['evaluation_item_results', rows.results],
      ['authorisations', rows.authorisations],
    ],
    /** The reach-truck template's family: the "Operate a reach truck" task's evaluation piece (./sites.mjs). */
    reachTruckFamilyId: templateId,
    /** The forklift requirement's second piece of evidence: the template family. */
    evidence: [{ requirement_id: forkliftRequirementId, kind: 'evaluation', ref_id: templateId }],
  };
}
