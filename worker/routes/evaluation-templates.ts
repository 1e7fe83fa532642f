import { and, desc, eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { idParam } from '../contract/common';
import { REFUSALS } from '../contract/errors';
import {
  templateBody,
  type TemplateBody,
  type TemplateListResponse,
  type TemplateResponse,
} from '../contract/evaluations';
import type { Db } from '../db/client';
import { evaluationTemplateItems, evaluationTemplates } from '../db/schema';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { requireAdmin } from '../middleware/auth';
import { auditInsert } from '../services/audit';
import {
  familyVersions,
  findTemplate,
  isLatestVersion,
  itemInserts,
  storedQualification,
  templateColumns,
  templateDtos,
  type TemplateRow,
} from '../services/evaluation-templates';
import type { Qualification } from '../services/qualification';
import { validate } from '../validate';

/**
 * Evaluation templates (admin, Module Management: they are content). Versioned: a DRAFT is edited
 * in place; a PUT on a PUBLISHED version makes the next version as a DRAFT (same family, new item
 * ids) and leaves the published one as it was, so every record keeps the checklist it was made on.
 * Publishing makes a version its family's current one (evaluators use the latest published).
 */

/** The version with its family's versions (newest first). */
async function templateResponse(c: Context<AppEnv>, row: TemplateRow): Promise<TemplateResponse> {
  const [versions, [template]] = await Promise.all([
    familyVersions(c.var.db, row.familyId),
    templateDtos(c.var.db, [row]),
  ]);
  return {
    template: template!,
    versions: versions.map((v) => ({ id: v.id, version: v.version, status: v.status, publishedAt: v.publishedAt })),
  };
}

/** A new draft version with its items (the first version of a family, or the next one of a published version). */
function draftInserts(
  db: Db,
  version: { id: string; familyId: string; version: number },
  body: TemplateBody,
  qualification: Qualification | null,
  userId: string,
  now: string,
) {
  return [
    db.insert(evaluationTemplates).values({
      ...version,
      status: 'DRAFT',
      ...templateColumns(body, qualification),
      createdBy: userId,
      createdAt: now,
      updatedAt: now,
    }),
    ...itemInserts(db, version.id, body.items),
  ] as const;
}

const summary = (row: Pick<TemplateRow, 'name' | 'version' | 'status' | 'grants' | 'validityDays'>) => ({
  name: row.name,
  version: row.version,
  status: row.status,
  grants: row.grants,
  validityDays: row.validityDays,
});

export const evaluationTemplateRoutes = new Hono<AppEnv>()
  .use('*', requireAdmin('moduleManagement'))

  // The newest version of each family (a draft of the next version shows as that draft).
  .get('/', async (c) => {
    const rows = await c.var.db
      .select()
      .from(evaluationTemplates)
      .orderBy(desc(evaluationTemplates.version), evaluationTemplates.name);
    const newest = new Map<string, TemplateRow>();
    for (const row of rows) if (!newest.has(row.familyId)) newest.set(row.familyId, row);
    const list = [...newest.values()].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
    return c.json<TemplateListResponse>({ templates: await templateDtos(c.var.db, list) });
  })

  .post('/', validate('json', templateBody), async (c) => {
    const body = c.req.valid('json');
    const db = c.var.db;
    const qualification = await storedQualification(db, body);
    const id = crypto.randomUUID();
    const now = new Date().toISOString();
    await db.batch([
      ...draftInserts(db, { id, familyId: id, version: 1 }, body, qualification, c.var.user.id, now),
      auditInsert(db, {
        actor: c.var.user,
        action: 'EVALUATION_TEMPLATE_CREATED',
        entityType: 'EVALUATION_TEMPLATE',
        entityId: id,
        after: { ...summary({ ...body, version: 1, status: 'DRAFT' }), items: body.items.length },
      }),
    ]);
    return c.json(await templateResponse(c, await findTemplate(db, id)), 201);
  })

  .get('/:id', validate('param', idParam), async (c) => {
    return c.json(await templateResponse(c, await findTemplate(c.var.db, c.req.valid('param').id)));
  })

  .put('/:id', validate('param', idParam), validate('json', templateBody), async (c) => {
    const db = c.var.db;
    const row = await findTemplate(db, c.req.valid('param').id);
    const body = c.req.valid('json');
    const qualification = await storedQualification(db, body);
    if (!(await isLatestVersion(db, row))) throw new ApiError('CONFLICT', REFUSALS['template.notLatest']);
    const now = new Date().toISOString();
    if (row.status === 'DRAFT') {
      // Only the draft itself changes; its items are replaced (no record can name a draft's item).
      const [updated] = await db.batch([
        db
          .update(evaluationTemplates)
          .set({ ...templateColumns(body, qualification), updatedAt: now })
          .where(and(eq(evaluationTemplates.id, row.id), eq(evaluationTemplates.status, 'DRAFT')))
          .returning({ id: evaluationTemplates.id }),
        db.delete(evaluationTemplateItems).where(eq(evaluationTemplateItems.templateId, row.id)),
        ...itemInserts(db, row.id, body.items),
        auditInsert(db, {
          actor: c.var.user,
          action: 'EVALUATION_TEMPLATE_UPDATED',
          entityType: 'EVALUATION_TEMPLATE',
          entityId: row.id,
          before: summary(row),
          after: { ...summary({ ...body, version: row.version, status: 'DRAFT' }), items: body.items.length },
        }),
      ]);
      if (updated.length === 0) throw new ApiError('CONFLICT', REFUSALS['template.notLatest']);
      return c.json(await templateResponse(c, await findTemplate(db, row.id)));
    }
    // A published version stays as it is; the edit becomes the next version, a draft. The unique
    // (family, version) index refuses a second draft made at the same moment.
    const id = crypto.randomUUID();
    try {
      await db.batch([
        ...draftInserts(
          db,
          { id, familyId: row.familyId, version: row.version + 1 },
          body,
          qualification,
          c.var.user.id,
          now,
        ),
        auditInsert(db, {
          actor: c.var.user,
          action: 'EVALUATION_TEMPLATE_VERSIONED',
          entityType: 'EVALUATION_TEMPLATE',
          entityId: id,
          before: { templateId: row.id, ...summary(row) },
          after: { ...summary({ ...body, version: row.version + 1, status: 'DRAFT' }), items: body.items.length },
        }),
      ]);
    } catch (error) {
      if (/UNIQUE/i.test(String((error as Error).cause ?? error)))
        throw new ApiError('CONFLICT', REFUSALS['template.notLatest']);
      throw error;
    }
    return c.json(await templateResponse(c, await findTemplate(db, id)), 201);
  })

  .post('/:id/publish', validate('param', idParam), async (c) => {
    const db = c.var.db;
    const row = await findTemplate(db, c.req.valid('param').id);
    if (row.status === 'PUBLISHED') throw new ApiError('CONFLICT', REFUSALS['template.alreadyPublished']);
    if (!(await isLatestVersion(db, row))) throw new ApiError('CONFLICT', REFUSALS['template.notLatest']);
    const now = new Date().toISOString();
    const [updated] = await db.batch([
      db
        .update(evaluationTemplates)
        .set({ status: 'PUBLISHED', publishedAt: now, updatedAt: now })
        .where(and(eq(evaluationTemplates.id, row.id), eq(evaluationTemplates.status, 'DRAFT')))
        .returning({ id: evaluationTemplates.id }),
      auditInsert(db, {
        actor: c.var.user,
        action: 'EVALUATION_TEMPLATE_PUBLISHED',
        entityType: 'EVALUATION_TEMPLATE',
        entityId: row.id,
        before: summary(row),
        after: { ...summary(row), status: 'PUBLISHED', publishedAt: now },
      }),
    ]);
    if (updated.length === 0) throw new ApiError('CONFLICT', REFUSALS['template.alreadyPublished']);
    return c.json(await templateResponse(c, await findTemplate(db, row.id)));
  });
