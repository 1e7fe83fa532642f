/**
 * The soak run's request loops (scripts/soak.mjs), as autocannon request lists: learners, the admin and
 * certificate inspectors, each answer tallied per request type and status.
 */

export const ADMIN = { username: 'admin', password: 'Admin#2026demo' };
const LEARNER_PASSWORD = 'Learner#2026demo';
export const SOAK_LEARNERS = 200;

// Tallies: per request type and status
export const tally = new Map();
const count = (name, status) => {
  const row = tally.get(name) ?? new Map();
  row.set(status, (row.get(status) ?? 0) + 1);
  tally.set(name, row);
};
/**
 * attemptId -> the gradings answered 200 for it (score and submittedAt). A retried submit (same answers, or
 * none new) is answered the stored result (issue 31 item 6), so two 200s are fine; two different gradings are not.
 */
export const acceptedSubmits = new Map();
const acceptSubmit = (status, body, context) => {
  if (status !== 200) return;
  const result = json(body);
  const grading = `${result?.score}@${result?.submittedAt}`;
  acceptedSubmits.set(context.attemptId, [...(acceptedSubmits.get(context.attemptId) ?? []), grading]);
};
const pick = (list) => list[Math.floor(Math.random() * list.length)];
const json = (body) => {
  try {
    return JSON.parse(body);
  } catch {
    return null;
  }
};
const auth = (context) => ({ authorization: `Bearer ${context.token}` });

/**
 * One autocannon request step: `build(context)` returns {method, path, body} or null (then the step is
 * replaced by a health check and counted as "skipped", so a loop never resets half-way). Without a
 * session the step signs in instead: autocannon moves on to the next step when a connection drops
 * (a restart, a fault), so a loop can lose its sign-in step.
 */
function stepOf(name, build, after) {
  return {
    setupRequest: (request, context) => {
      const signingIn = name === 'sign-in' || !context.token;
      const spec = signingIn
        ? { method: 'POST', path: '/api/auth/login', body: ACCOUNTS[context.role]() }
        : build(context);
      context.current = signingIn ? 'sign-in' : spec ? name : 'skipped (no prerequisite)';
      if (!spec) return { ...request, method: 'GET', path: '/api/health', headers: {}, body: undefined };
      const headers = { ...(spec.headers ?? {}) };
      if (!signingIn) Object.assign(headers, auth(context));
      if (spec.body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
      return {
        ...request,
        method: spec.method ?? 'GET',
        path: spec.path,
        headers,
        body:
          spec.body === undefined
            ? undefined
            : typeof spec.body === 'string' || Buffer.isBuffer(spec.body)
              ? spec.body
              : JSON.stringify(spec.body),
      };
    },
    onResponse: (status, body, context) => {
      count(context.current, status);
      if (context.current === 'sign-in') context.token = status === 200 ? json(body)?.token : undefined;
      else if (context.current === name && after) after(status, body, context);
    },
  };
}

const signIn = () => stepOf('sign-in', () => null);
/** Who a connection signs in as: a random soak learner each loop, or the admin. */
const ACCOUNTS = {
  learner: () => ({ username: `soak${1 + Math.floor(Math.random() * SOAK_LEARNERS)}`, password: LEARNER_PASSWORD }),
  admin: () => ADMIN,
};

// Learner loop: sign in, browse, enrol, study a material, take an assessment (start, 3 autosaves, submit).
export const learnerRequests = [
  signIn(),
  stepOf(
    'course list',
    () => ({ path: '/api/v2/user/courses?page=1&limit=10' }),
    (_status, body, context) => {
      const courses = json(body)?.courses ?? [];
      context.courseId = courses.length ? pick(courses).id : undefined;
    },
  ),
  stepOf(
    'course detail',
    (c) => (c.courseId ? { path: `/api/v2/user/courses/${c.courseId}` } : null),
    (_status, body, context) => {
      const components = json(body)?.components ?? [];
      context.components = components;
    },
  ),
  stepOf('enroll', (c) =>
    c.courseId ? { method: 'POST', path: `/api/v2/user/progress/courses/${c.courseId}/enroll` } : null,
  ),
  stepOf('course progress', (c) => (c.courseId ? { path: `/api/v2/user/progress/courses/${c.courseId}` } : null)),
  stepOf('material progress', (c) => {
    const material = (c.components ?? []).find((x) => x.type === 'MATERIAL');
    return material
      ? {
          method: 'PUT',
          path: `/api/v2/user/progress/components/${material.id}/progress`,
          body: { progressPercentage: pick([25, 50, 100]) },
        }
      : null;
  }),
  stepOf(
    'assessment start',
    (c) => {
      const assessments = (c.components ?? []).filter((x) => x.type !== 'MATERIAL');
      if (!assessments.length) return null;
      c.assessment = pick(assessments);
      return { method: 'POST', path: `/api/v2/user/assessments/${c.assessment.id}/start` };
    },
    (status, body, context) => {
      context.attemptId = status === 200 ? json(body)?.attemptId : undefined;
      const questions = context.assessment?.data?.questions ?? [];
      context.answers = Object.fromEntries(
        questions.map((q) => [q.id, pick(['true', 'false', 'CO2', 'Raise the alarm', 'Water'])]),
      );
    },
  ),
  ...[1, 2, 3].map((i) =>
    stepOf(`assessment autosave`, (c) => {
      if (!c.attemptId) return null;
      const ids = Object.keys(c.answers ?? {});
      return ids.length && i < 3
        ? {
            method: 'PUT',
            path: `/api/v2/user/assessments/attempts/${c.attemptId}/answers`,
            body: { questionId: pick(ids), answer: pick(['true', 'false', 'CO2']) },
          }
        : {
            method: 'PUT',
            path: `/api/v2/user/assessments/attempts/${c.attemptId}/answers`,
            body: { answers: c.answers ?? {} },
          };
    }),
  ),
  stepOf(
    'assessment submit',
    (c) =>
      c.attemptId
        ? {
            method: 'POST',
            path: `/api/v2/user/assessments/attempts/${c.attemptId}/submit`,
            body: { answers: c.answers ?? {} },
          }
        : null,
    acceptSubmit,
  ),
  // A double submit (a second tab, a retried request) must never grade again: refused, or answered the stored result.
  stepOf(
    'assessment re-submit',
    (c) =>
      c.attemptId && Math.random() < 0.3
        ? { method: 'POST', path: `/api/v2/user/assessments/attempts/${c.attemptId}/submit`, body: { answers: {} } }
        : null,
    acceptSubmit,
  ),
  stepOf('incomplete attempts', () => ({ path: '/api/v2/user/assessments/incomplete' })),
];

// Admin loop: sign in, the paged lists, an upload.
export const PDF = Buffer.from(
  '%PDF-1.4\n% soak\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
export const BOUNDARY = 'soakboundary7MA4YWxkTrZu0gW';
const uploadBody = () =>
  Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="title"\r\n\r\nSoak upload ${Date.now()}\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="soak.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    PDF,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
export const adminRequests = [
  signIn(),
  stepOf('admin users list', () => ({ path: `/api/users?page=${pick([1, 2])}&limit=25` })),
  stepOf('admin courses list', () => ({ path: '/api/v2/admin/courses?page=1&limit=5' })),
  stepOf('admin attempts list', () => ({ path: '/api/v2/admin/assessments/attempts?page=0&size=10&status=ALL' })),
  stepOf('admin audit log', () => ({ path: '/api/v2/admin/assessments/audit-log?page=0&size=10' })),
  stepOf('admin dashboard', () => ({ path: '/api/v2/admin/dashboard/stats' })),
  stepOf('upload', () =>
    Math.random() < 0.5
      ? {
          method: 'POST',
          path: '/api/v2/materials/upload',
          headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
          body: uploadBody(),
        }
      : null,
  ),
  stepOf('materials list', () => ({ path: '/api/v2/materials?page=1&limit=10' })),
];

/** Inspectors checking certificates (real and unknown numbers), from 20 addresses (the limit is per IP). */
export const verifyRequestsFor = (certificateNumbers) => [
  {
    setupRequest: (request, context) => {
      const number =
        certificateNumbers.length && Math.random() < 0.7
          ? pick(certificateNumbers)
          : `CERT-NOPE-${Math.floor(Math.random() * 1e6)}`;
      const page = Math.random() < 0.3;
      context.current = page ? 'verification page' : 'verification lookup';
      return {
        ...request,
        method: 'GET',
        path: page
          ? `/certificate/verify/${encodeURIComponent(number)}`
          : `/api/v2/certificates/verify/${encodeURIComponent(number)}`,
        headers: { 'x-forwarded-for': `127.0.1.${1 + Math.floor(Math.random() * 20)}` },
      };
    },
    onResponse: (status, _body, context) => count(context.current, status),
  },
];
