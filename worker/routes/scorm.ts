import { and, count, desc, eq, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as v from 'valibot';
import { idParam, idString } from '../contract/common';
import { launchCmi, scormLearnerName } from '../contract/rules/scorm';
import {
  SCORM_MESSAGES,
  SCORM_MAX_COMMIT_BYTES,
  scormCommitBody,
  scormResultsQuery,
  type ScormLaunchResponse,
  type ScormResultsPage,
} from '../contract/scorm';
import { containsText, offsetOf, paginate } from '../db/paginate';
import { componentProgress, components, courses, scormRuntime, users } from '../db/schema';
import type { AppEnv } from '../env';
import { inFirstBatch, publicRoute, requireAdmin, requireLearner, sessionInFirstBatch } from '../middleware/auth';
import { ApiError } from '../errors';
import { liveLinkUser } from '../services/link-sessions';
import {
  parseScormContentToken,
  scormBeaconScope,
  scormContentScope,
  signedScormBeaconUrl,
  signedScormContentBase,
  verifyFileLink,
  type LinkSession,
} from '../services/material-links';
import { componentOpenedSet, componentTitle, recomputeCourseProgress } from '../services/progress';
import { parseRange } from '../services/ranges';
import { entryPathProblem, isHtmlPath, launchFile, scormPrefix } from '../services/scorm-package';
import {
  commitReads,
  commitRuntime,
  minimumOf,
  recordLaunch,
  runtimeOf,
  scormComponent,
  toRuntimeSummary,
} from '../services/scorm';
import { siteScope } from '../services/sites';
import { parseOrThrow, validate } from '../validate';

/*
 * /api/v2/scorm: a learner plays a SCORM component. `launch` (session) answers the package's
 * signed content base and the runtime data to resume from; the content route serves the package's
 * files to the sandboxed frame, checking the signed link and the component's access rule on every
 * request; `runtime` (session) and `beacon` (signed, for navigator.sendBeacon, which cannot send a
 * header) record commits. Public and private routes mix here, so every handler states its guard
 * (the content and beacon routes are `publicRoute`: their signed links are their guard).
 *
 * Why the content is sandboxed and how the runtime reaches it: docs/decisions/2026-11-26-scorm-player.md.
 */

const LINK_EXPIRED = 'This content link has expired. Please reopen the course.';

const linkSession = (c: Context<AppEnv>): LinkSession => ({
  userId: c.var.user.id,
  tokenId: c.var.tokenJti,
  tokenVersion: c.var.user.tokenVersion,
  sessionExp: c.var.tokenExp,
});

const commitLimit = bodyLimit({
  maxSize: SCORM_MAX_COMMIT_BYTES,
  onError: () => {
    throw new ApiError('PAYLOAD_TOO_LARGE', SCORM_MESSAGES.commitTooLarge);
  },
});

const beaconQuery = v.object({
  u: idString,
  t: idString,
  v: v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'Invalid link')),
  exp: v.pipe(v.string(), v.regex(/^\d{1,12}$/, 'Invalid link')),
  sig: v.pipe(v.string(), v.maxLength(100, 'Invalid link')),
  /** The training cycle and session the beacon was signed for. */
  c: v.pipe(v.string(), v.regex(/^\d{1,7}$/, 'Invalid link')),
  s: v.pipe(v.string(), v.maxLength(64, 'Invalid link')),
});

const contentParams = v.object({ id: idString, token: v.pipe(v.string(), v.maxLength(400, 'Invalid link')) });

/** The whole HTML-attribute escape: the value sits in a double-quoted attribute. */
const attr = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Where the scripts the Worker adds to the launch file are served from (built into the client's assets). */
export const SCORM_RUNTIME_PATH = '/scorm-runtime/';

/**
 * The policy of every package response. `sandbox` without `allow-same-origin` gives each package
 * document an opaque origin: it cannot read the platform's storage (where the learner's token is),
 * its parent's DOM, or cookies. Every fetch it makes is limited to the package's own signed path and
 * the runtime scripts (a path-restricted source list), so it cannot call `/api` either, with or
 * without a token. Scripts, inline code and eval stay allowed: authoring tools rely on them.
 */
export function packagePolicy(origin: string, contentBase: string): string {
  const own = `${origin}${contentBase}`;
  const runtime = `${origin}${SCORM_RUNTIME_PATH}`;
  return [
    'sandbox allow-scripts allow-forms allow-popups allow-modals allow-downloads',
    "default-src 'none'",
    `script-src ${own} ${runtime} 'unsafe-inline' 'unsafe-eval'`,
    `style-src ${own} 'unsafe-inline'`,
    `img-src ${own} data: blob:`,
    `media-src ${own} data: blob:`,
    `font-src ${own} data:`,
    `connect-src ${own}`,
    `frame-src ${own}`,
    `worker-src ${own} blob:`,
    `base-uri ${own}`,
    "form-action 'none'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/**
 * The launch file with the runtime bridge put first in its head: scorm-again's CrossFrameAPI (the
 * `API` / `API_1484_11` object the package looks for) and the bridge that primes its cache with the
 * launch data and points it at the player in the parent window.
 */
export function injectRuntime(
  html: string,
  options: { origin: string; version: string; cmi: Record<string, string> },
): string {
  const tags =
    `<script src="${SCORM_RUNTIME_PATH}cross-frame-api.js"></script>` +
    `<script src="${SCORM_RUNTIME_PATH}bridge.js" data-origin="${attr(options.origin)}" data-version="${attr(options.version)}" data-cmi="${attr(JSON.stringify(options.cmi))}"></script>`;
  const head = /<head\b[^>]*>/i.exec(html);
  if (head) return html.slice(0, head.index + head[0].length) + tags + html.slice(head.index + head[0].length);
  const root = /<html\b[^>]*>/i.exec(html);
  if (root)
    return `${html.slice(0, root.index + root[0].length)}<head>${tags}</head>${html.slice(root.index + root[0].length)}`;
  return tags + html;
}

/** The launch file is read whole to add the bridge; past this it is served as it is. */
const MAX_INJECTED_HTML_BYTES = 4 * 1024 * 1024;

export const scormRoutes = new Hono<AppEnv>()
  .get('/components/:id/launch', requireLearner, validate('param', idParam), async (c) => {
    const { db, user } = c.var;
    const { ctx, pkg, materialTitle } = await scormComponent(db, user, c.req.valid('param').id);
    const runtime = await runtimeOf(db, user.id, ctx.component.id, ctx.enrollment.cycle);
    const iso = new Date().toISOString();
    // Opening the player starts the component, as opening any material does.
    if (ctx.row.status === 'NOT_STARTED' || !ctx.row.startedAt) {
      await db.update(componentProgress).set(componentOpenedSet(iso)).where(eq(componentProgress.id, ctx.row.id));
      await recomputeCourseProgress(db, user.id, ctx.course.id, new Date(iso), { accessed: true });
    }
    const session = linkSession(c);
    const cycle = ctx.enrollment.cycle;
    const sessionId = await recordLaunch(db, c.env.JWT_SECRET, {
      userId: user.id,
      componentId: ctx.component.id,
      cycle,
    });
    const base = await signedScormContentBase(c.env.JWT_SECRET, ctx.component.id, session);
    const learnerName = scormLearnerName(user.firstName, user.lastName, user.username);
    const body: ScormLaunchResponse = {
      componentId: ctx.component.id,
      materialId: pkg.materialId,
      title: componentTitle(ctx.component) || materialTitle,
      version: pkg.version,
      launchUrl: base + pkg.launchPath,
      cycle,
      sessionId,
      minimumSeconds: minimumOf(pkg, ctx),
      cmi: launchCmi(
        pkg.version,
        runtime?.cmi ?? {},
        { id: user.id, name: learnerName },
        runtime ? runtime.totalSeconds + runtime.sessionSeconds : 0,
        pkg.masteryScore,
      ),
      beaconUrl: await signedScormBeaconUrl(c.env.JWT_SECRET, ctx.component.id, session, { sessionId, cycle }),
      summary: toRuntimeSummary(runtime),
      learnerName,
      learnerId: user.id,
      masteryScore: pkg.masteryScore,
    };
    return c.json(body);
  })

  .put(
    '/components/:id/runtime',
    inFirstBatch(requireLearner),
    commitLimit,
    validate('param', idParam),
    validate('json', scormCommitBody),
    async (c) => {
      const id = c.req.valid('param').id;
      const body = c.req.valid('json');
      // Two round trips: every read in the session's batch, then the commit's write batch.
      const { user, result } = await sessionInFirstBatch(c, (db, userId) =>
        commitReads(db, userId, id, body.sessionId),
      );
      return c.json(await commitRuntime(c.var.db, c.env.JWT_SECRET, user, id, body, result));
    },
  )

  // navigator.sendBeacon on page hide: no header, so the URL is signed for this session and
  // component; the body is JSON sent as text/plain (a beacon's safe content type).
  .post('/components/:id/beacon', publicRoute, commitLimit, validate('param', idParam), async (c) => {
    const componentId = c.req.valid('param').id;
    const link = parseOrThrow(beaconQuery, c.req.query());
    const session = { userId: link.u, tokenId: link.t, tokenVersion: Number(link.v) };
    const launch = { sessionId: link.s, cycle: Number(link.c) };
    if (!(await verifyFileLink(c.env.JWT_SECRET, scormBeaconScope(componentId, launch), session, link.exp, link.sig)))
      throw new ApiError('UNAUTHORIZED', LINK_EXPIRED);
    const user = await liveLinkUser(c.var.db, session);
    if (!user) throw new ApiError('UNAUTHORIZED', LINK_EXPIRED);
    let json: unknown;
    try {
      json = JSON.parse(await c.req.text());
    } catch {
      throw new ApiError('VALIDATION_FAILED', SCORM_MESSAGES.commitInvalid);
    }
    const body = parseOrThrow(scormCommitBody, json);
    // The signed URL, not the body, says which launch and cycle the beacon belongs to.
    if (body.sessionId !== launch.sessionId) throw new ApiError('UNAUTHORIZED', LINK_EXPIRED);
    const reads = await commitReads(c.var.db, user.id, componentId, body.sessionId);
    return c.json(
      await commitRuntime(c.var.db, c.env.JWT_SECRET, user, componentId, { ...body, cycle: launch.cycle }, reads),
    );
  })

  // The package's files. Relative URLs inside the package keep the signed segment, so every file
  // request is checked: the signature, the session behind it, and the component's access rule.
  .get('/content/:id/:token/*', publicRoute, async (c) => {
    const { id, token } = parseOrThrow(contentParams, { id: c.req.param('id'), token: c.req.param('token') });
    const link = parseScormContentToken(token);
    if (!link || !(await verifyFileLink(c.env.JWT_SECRET, scormContentScope(id), link, link.exp, link.sig)))
      throw new ApiError('UNAUTHORIZED', LINK_EXPIRED);
    const user = await liveLinkUser(c.var.db, link);
    if (!user) throw new ApiError('UNAUTHORIZED', LINK_EXPIRED);
    const { ctx, pkg } = await scormComponent(c.var.db, user, id);

    const base = `/api/v2/scorm/content/${id}/${token}/`;
    const rawPath = c.req.path.startsWith(base) ? c.req.path.slice(base.length) : '';
    let path: string;
    try {
      path = rawPath.split('/').map(decodeURIComponent).join('/');
    } catch {
      throw new ApiError('NOT_FOUND', 'File not found in this package');
    }
    if (!path || entryPathProblem(path) || !pkg.files.includes(path))
      throw new ApiError('NOT_FOUND', 'File not found in this package');

    const key = scormPrefix(pkg.materialId) + path;
    const origin = new URL(c.req.url).origin;
    const headers = new Headers({
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
      // Read by the package policy middleware, which sets it last (after the API's own headers).
      'X-Package-Policy': packagePolicy(origin, base),
    });

    if (path === launchFile(pkg.launchPath) && isHtmlPath(path)) {
      const object = await c.var.storage.get(key);
      if (!object) throw new ApiError('NOT_FOUND', 'The package file is missing from storage');
      headers.set('Content-Type', object.contentType || 'text/html; charset=utf-8');
      if (object.size > MAX_INJECTED_HTML_BYTES) return new Response(object.body, { headers });
      const runtime = await runtimeOf(c.var.db, user.id, id, ctx.enrollment.cycle);
      const learner = await c.var.db
        .select({ firstName: users.firstName, lastName: users.lastName, username: users.username })
        .from(users)
        .where(eq(users.id, user.id))
        .get();
      const cmi = launchCmi(
        pkg.version,
        runtime?.cmi ?? {},
        {
          id: user.id,
          name: scormLearnerName(learner?.firstName ?? null, learner?.lastName ?? null, learner?.username ?? ''),
        },
        runtime ? runtime.totalSeconds + runtime.sessionSeconds : 0,
        pkg.masteryScore,
      );
      const html = await new Response(object.body).text();
      return new Response(injectRuntime(html, { origin, version: pkg.version, cmi }), { headers });
    }

    const info = await c.var.storage.head(key);
    if (!info) throw new ApiError('NOT_FOUND', 'The package file is missing from storage');
    const range = parseRange(c.req.header('range'), info.size);
    if (range === 'unsatisfiable')
      return new Response(null, { status: 416, headers: { 'Content-Range': `bytes */${info.size}` } });
    const object = await c.var.storage.get(key, range ? { range } : undefined);
    if (!object) throw new ApiError('NOT_FOUND', 'The package file is missing from storage');
    headers.set('Content-Type', object.contentType || 'application/octet-stream');
    headers.set('Accept-Ranges', 'bytes');
    headers.set('Content-Length', String(range ? range.length : object.size));
    if (range) headers.set('Content-Range', `bytes ${range.offset}-${range.offset + range.length - 1}/${object.size}`);
    return new Response(object.body, { status: range ? 206 : 200, headers });
  });

/**
 * /api/v2/admin/scorm: learners' SCORM results for oversight, under User Management like the
 * assessment attempts and interventions (/api/v2/admin/assessments).
 */
export const adminScormRoutes = new Hono<AppEnv>().get(
  '/results',
  requireAdmin('userManagement'),
  validate('query', scormResultsQuery),
  async (c) => {
    const { page, limit, search, courseId } = c.req.valid('query');
    const db = c.var.db;
    const where = and(
      courseId ? eq(scormRuntime.courseId, courseId) : undefined,
      // A site-limited administrator's learners only (users is joined in the page and the count).
      siteScope(c.var.user),
      containsText(search, [users.firstName, users.lastName, users.username, courses.title]),
    );
    const request = { page, limit };
    const base = () =>
      db
        // Named columns only: a batch answers rows keyed by column name, so two tables' `id` would collide.
        .select({
          userId: scormRuntime.userId,
          courseId: scormRuntime.courseId,
          componentId: scormRuntime.componentId,
          cycle: scormRuntime.cycle,
          version: scormRuntime.version,
          status: scormRuntime.status,
          successStatus: scormRuntime.successStatus,
          score: scormRuntime.score,
          totalSeconds: scormRuntime.totalSeconds,
          sessionSeconds: scormRuntime.sessionSeconds,
          completedAt: scormRuntime.completedAt,
          updatedAt: scormRuntime.updatedAt,
          firstName: users.firstName,
          lastName: users.lastName,
          username: users.username,
          courseTitle: courses.title,
          componentData: components.data,
          componentType: components.type,
        })
        .from(scormRuntime)
        .innerJoin(users, eq(users.id, scormRuntime.userId))
        .innerJoin(courses, eq(courses.id, scormRuntime.courseId))
        .innerJoin(components, eq(components.id, scormRuntime.componentId));
    const { items, pagination } = await paginate(
      db,
      request,
      base()
        .where(where)
        .orderBy(desc(scormRuntime.updatedAt), desc(scormRuntime.id))
        .limit(limit)
        .offset(offsetOf(request)),
      db
        .select({ n: count() })
        .from(scormRuntime)
        .innerJoin(users, eq(users.id, scormRuntime.userId))
        .innerJoin(courses, eq(courses.id, scormRuntime.courseId))
        .where(where ?? sql`1`),
    );
    const body: ScormResultsPage = {
      results: items.map((row) => ({
        userId: row.userId,
        userName: [row.firstName, row.lastName].filter(Boolean).join(' ') || row.username,
        username: row.username,
        courseId: row.courseId,
        courseTitle: row.courseTitle,
        componentId: row.componentId,
        componentTitle: componentTitle({ data: row.componentData, type: row.componentType }),
        cycle: row.cycle,
        version: row.version,
        summary: toRuntimeSummary(row),
      })),
      pagination,
    };
    return c.json(body);
  },
);
