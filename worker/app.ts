import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv } from './env';
import { ApiError, onError } from './errors';
import { requireAdmin, requireAuth } from './middleware/auth';
import { purgePublicCoursesAfterWrite } from './middleware/edge-cache';
import { apiBodyLimit, apiSecurityHeaders, fileResponsePolicy, packageResponsePolicy, forgetAdminSnapshotsAfterWrite, forgetComplianceAfterWrite, noStore, requestContext, settleRequestBody } from './middleware/common';
import { adminAssessments } from './routes/admin-assessments';
import { adminCourses } from './routes/admin-courses';
import { adminDashboard } from './routes/admin-dashboard';
import { announcements } from './routes/announcements';
import { assessments } from './routes/assessments';
import { auth } from './routes/auth';
import { certificates } from './routes/certificates';
import { courses } from './routes/courses';
import { domainsRoutes } from './routes/domains';
import { materials } from './routes/materials';
import { adminScormRoutes, scormRoutes } from './routes/scorm';
import { progress } from './routes/progress';
import { publicRoutes } from './routes/public';
import { reports } from './routes/reports';
import { think } from './routes/think';
import { usersRoutes } from './routes/users';
import { verifyPage } from './routes/verify-page';
import { landingPage } from './routes/landing-page';
import { complianceRoutes, adminUserRecordRoutes } from './routes/compliance';
import { requirementRoutes } from './routes/requirements';
import { userRequirementRoutes } from './routes/user-requirements';

/** API routes a visitor may call without a session (method and path pattern as in `app.routes`). */
export const PUBLIC_API_ROUTES = [
  'GET /api/health',
  'GET /api/health/db',
  'POST /api/auth/login',
  'POST /api/auth/forgot-password',
  'GET /api/auth/reset-password/validate',
  'POST /api/auth/reset-password',
  'GET /api/public/config',
  'GET /api/public/courses',
  'POST /api/think/public/submit',
  'GET /api/v2/certificates/verify/:number',
  // Opened by the browser's own viewer through a short-lived signed link (or with a session).
  'GET /api/v2/materials/:id/file',
  // A video's caption file, loaded by a <track> element through a signed link (or with a session).
  'GET /api/v2/materials/:id/captions/:captionId/file',
  // A SCORM package's files, opened by a sandboxed frame through a signed path (routes/scorm.ts).
  'GET /api/v2/scorm/content/:id/:token/*',
  // The SCORM player's page-hide commit (navigator.sendBeacon sends no header): a signed URL.
  'POST /api/v2/scorm/components/:id/beacon',
] as const;

export const app = new Hono<AppEnv>()
  .use('*', requestContext)
  .use('/api/*', settleRequestBody, packageResponsePolicy, fileResponsePolicy, apiSecurityHeaders, noStore, apiBodyLimit())
  .get('/api/health', (c) => c.json({ ok: true }))
  // Readiness: the database answers (one trivial D1 round trip; the bench's floor for a D1 call).
  .get('/api/health/db', async (c) => {
    await c.var.db.get(sql`SELECT 1`);
    return c.json({ ok: true });
  })
  // Who may call what, by prefix: the one place guards are declared. Routes under these prefixes
  // must not add the same guard again. Public API routes are listed in PUBLIC_API_ROUTES
  // (test/api/route-table.test.ts walks the route table against it). Three routers mix public and
  // private routes and so guard per handler: /api/v2/materials (a file opened through a signed
  // link has no session), /api/v2/scorm (package files and the page-hide beacon are signed links)
  // and /api/v2/certificates (verification is public).
  .use('/api/auth/user', requireAuth)
  .use('/api/auth/logout', requireAuth)
  .use('/api/auth/password', requireAuth)
  .use('/api/v2/user/*', requireAuth)
  .use('/api/v2/admin/*', requireAuth, requireAdmin)
  .use('/api/domains/*', requireAuth, requireAdmin)
  .use('/api/users/*', requireAuth)
  .use('/api/users', forgetComplianceAfterWrite)
  .use('/api/users/*', forgetComplianceAfterWrite)
  .use('/api/domains/*', forgetComplianceAfterWrite)
  // Course and book changes reach the landing page's sample courses at once (edge cache purge).
  // (A `/x/*` pattern also matches `/x` itself.)
  .use('/api/v2/admin/courses/*', purgePublicCoursesAfterWrite)
  .use('/api/domains/*', purgePublicCoursesAfterWrite)
  .use('/api/users', forgetAdminSnapshotsAfterWrite)
  .use('/api/users/*', forgetAdminSnapshotsAfterWrite)
  .use('/api/domains/*', forgetAdminSnapshotsAfterWrite)
  .use('/api/v2/admin/courses/*', forgetAdminSnapshotsAfterWrite)
  .use('/api/v2/admin/assessments/*', forgetAdminSnapshotsAfterWrite)
  // /api/users also serves a learner's own profile (GET and PUT /api/users/:id), so its admin-only
  // paths are listed one by one.
  .on(['GET', 'POST'], '/api/users', requireAdmin)
  .use('/api/users/bulk', requireAdmin)
  .use('/api/users/bulk-deactivate', requireAdmin)
  .on('POST', ['/api/users/:id/deactivate', '/api/users/:id/reactivate'], requireAdmin)
  .use('/api/users/search', requireAdmin)
  .use('/api/users/generate-password', requireAdmin)
  .use('/api/users/export', requireAdmin)
  .use('/api/users/domains/*', requireAdmin)
  .use('/api/users/:id/domains', requireAdmin)
  .on('DELETE', '/api/users/:id', requireAdmin)
  .use('/api/think/submit', requireAuth)
  .use('/api/think/user/*', requireAuth)
  .use('/api/think/admin/*', requireAuth, requireAdmin)
  .use('/api/announcements/active', requireAuth)
  .use('/api/announcements/admin/*', requireAuth, requireAdmin)
  .route('/api/auth', auth)
  .route('/api/public', publicRoutes)
  .route('/api/v2/user/courses', courses)
  .route('/api/v2/user/progress', progress)
  .route('/api/v2/user/assessments', assessments)
  .route('/api/v2/user/reports', reports)
  .route('/api/v2/materials', materials)
  .route('/api/v2/scorm', scormRoutes)
  .route('/api/v2/certificates', certificates)
  .route('/api/think', think)
  .route('/api/announcements', announcements)
  .route('/api/users', usersRoutes)
  .route('/api/domains', domainsRoutes)
  .route('/api/v2/admin/courses', adminCourses)
  .route('/api/v2/admin/assessments', adminAssessments)
  .route('/api/v2/admin/dashboard', adminDashboard)
  .route('/api/v2/admin/requirements', requirementRoutes)
  .route('/api/v2/admin/compliance', complianceRoutes)
  .route('/api/v2/admin/users', adminUserRecordRoutes)
  .route('/api/v2/admin/scorm', adminScormRoutes)
  .route('/api/v2/user/requirements', userRequirementRoutes)
  .route('/certificate/verify', verifyPage)
  // The landing page, rendered here in the visitor's language (the rest of the client is static assets).
  .route('/', landingPage);

app.notFound((c) => {
  if (c.req.path.startsWith('/api/')) throw new ApiError('NOT_FOUND', 'Not found');
  // Anything else the Worker was asked first for falls through to the client app.
  return c.env.ASSETS ? c.env.ASSETS.fetch(c.req.raw) : c.text('Not found', 404);
});
app.onError(onError);

export type AppType = typeof app;
