import { Hono } from 'hono';
import { badgeParam, type BadgeStatusResponse } from '../contract/badges';
import { idParam } from '../contract/common';
import { REFUSALS } from '../contract/errors';
import { originFor } from '../config';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { inFirstBatch, requireLearner, sessionInFirstBatch } from '../middleware/auth';
import { pdfDownload } from '../services/file-types';
import { badgeIdFor, signedIdOfScan, userOfBadge } from '../services/badge';
import { badgeHolder, badgeRelation, displayName } from '../services/badge-holder';
import { badgeStatusFor, readBadgeStatus } from '../services/badge-status';
import { validate } from '../validate';

/*
 * Badges (issue 30): the printable card of a person and the full status behind their badge page.
 * Who may: docs/decisions/2026-11-28-badge-page.md (the person for their card; administrators with
 * User Management within their site limit; supervisors above the person in the reporting lines).
 */

/** GET /api/v2/users/{id}/badge.pdf: a CR80 card with the name, job title, site and the badge QR. */
export const badgeCardRoutes = new Hono<AppEnv>().get(
  '/:id/badge.pdf',
  requireLearner,
  validate('param', idParam),
  async (c) => {
    const db = c.var.db;
    const person = await badgeHolder(db, c.req.valid('param').id);
    if (!person) throw new ApiError('NOT_FOUND', REFUSALS['user.notFound']);
    if (!(await badgeRelation(db, c.var.user, person))) throw new ApiError('FORBIDDEN', REFUSALS['badge.notAllowed']);
    // A leaver's badge is dead (worker/services/badge.ts): no card is printed for it.
    if (person.deactivatedAt) throw new ApiError('NOT_FOUND', REFUSALS['badge.invalid']);
    const origin = (originFor(c.var.config, c.req.url) ?? new URL(c.req.url).origin).replace(/\/+$/, '');
    const url = `${origin}/badge/${await badgeIdFor(c.env.JWT_SECRET, person.id)}`;
    // The PDF code (pdf-lib, fontkit) loads with the first card an isolate renders.
    const { renderBadgeCardPdf } = await import('../services/badge-card-pdf');
    const bytes = await renderBadgeCardPdf(
      { name: displayName(person), jobTitle: person.jobTitle, site: person.siteName, url },
      { appName: c.var.config.appName, fonts: c.var.fonts, date: new Date() },
    );
    return pdfDownload(bytes, `badge-${person.username.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf`);
  },
);

/**
 * GET /api/v2/badges/{signedId}/status: the field check. Every requirement and every task that
 * applies to the badge's holder with its status today and what is missing or expiring, for their
 * supervisors and their administrators only; the badge page fetches it with the signed-in viewer's
 * bearer token. One D1 round trip: the caller's session rides in the batch with the holder and the status.
 */
export const badgeStatusRoutes = new Hono<AppEnv>().get(
  '/:signedId/status',
  inFirstBatch(requireLearner),
  validate('param', badgeParam),
  async (c) => {
    let userId: string | null = null;
    try {
      userId = await userOfBadge(c.env.JWT_SECRET, signedIdOfScan(c.req.valid('param').signedId));
    } catch {
      userId = null; // a broken %-escape is no badge
    }
    // One round trip: the session, the holder, the relation and the full status are read together
    // (services/badge-status.ts); a broken badge reads nothing, and the session is still judged first.
    const now = new Date();
    const holder = userId;
    const { user, result: read } = await sessionInFirstBatch(c, (db, callerId) =>
      holder ? readBadgeStatus(db, callerId, holder, now) : Promise.resolve(null),
    );
    const status = read ? await badgeStatusFor(user, read) : null;
    if (!status || status.holder.deactivatedAt) throw new ApiError('NOT_FOUND', REFUSALS['badge.invalid']);
    const { holder: person, relation } = status;
    // The person themselves reads their own status on their dashboard; the badge's full view is for those above them.
    if (relation !== 'admin' && relation !== 'supervisor')
      throw new ApiError('FORBIDDEN', REFUSALS['badge.notAllowed']);
    c.header('Cache-Control', 'no-store');
    return c.json<BadgeStatusResponse>({
      person: { id: person.id, name: displayName(person), jobTitle: person.jobTitle, siteName: person.siteName },
      viewer: relation,
      asOf: status.day,
      requirements: status.requirements,
      tasks: status.tasks,
    });
  },
);
