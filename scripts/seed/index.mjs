import { BBP_ATTENDEES, classroomDemo } from './classroom.mjs';
import { BOOKS, COURSES } from './courses.mjs';
import { HANDOUTS } from './handouts.mjs';
import { offscreenDemo } from './offscreen.mjs';
import { hashPassword } from './password.mjs';
import { renderHandout } from './pdf.mjs';
import { ALL_PERMISSIONS, FEEDBACK, USERS, announcements } from './people.mjs';
import { placementColumns, siteRows, taskTables } from './sites.mjs';

/*
 * The demo data seed. seed({ DB, FILES }) writes the whole demo or nothing:
 *   - files go to R2 first; every row then goes in one DB.batch (one transaction);
 *   - if the batch fails, the files just written are deleted again.
 * Everything is dated relative to `now`, so the streak, "expiring soon" and "recent" hold
 * whenever the seed runs.
 */

const DAY = 86_400_000;
const MINUTE = 60_000;
const PASS_MARK = 70;
const MAX_ATTEMPTS = 3;
const VIDEO = {
  key: 'passVideo',
  url: new URL('../seed-assets/pass-technique.mp4', import.meta.url),
  fileName: 'pass-technique.mp4',
  title: 'The PASS Technique (video)',
  description: 'Twelve-second video: Pull, Aim, Squeeze, Sweep.',
  /** English captions of the video, timed to its cards (the video itself has no sound). */
  captions: {
    url: new URL('../seed-assets/pass-technique.en.vtt', import.meta.url),
    fileName: 'pass-technique.en.vtt',
    language: 'en',
    label: 'English',
  },
};
/**
 * The demo SCORM 1.2 package (an HTML quiz written for this project): its files are zipped with
 * fflate at seed time and expanded from that zip under the material's prefix, as an admin's upload
 * is. Its manifest facts are the ones the Worker reads from imsmanifest.xml.
 */
const SCORM = {
  key: 'ppeQuiz',
  dir: new URL('../seed-assets/ppe-quiz-scorm/', import.meta.url),
  files: ['imsmanifest.xml', 'index.html', 'quiz.js', 'style.css'],
  fileName: 'ppe-essentials-quiz.zip',
  title: 'PPE Essentials Quiz (SCORM 1.2)',
  description: 'Interactive five-question quiz on personal protective equipment; reports score and completion.',
  manifest: { version: '1.2', title: 'PPE Essentials Quiz', launchPath: 'index.html', masteryScore: 80 },
};

const SCORM_CONTENT_TYPES = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  xml: 'application/xml',
};

/** The demo package as a zip, built from the committed files. */
export async function scormDemoZip() {
  const [{ readFile }, { zipSync }] = await Promise.all([import('node:fs/promises'), import('fflate')]);
  const entries = {};
  for (const name of SCORM.files) entries[name] = new Uint8Array(await readFile(new URL(name, SCORM.dir)));
  return zipSync(entries, { level: 6, mtime: new Date('2026-11-26T00:00:00Z') });
}

// Overall progress weights of the API reference, renormalised over the types a course has.
const WEIGHTS = { PRE_ASSESSMENT: 20, MATERIAL: 50, CLASSROOM: 30, POST_ASSESSMENT: 30 };

const iso = (date) => date.toISOString();
const randomUUID = () => crypto.randomUUID();
/** Uniform integer in [min, max); the tiny modulo bias is irrelevant for demo data. */
const randomInt = (min, max) => min + (crypto.getRandomValues(new Uint32Array(1))[0] % (max - min));

/** The committed demo video; read from disk only when the caller did not pass the bytes. */
async function readVideo() {
  const { readFile } = await import('node:fs/promises');
  return readFile(VIDEO.url);
}

/** The committed WebVTT captions of the demo video. */
async function readVideoCaptions() {
  const { readFile } = await import('node:fs/promises');
  return readFile(VIDEO.captions.url);
}

/**
 * The CPU-heavy part of the seed (password hashes, PDF rendering, reading the video), which needs
 * no bindings: the CLI starts it while the local runtime boots. videoBytes and captionBytes: the
 * MP4 and its WebVTT captions, for runtimes without a file system.
 */
export async function prepareAssets({ videoBytes, captionBytes } = {}) {
  const usedHandouts = [...new Set(COURSES.flatMap((c) => c.materials.map((m) => m.handout)))];
  const usesVideo = usedHandouts.includes(VIDEO.key);
  const [hashes, rendered, captions] = await Promise.all([
    Promise.all(USERS.map((u) => hashPassword(u.password))),
    Promise.all(
      usedHandouts.map((key) =>
        key === VIDEO.key
          ? (videoBytes ?? readVideo())
          : key === SCORM.key
            ? scormDemoZip()
            : renderHandout(HANDOUTS[key]),
      ),
    ),
    usesVideo ? (captionBytes ?? readVideoCaptions()) : null,
  ]);
  return {
    passwordHashes: new Map(USERS.map((u, i) => [u.key, hashes[i]])),
    files: new Map(usedHandouts.map((key, i) => [key, new Uint8Array(rendered[i])])),
    videoCaptions: captions ? new Uint8Array(captions) : null,
  };
}

/**
 * env: { DB: D1Database, FILES: R2Bucket }. Options: now (a Date, for reproducible tests) and
 * assets (a prepareAssets() result or promise). Returns { alreadyPresent: true } or
 * { alreadyPresent: false, counts }.
 */
export async function seed(env, { now = new Date(), assets } = {}) {
  const { DB, FILES } = env;
  const existing = await DB.prepare("SELECT id FROM users WHERE lower(username) = 'admin'").first();
  if (existing) return { alreadyPresent: true };
  const { passwordHashes, files: fileBytes, videoCaptions } = await (assets ?? prepareAssets());

  /** A moment `days` ago at hh:mm UTC; never later than a minute before now. */
  const at = (days, hhmm = '09:00') => {
    const [h, m] = hhmm.split(':').map(Number);
    const d = new Date(now.getTime() - days * DAY);
    d.setUTCHours(h, m, 0, 0);
    return d.getTime() < now.getTime() - MINUTE ? d : new Date(now.getTime() - MINUTE);
  };
  const minutesAgo = (n) => new Date(now.getTime() - n * MINUTE);
  const plus = (date, minutes) => new Date(date.getTime() + minutes * MINUTE);

  const rows = {
    users: [],
    domains: [],
    userDomains: [],
    materials: [],
    materialCaptions: [],
    courses: [],
    components: [],
    courseProgress: [],
    componentProgress: [],
    attempts: [],
    certificates: [],
    courseCycles: [],
    componentHistory: [],
    requirements: [],
    exemptions: [],
    activity: [],
    announcements: [],
    feedback: [],
  };

  // ---- people -------------------------------------------------------------------------------
  // Two sites and the reporting lines of the Riverside crews (./sites.mjs).
  const sites = siteRows({ randomUUID, iso, at });
  const users = {};
  USERS.forEach((u) => {
    const created = at(u.createdDaysAgo, '08:30');
    users[u.key] = { ...u, id: randomUUID(), fullName: [u.firstName, u.lastName].filter(Boolean).join(' ') };
    rows.users.push({
      id: users[u.key].id,
      username: u.username,
      email: u.email,
      password_hash: passwordHashes.get(u.key),
      role: u.role,
      first_name: u.firstName,
      last_name: u.lastName,
      department: u.department,
      job_title: u.jobTitle,
      ...placementColumns(u.key, sites.byKey, users),
      must_change_password: 0,
      password_created_at: iso(created),
      token_version: 0,
      permissions: u.role === 'ADMIN' ? JSON.stringify(ALL_PERMISSIONS) : null,
      leads_talks: u.leadsTalks ? 1 : 0,
      last_login_at: u.lastLogin === null ? null : iso(new Date(now.getTime() - u.lastLogin * DAY)),
      created_at: iso(created),
      updated_at: iso(created),
    });
  });
  const admin = users.admin;

  // ---- books --------------------------------------------------------------------------------
  const books = {};
  for (const book of BOOKS) {
    books[book.key] = { ...book, id: randomUUID() };
    rows.domains.push({
      id: books[book.key].id,
      name: book.name,
      description: book.description,
      created_at: iso(at(88, '10:00')),
      updated_at: iso(at(88, '10:00')),
    });
  }
  for (const u of Object.values(users)) {
    for (const key of u.books) {
      rows.userDomains.push({
        user_id: u.id,
        domain_id: books[key].id,
        created_at: iso(at(u.createdDaysAgo, '09:00')),
      });
    }
  }

  // ---- materials: PDFs rendered at seed time, the video read from the committed asset -------------
  const files = []; // { key, bytes, contentType }
  const materials = {};
  const scormPackages = [];
  const { unzipSync } = fileBytes.has(SCORM.key) ? await import('fflate') : {};
  [...fileBytes.keys()].forEach((key, i) => {
    if (key === SCORM.key) {
      // Expanded from the zip under the material's prefix, with its package row, like an upload.
      const id = randomUUID();
      const zip = fileBytes.get(key);
      const expanded = unzipSync(zip);
      const names = Object.keys(expanded).filter((name) => !name.endsWith('/'));
      for (const name of names) {
        files.push({
          key: `materials/${id}/scorm/${name}`,
          bytes: expanded[name],
          contentType: SCORM_CONTENT_TYPES[name.split('.').pop()] ?? 'application/octet-stream',
        });
      }
      const created = at(70 - i, '11:00');
      materials[key] = { id, type: 'SCORM' };
      rows.materials.push({
        id,
        title: SCORM.title,
        description: SCORM.description,
        type: 'SCORM',
        file_name: SCORM.fileName,
        file_size: zip.byteLength,
        content_type: 'application/zip',
        storage_key: `materials/${id}/scorm/`,
        created_by: admin.id,
        created_at: iso(created),
        updated_at: iso(created),
      });
      scormPackages.push({
        material_id: id,
        version: SCORM.manifest.version,
        title: SCORM.manifest.title,
        launch_path: SCORM.manifest.launchPath,
        file_count: names.length,
        expanded_bytes: names.reduce((sum, name) => sum + expanded[name].byteLength, 0),
        mastery_score: SCORM.manifest.masteryScore,
        files: JSON.stringify(names),
        created_at: iso(created),
      });
      return;
    }
    const isVideo = key === VIDEO.key;
    const meta = isVideo ? VIDEO : HANDOUTS[key];
    const id = randomUUID();
    const contentType = isVideo ? 'video/mp4' : 'application/pdf';
    const storageKey = `materials/${id}.${isVideo ? 'mp4' : 'pdf'}`;
    const bytes = fileBytes.get(key);
    const created = at(70 - i, '11:00');
    materials[key] = { id, type: isVideo ? 'VIDEO' : 'PDF' };
    files.push({ key: storageKey, bytes, contentType });
    rows.materials.push({
      id,
      title: meta.title,
      description: meta.description,
      type: materials[key].type,
      file_name: meta.fileName,
      file_size: bytes.byteLength,
      content_type: contentType,
      storage_key: storageKey,
      created_by: admin.id,
      created_at: iso(created),
      updated_at: iso(created),
    });
    // The demo video's English captions, stored under the material's prefix like an admin's upload.
    if (isVideo && videoCaptions) {
      const captionKey = `materials/${id}/captions/${randomUUID()}.vtt`;
      files.push({ key: captionKey, bytes: videoCaptions, contentType: 'text/vtt; charset=utf-8' });
      rows.materialCaptions.push({
        id: randomUUID(),
        material_id: id,
        language: VIDEO.captions.language,
        label: VIDEO.captions.label,
        file_name: VIDEO.captions.fileName,
        file_size: videoCaptions.byteLength,
        storage_key: captionKey,
        created_by: admin.id,
        created_at: iso(created),
      });
    }
  });

  // ---- courses and components -----------------------------------------------------------------
  const courses = {};
  for (const c of COURSES) {
    const id = randomUUID();
    const created = at(c.createdDaysAgo, '14:00');
    const published = c.publishedDaysAgo === null ? null : at(c.publishedDaysAgo, '15:30');
    const course = { ...c, id, bookName: books[c.book].name, components: [] };
    courses[c.key] = course;
    rows.courses.push({
      id,
      title: c.title,
      description: c.description,
      domain_id: books[c.book].id,
      time_limit: c.timeLimit,
      passing_score: c.passingScore,
      status: published ? 'PUBLISHED' : 'DRAFT',
      has_been_published: published ? 1 : 0,
      allow_browse: c.allowBrowse ? 1 : 0,
      certificate_validity_days: 365,
      published_at: published ? iso(published) : null,
      language: c.language ?? 'en',
      // A version of another course (familyOf, listed before it) shares that course's id as its family.
      family_id: c.familyOf ? courses[c.familyOf].id : null,
      created_at: iso(created),
      updated_at: iso(published ?? created),
    });
    if (c.familyOf) rows.courses.find((row) => row.id === courses[c.familyOf].id).family_id = courses[c.familyOf].id;
    const parts = c.pre ? [{ type: 'PRE_ASSESSMENT', spec: c.pre }] : [];
    for (const m of c.materials) parts.push({ type: 'MATERIAL', spec: m });
    if (c.classroom) parts.push({ type: 'CLASSROOM', spec: c.classroom });
    if (c.post) parts.push({ type: 'POST_ASSESSMENT', spec: c.post });
    parts.forEach((part, index) => {
      const componentId = randomUUID();
      let data;
      let materialId = null;
      if (part.type === 'MATERIAL') {
        const material = materials[part.spec.handout];
        materialId = material.id;
        data = { title: part.spec.title, description: part.spec.description, materialId, type: material.type };
      } else if (part.type === 'CLASSROOM') {
        data = { title: part.spec.title, description: part.spec.description };
      } else {
        data = assessmentData(part.spec, part.type);
      }
      const component = { id: componentId, type: part.type, order: index + 1, data, course };
      course.components.push(component);
      rows.components.push({
        id: componentId,
        course_id: id,
        type: part.type,
        order_index: index + 1,
        required: 1,
        material_id: materialId,
        data: JSON.stringify(data),
        created_at: iso(created),
        updated_at: iso(created),
      });
    });
  }

  // ---- learner journeys ---------------------------------------------------------------------------
  const progress = new Map(); // `${userId}:${courseId}` -> { course, user, row, components: Map }

  const enroll = (userKey, courseKey, when, cycle = 1) => {
    const user = users[userKey];
    const course = courses[courseKey];
    const entry = {
      user,
      course,
      cycle,
      row: {
        cycle,
        id: randomUUID(),
        user_id: user.id,
        course_id: course.id,
        status: 'ENROLLED',
        overall_progress: 0,
        enrolled_at: iso(when),
        started_at: null,
        completed_at: null,
        last_accessed_at: iso(when),
        language: course.language ?? 'en',
      },
      components: new Map(),
    };
    // Every component gets a NOT_STARTED row at enrollment, as the enroll call does.
    for (const component of course.components) {
      entry.components.set(component.id, {
        id: randomUUID(),
        user_id: user.id,
        course_id: course.id,
        component_id: component.id,
        status: 'NOT_STARTED',
        progress_percentage: 0,
        score: null,
        attempts: 0,
        time_spent_seconds: 0,
        started_at: null,
        completed_at: null,
        last_accessed_at: null,
      });
    }
    progress.set(`${user.id}:${course.id}`, entry);
    return entry;
  };

  const touch = (entry, cp, when) => {
    cp.started_at ??= iso(when);
    cp.last_accessed_at = iso(when);
    entry.row.started_at ??= cp.started_at;
    if (entry.row.last_accessed_at < iso(when)) entry.row.last_accessed_at = iso(when);
  };

  /** A submitted attempt; `wrong` lists the 0-based question numbers answered incorrectly. */
  const attempt = (entry, order, { start, minutes, wrong = [] }) => {
    const component = entry.course.components[order - 1];
    const cp = entry.components.get(component.id);
    const { questions, shuffleQuestions, passingScore } = component.data;
    const answers = {};
    const detailedResults = questions.map((q, i) => {
      const isCorrect = !wrong.includes(i);
      const userAnswer = isCorrect ? q.correctAnswer : wrongAnswer(q);
      answers[q.id] = userAnswer;
      return {
        questionId: q.id,
        question: q.question,
        isCorrect,
        userAnswer,
        correctAnswer: q.correctAnswer,
        explanation: q.explanation,
      };
    });
    const correct = questions.length - wrong.length;
    const score = Math.round((correct / questions.length) * 10_000) / 100;
    const passed = score >= passingScore;
    const submitted = plus(start, minutes);
    const questionOrder = questions.map((q) => q.id);
    if (shuffleQuestions) shuffle(questionOrder);
    cp.attempts += 1;
    rows.attempts.push({
      id: randomUUID(),
      user_id: entry.user.id,
      course_id: entry.course.id,
      component_id: component.id,
      attempt_number: cp.attempts,
      started_at: iso(start),
      deadline_at: iso(plus(start, component.data.timeLimit)),
      answers: JSON.stringify(answers),
      question_order: JSON.stringify(questionOrder),
      submitted_at: iso(submitted),
      submit_reason: 'MANUAL',
      score,
      passed: passed ? 1 : 0,
      correct_answers: correct,
      total_questions: questions.length,
      result: JSON.stringify(detailedResults),
      cycle: entry.cycle,
      language: entry.course.language ?? 'en',
    });
    touch(entry, cp, start);
    cp.last_accessed_at = iso(submitted);
    if (entry.row.last_accessed_at < iso(submitted)) entry.row.last_accessed_at = iso(submitted);
    cp.time_spent_seconds += Math.round(minutes * 60);
    cp.score = score;
    cp.status = passed ? 'COMPLETED' : 'FAILED';
    cp.progress_percentage = passed ? 100 : 0;
    if (passed) cp.completed_at = iso(submitted);
    return submitted;
  };

  /** Viewing a material; 100 percent completes it. */
  const study = (entry, order, { start, seconds, percent = 100, lastAccess }) => {
    const component = entry.course.components[order - 1];
    const cp = entry.components.get(component.id);
    touch(entry, cp, start);
    cp.time_spent_seconds += seconds;
    cp.progress_percentage = percent;
    const end = lastAccess ?? new Date(start.getTime() + seconds * 1000);
    cp.last_accessed_at = iso(end);
    if (entry.row.last_accessed_at < iso(end)) entry.row.last_accessed_at = iso(end);
    if (percent >= 100) {
      cp.status = 'COMPLETED';
      cp.completed_at = iso(end);
    } else {
      cp.status = 'IN_PROGRESS';
    }
    return end;
  };

  /** A classroom step completed by a trainer's sign-off at `when` (./classroom.mjs). */
  const attend = (entry, order, when) => {
    const cp = entry.components.get(entry.course.components[order - 1].id);
    touch(entry, cp, when);
    cp.status = 'COMPLETED';
    cp.progress_percentage = 100;
    cp.completed_at = iso(when);
  };

  const certificateNumbers = new Set();
  const issueCertificate = (entry) => {
    const issued = new Date(entry.row.completed_at);
    let number;
    do {
      number = `CERT-${issued.getUTCFullYear()}-${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
    } while (certificateNumbers.has(number));
    certificateNumbers.add(number);
    rows.certificates.push({
      id: randomUUID(),
      certificate_number: number,
      user_id: entry.user.id,
      course_id: entry.course.id,
      user_name: entry.user.fullName,
      course_name: entry.course.title,
      domain_name: entry.course.bookName,
      issued_at: iso(issued),
      expires_at: iso(new Date(issued.getTime() + 365 * DAY)),
      revoked_at: null,
      revoked_reason: null,
      storage_key: null, // the certificate service renders the PDF on first view
      cycle: entry.cycle,
      // A later cycle's certificate renews the previous cycle's (the public chain).
      renews_id:
        rows.certificates
          .filter((c) => c.user_id === entry.user.id && c.course_id === entry.course.id && c.cycle < entry.cycle)
          .at(-1)?.id ?? null,
      language: entry.course.language ?? 'en',
    });
  };

  /** Completes an enrollment's cycle now: its totals, its certificate. */
  const settle = (entry) => {
    const cps = entry.course.components.map((c) => ({ component: c, cp: entry.components.get(c.id) }));
    const overall = overallProgress(cps);
    entry.row.overall_progress = overall;
    if (overall >= 100) {
      entry.row.status = 'COMPLETED';
      entry.row.completed_at = cps
        .map((x) => x.cp.completed_at)
        .sort()
        .at(-1);
      issueCertificate(entry);
    } else if (entry.row.started_at) {
      entry.row.status = 'IN_PROGRESS';
    }
    return cps;
  };

  /** A finished cycle goes to the history tables, as a recertification leaves it (closed at `closedAt`). */
  const closeCycle = (entry, closedAt) => {
    const cps = settle(entry);
    const { id: _id, last_accessed_at: _last, language: _language, cycle, ...row } = entry.row;
    rows.courseCycles.push({ id: randomUUID(), ...row, cycle, closed_at: iso(closedAt) });
    for (const { cp } of cps) {
      const { id: _cpId, last_accessed_at: _cpLast, ...history } = cp;
      rows.componentHistory.push({ id: randomUUID(), ...history, cycle });
    }
    progress.delete(`${entry.user.id}:${entry.course.id}`);
  };

  const activity = (userKey, days) => {
    for (const [daysAgo, seconds] of days) {
      // The calendar day itself, not a moment clamped to a minute before now: in the first minute after
      // midnight UTC that clamp moved today's row onto yesterday's and the seed failed (unique day).
      const day = iso(new Date(now.getTime() - daysAgo * DAY)).slice(0, 10);
      rows.activity.push({ user_id: users[userKey].id, day, seconds });
    }
  };

  // Alex (learner): PASS course completed with a certificate, GHS course under way.
  {
    const pass = enroll('learner', 'pass', at(12, '08:55'));
    attempt(pass, 1, { start: at(12, '09:02'), minutes: 6, wrong: [2] }); // 80
    study(pass, 2, { start: at(12, '09:10'), seconds: 75 });
    study(pass, 3, { start: at(11, '13:20'), seconds: 840 });
    attempt(pass, 4, { start: at(11, '13:40'), minutes: 11, wrong: [6] }); // 87.5
    const ghs = enroll('learner', 'ghs', at(2, '08:50'));
    attempt(ghs, 1, { start: at(2, '08:55'), minutes: 7, wrong: [3] }); // 80
    study(ghs, 2, { start: at(1, '12:15'), seconds: 540, percent: 40, lastAccess: minutesAgo(25) });
    activity('learner', [
      [12, 540],
      [11, 1500],
      [2, 480],
      [1, 300],
      [0, 240],
    ]);
  }
  // Jordan: LOTO certified a year ago and recertified when it came due (a two-certificate chain),
  // the PASS certificate due soon, and ladders completed after failing the first pre-assessment try.
  {
    const first = enroll('jordan', 'loto', at(385, '07:30'));
    attempt(first, 1, { start: at(385, '07:35'), minutes: 6, wrong: [1] }); // 80
    study(first, 2, { start: at(385, '07:45'), seconds: 1380 });
    attempt(first, 3, { start: at(380, '14:00'), minutes: 11, wrong: [3] }); // 90
    closeCycle(first, at(27, '07:39'));
    const pass = enroll('jordan', 'pass', at(348, '08:00'));
    attempt(pass, 1, { start: at(348, '08:05'), minutes: 5, wrong: [1] }); // 80
    study(pass, 2, { start: at(348, '08:12'), seconds: 90 });
    study(pass, 3, { start: at(347, '10:00'), seconds: 900 });
    attempt(pass, 4, { start: at(347, '10:20'), minutes: 10 }); // 100
    activity('jordan', [
      [385, 1500],
      [380, 660],
      [348, 420],
      [347, 1500],
    ]);
    const loto = enroll('jordan', 'loto', at(27, '07:40'), 2);
    attempt(loto, 1, { start: at(27, '07:45'), minutes: 5, wrong: [4] }); // 80
    study(loto, 2, { start: at(27, '07:52'), seconds: 1260 });
    attempt(loto, 3, { start: at(26, '14:05'), minutes: 12 }); // 100
    const ladder = enroll('jordan', 'ladder', at(8, '06:55'));
    attempt(ladder, 1, { start: at(8, '07:00'), minutes: 6, wrong: [0, 2] }); // 60, failed
    attempt(ladder, 1, { start: at(8, '07:20'), minutes: 5, wrong: [2] }); // 80
    study(ladder, 2, { start: at(8, '07:30'), seconds: 960 });
    attempt(ladder, 3, { start: at(7, '15:10'), minutes: 9, wrong: [5] }); // 85.71
    activity('jordan', [
      [27, 1980],
      [26, 720],
      [8, 1620],
      [7, 540],
    ]);
  }
  // Sam: failed the fall protection pre-assessment once (two attempts left).
  {
    const fall = enroll('sam', 'fall', at(3, '06:30'));
    attempt(fall, 1, { start: at(3, '06:34'), minutes: 8, wrong: [0, 2, 3] }); // 40, failed
    activity('sam', [[3, 480]]);
  }
  // The forklift course (the formal instruction of the Warehouse "Forklift operator" requirement):
  // Alex passed it days ago and waits for the practical evaluation; Jordan and 张伟 passed it before
  // theirs (./offscreen.mjs).
  const forkliftPassed = (userKey, daysAgo, wrong = []) => {
    const forklift = enroll(userKey, 'forklift', at(daysAgo, '13:00'));
    attempt(forklift, 1, { start: at(daysAgo, '13:05'), minutes: 9, wrong });
    activity(userKey, [[daysAgo, 600]]);
  };
  forkliftPassed('learner', 4, [2]);
  forkliftPassed('jordan', 45);
  forkliftPassed('zhang', 22, [0]);
  // Anita (Warehouse) entered the requirement's audience when it was created: given the book and
  // enrolled, as the requirement route does; she has not started.
  enroll('anita', 'forklift', at(5, '09:00'));
  // Taylor: just enrolled in the SDS course.
  enroll('taylor', 'sds', at(1, '11:05'));

  // Learners whose names are not in Latin script, all certified on PASS (the fire book's
  // requirement): Fátima took the Spanish version, so her certificate, its verification page and her
  // training record say "Spanish"; Ольга is part-way through the Spanish evacuation course.
  const passCertified = (userKey, courseKey, daysAgo, wrong = []) => {
    const pass = enroll(userKey, courseKey, at(daysAgo, '08:00'));
    attempt(pass, 1, { start: at(daysAgo, '08:05'), minutes: 5, wrong: wrong.slice(0, 1) });
    study(pass, 2, { start: at(daysAgo, '08:12'), seconds: 80 });
    study(pass, 3, { start: at(daysAgo, '08:20'), seconds: 780 });
    attempt(pass, 4, { start: at(daysAgo, '08:40'), minutes: 9, wrong: wrong.slice(1) });
    activity(userKey, [[daysAgo, 1500]]);
  };
  passCertified('zhang', 'pass', 20, [3]);
  passCertified('olga', 'pass', 16, [1, 2]);
  passCertified('anita', 'pass', 9);
  passCertified('fatima', 'passEs', 6, [0]);
  {
    const evac = enroll('olga', 'evacEs', at(2, '10:00'));
    attempt(evac, 1, { start: at(2, '10:04'), minutes: 6 }); // 100
    study(evac, 2, { start: at(1, '09:30'), seconds: 420, percent: 55, lastAccess: minutesAgo(90) });
    activity('olga', [
      [2, 360],
      [1, 420],
    ]);
  }

  // Bloodborne pathogens (blended): the five attendees of the signed-off session read the pre-work,
  // their classroom step completed at the sign-off; all but Fátima have passed the final assessment.
  const classroom = classroomDemo({
    users,
    courses,
    materials,
    materialRows: rows.materials,
    at,
    now,
    iso,
    randomUUID,
  });
  files.push(...classroom.files);
  BBP_ATTENDEES.forEach(([key], i) => {
    const bbp = enroll(key, 'bbp', at(22, '08:00'));
    study(bbp, 1, { start: at(20 - i, '12:30'), seconds: 840 });
    attend(bbp, 2, classroom.signedOffAt);
    if (key !== 'fatima') attempt(bbp, 3, { start: at(13 - i, '10:00'), minutes: 6, wrong: i === 2 ? [1] : [] });
    activity(key, [[20 - i, 840]]);
  });

  for (const entry of progress.values()) {
    const cps = settle(entry);
    rows.courseProgress.push(entry.row);
    for (const { cp } of cps) rows.componentProgress.push(cp);
  }

  // ---- required training -------------------------------------------------------------------------
  // PASS for everyone in the fire book, ladders for the heights book, LOTO for maintenance staff in
  // the electrical book: Alex is compliant on PASS and overdue on ladders, Jordan is due soon on PASS
  // and recertified on LOTO, Taylor (new) is pending on PASS, Sam is exempt from ladders.
  const requirement = (courseKey, options = {}) => {
    const id = randomUUID();
    const since = at(options.activeDaysAgo ?? 60, '09:00');
    rows.requirements.push({
      id,
      course_id: courses[courseKey].id,
      domain_id: books[courses[courseKey].book].id,
      department: options.department ?? null,
      job_title: null,
      due_within_days: 30,
      due_soon_days: options.dueSoonDays ?? 30,
      active_from: iso(since),
      retired_at: null,
      created_by: admin.id,
      created_at: iso(since),
      updated_at: iso(since),
    });
    return id;
  };
  requirement('pass');
  const ladders = requirement('ladder');
  requirement('loto', { department: 'Maintenance', dueSoonDays: 45 });
  // Forklift operator (issue 28): the course AND the reach-truck evaluation, for the Warehouse; new
  // this week, so Alex (course only) is pending rather than overdue.
  const forklift = requirement('forklift', { department: 'Warehouse', dueSoonDays: 14, activeDaysAgo: 5 });
  // What satisfies each requirement: its course (as migration 0022 gave every requirement then).
  const evidence = rows.requirements.map((r) => ({ requirement_id: r.id, kind: 'course', ref_id: r.course_id }));
  const offscreen = await offscreenDemo({
    users,
    at,
    now,
    iso,
    randomUUID,
    randomInt,
    forkliftRequirementId: forklift,
  });
  evidence.push(...offscreen.evidence);
  files.push(...offscreen.files);
  const exemptUntil = new Date(now.getTime() + 45 * DAY);
  exemptUntil.setUTCHours(0, 0, 0, 0);
  rows.exemptions.push({
    id: randomUUID(),
    requirement_id: ladders,
    user_id: users.sam.id,
    reason: 'On light duties after a knee injury; no ladder work until cleared by occupational health',
    until: iso(exemptUntil),
    created_by: admin.username,
    created_at: iso(at(5, '10:30')),
  });

  // ---- announcements and feedback ----------------------------------------------------------------
  for (const a of announcements(now)) {
    const created = at(a.createdDaysAgo, '08:15');
    rows.announcements.push({
      id: randomUUID(),
      title: a.title,
      content: a.content,
      author_name: a.authorName,
      priority: a.priority,
      is_active: a.isActive ? 1 : 0,
      expires_at: a.expiresAt ? iso(a.expiresAt) : null,
      created_by: admin.id,
      created_at: iso(created),
      updated_at: iso(created),
    });
  }
  for (const f of FEEDBACK) {
    const author = f.user ? users[f.user] : null;
    const created = at(f.createdDaysAgo, '16:40');
    const responded = f.response ? at(f.respondedDaysAgo, '10:20') : null;
    rows.feedback.push({
      id: randomUUID(),
      type: f.type,
      subject: f.subject,
      description: f.description,
      is_anonymous: author ? 0 : 1,
      user_id: author?.id ?? null,
      user_name: author?.fullName ?? null,
      status: f.status,
      admin_response: f.response ?? null,
      responded_by: f.response ? users[f.respondedBy].fullName : null, // as the respond route stores it
      responded_at: responded ? iso(responded) : null,
      created_at: iso(created),
      updated_at: iso(responded ?? created),
    });
  }

  // ---- write: files, then every row in one batch ---------------------------------------------------
  const tables = [
    ['sites', sites.rows],
    ['users', rows.users],
    ['domains', rows.domains],
    ['user_domains', rows.userDomains],
    ['materials', rows.materials],
    ['material_captions', rows.materialCaptions],
    ['scorm_packages', scormPackages],
    ['courses', rows.courses],
    ['course_components', rows.components],
    ['course_progress', rows.courseProgress],
    ['component_progress', rows.componentProgress],
    ['assessment_attempts', rows.attempts],
    ['certificates', rows.certificates],
    ['course_cycles', rows.courseCycles],
    ['component_progress_history', rows.componentHistory],
    ['requirements', rows.requirements],
    ...offscreen.tables,
    // "Operate a reach truck": the forklift course and the reach-truck evaluation (after both exist).
    ...taskTables({
      randomUUID,
      iso,
      at,
      forkliftCourseId: courses.forklift.id,
      reachTruckFamilyId: offscreen.reachTruckFamilyId,
    }),
    ...classroom.tables,
    ['requirement_evidence', evidence],
    ['requirement_exemptions', rows.exemptions],
    ['learning_activity', rows.activity],
    ['announcements', rows.announcements],
    ['feedback', rows.feedback],
  ];
  const statements = tables.flatMap(([table, list]) => insertRuns(DB, table, list));

  const puts = await Promise.allSettled(
    files.map((file) => FILES.put(file.key, file.bytes, { httpMetadata: { contentType: file.contentType } })),
  );
  const written = files.filter((_, i) => puts[i].status === 'fulfilled').map((file) => file.key);
  try {
    const failed = puts.find((p) => p.status === 'rejected');
    if (failed) throw failed.reason;
    await DB.batch(statements);
  } catch (error) {
    // Leave no orphaned files behind a seed that wrote no rows.
    if (written.length > 0) await FILES.delete(written).catch(() => {});
    throw error;
  }

  const published = rows.courses.filter((c) => c.status === 'PUBLISHED').length;
  return {
    alreadyPresent: false,
    counts: {
      users: rows.users.length,
      books: rows.domains.length,
      courses: rows.courses.length,
      publishedCourses: published,
      draftCourses: rows.courses.length - published,
      components: rows.components.length,
      materials: rows.materials.length,
      enrollments: rows.courseProgress.length,
      attempts: rows.attempts.length,
      certificates: rows.certificates.length,
      requirements: rows.requirements.length,
      evaluations: offscreen.tables.find(([table]) => table === 'evaluations')[1].length,
      credentials: [offscreen, classroom]
        .map((part) => part.tables.find(([table]) => table === 'credentials')[1].length)
        .reduce((sum, n) => sum + n, 0),
      sessions: classroom.tables.find(([table]) => table === 'classroom_sessions')[1].length,
      talks: classroom.tables.find(([table]) => table === 'talks')[1].length,
      announcements: rows.announcements.length,
      feedback: rows.feedback.length,
      files: files.length,
      fileBytes: files.reduce((sum, f) => sum + f.bytes.byteLength, 0),
    },
  };
}

/**
 * One INSERT per run of consecutive rows with the same columns, its rows bound as one JSON array
 * and read back with json_each, in order. Each prepare/bind through the platform proxy is a
 * synchronous call into workerd, and with one statement per row (thousands of calls) a loaded
 * machine now and then lost one of them inside miniflare (an assertion in its synchronous
 * fetcher; CI stop 37). Runs keep a row's missing columns on their defaults and keep the order
 * rows were written in, so a row still comes after the rows it refers to.
 */
function insertRuns(DB, table, list) {
  const runs = [];
  for (const values of list) {
    const columns = Object.keys(values);
    for (const column of columns) {
      const value = values[column];
      if (value !== null && !['string', 'number', 'boolean'].includes(typeof value)) {
        throw new Error(`${table}.${column}: the seed writes only text, numbers and null`);
      }
    }
    const key = columns.join(',');
    const last = runs.at(-1);
    if (last?.key === key) last.rows.push(values);
    else runs.push({ key, columns, rows: [values] });
  }
  return runs.map(({ columns, rows }) =>
    DB.prepare(
      `INSERT INTO ${table} (${columns.join(', ')}) SELECT ${columns
        .map((c) => `value ->> '$.${c}'`)
        .join(', ')} FROM json_each(?) ORDER BY key`,
    ).bind(JSON.stringify(rows.map((row) => Object.fromEntries(columns.map((c) => [c, row[c]]))))),
  );
}

/** COURSES' compact question specs -> AssessmentData (worker/contract/course.ts). */
function assessmentData(spec, type) {
  const pre = type === 'PRE_ASSESSMENT';
  return {
    title: spec.title,
    description: pre
      ? `Check what you already know before you start. You need ${PASS_MARK}% to unlock the learning material.`
      : `Complete this assessment to finish the course and earn your certificate. You need ${PASS_MARK}% to pass.`,
    passingScore: PASS_MARK,
    timeLimit: spec.timeLimit,
    maxAttempts: MAX_ATTEMPTS,
    shuffleQuestions: spec.shuffle,
    questions: spec.questions.map((q) => {
      const base = {
        id: randomUUID(),
        question: q.question,
        type: q.type,
        points: 10,
        required: true,
        explanation: q.explanation,
      };
      if (q.type === 'TRUE_FALSE') return { ...base, options: [], correctAnswer: String(q.answer) };
      const texts = [...q.wrong];
      texts.splice(q.correctPosition, 0, q.correct);
      return {
        ...base,
        options: texts.map((text) => ({ id: randomUUID(), text, isCorrect: text === q.correct })),
        correctAnswer: q.correct,
      };
    }),
  };
}

function wrongAnswer(question) {
  if (question.type === 'TRUE_FALSE') return question.correctAnswer === 'true' ? 'false' : 'true';
  return question.options.find((o) => !o.isCorrect).text;
}

function overallProgress(items) {
  const types = new Set(items.map((x) => x.component.type));
  const total = [...types].reduce((sum, t) => sum + WEIGHTS[t], 0);
  let earned = 0;
  for (const type of types) {
    const ofType = items.filter((x) => x.component.type === type);
    const done = ofType.reduce((sum, x) => sum + (x.cp.status === 'COMPLETED' ? 1 : x.cp.progress_percentage / 100), 0);
    earned += (WEIGHTS[type] * done) / ofType.length;
  }
  return Math.round((earned / total) * 10_000) / 100;
}

function shuffle(list) {
  for (let i = list.length - 1; i > 0; i -= 1) {
    const j = randomInt(0, i + 1);
    [list[i], list[j]] = [list[j], list[i]];
  }
  return list;
}
