import { and, count, desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as v from 'valibot';
import { materialListQuery, materialUpdateBody, type MaterialListPage } from '../../contract/materials';
import { idParam, searchQuery, searchTermOf } from '../../contract/common';
import { offsetOf, paginate } from '../../db/paginate';
import { materials as materialsTable } from '../../db/schema';
import type { AppEnv } from '../../env';
import { ApiError, refusal } from '../../errors';
import { requireAdmin } from '../../middleware/auth';
import { captionsOf } from '../../services/captions';
import { findMaterial, materialAudit, materialSearch, scormFilesOf, usageCount } from '../../services/materials';
import { deletePackageFiles } from '../../services/scorm-package';
import { parseOrThrow, validate } from '../../validate';
import { auditMaterial, materialFor, materialsFor } from './shared';

/** The materials library, for admins: list, search, edit the title and description, delete. */

/** Editing changes only the title and description: a large body here is never legitimate, and formData() buffers. */
const editBodyLimit = bodyLimit({
  maxSize: 64 * 1024,
  onError: () => {
    throw new ApiError('PAYLOAD_TOO_LARGE', 'Only the title and description can be changed');
  },
});

export const materialLibrary = new Hono<AppEnv>()
  // The plain array without `page` (original clients and the component picker), the envelope with it.
  .get('/', requireAdmin('moduleManagement'), validate('query', materialListQuery), async (c) => {
    const { page, limit, search, query, type } = c.req.valid('query');
    const db = c.var.db;
    const where = and(materialSearch(search || query), type ? eq(materialsTable.type, type) : undefined);
    const order = [desc(materialsTable.createdAt), desc(materialsTable.id)] as const;
    if (page === undefined) {
      const rows = await db
        .select()
        .from(materialsTable)
        .where(where)
        .orderBy(...order);
      return c.json(await materialsFor(c, rows));
    }
    const request = { page, limit };
    const { items, pagination } = await paginate(
      db,
      request,
      db
        .select()
        .from(materialsTable)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offsetOf(request)),
      db.select({ n: count() }).from(materialsTable).where(where),
    );
    return c.json({ materials: await materialsFor(c, items), pagination } satisfies MaterialListPage);
  })

  // Quick lookup for pickers: the 20 newest materials whose title or description contains `q`.
  .get('/search', requireAdmin('moduleManagement'), validate('query', searchQuery), async (c) => {
    const rows = await c.var.db
      .select()
      .from(materialsTable)
      .where(materialSearch(searchTermOf(c.req.valid('query'))))
      .orderBy(desc(materialsTable.createdAt), desc(materialsTable.id))
      .limit(20);
    return c.json(await materialsFor(c, rows));
  })

  .put('/:id', requireAdmin('moduleManagement'), editBodyLimit, validate('param', idParam), async (c) => {
    const db = c.var.db;
    const row = await findMaterial(db, c.req.valid('param').id);
    // Original clients send multipart form fields; JSON is accepted too. Only title and description change, never the file.
    const type = c.req.header('content-type') ?? '';
    let input: unknown = {};
    if (/multipart\/form-data|application\/x-www-form-urlencoded/i.test(type)) {
      const form = await c.req.formData().catch(() => null);
      input = { title: form?.get('title') ?? '', description: form?.get('description') ?? null };
    } else {
      input = await c.req.json().catch(() => ({}));
    }
    const body = parseOrThrow(materialUpdateBody, v.is(v.record(v.string(), v.unknown()), input) ? input : {});
    const [[updated]] = await db.batch([
      db
        .update(materialsTable)
        .set({ title: body.title, description: body.description, updatedAt: new Date().toISOString() })
        .where(eq(materialsTable.id, row.id))
        .returning(),
      auditMaterial(db, c.var.user, 'MATERIAL_UPDATED', row.id, {
        before: materialAudit(row),
        after: materialAudit({ ...row, ...body }),
      }),
    ]);
    return c.json(await materialFor(c, updated));
  })

  .delete('/:id', requireAdmin('moduleManagement'), validate('param', idParam), async (c) => {
    const db = c.var.db;
    const row = await findMaterial(db, c.req.valid('param').id);
    const used = await usageCount(db, row.id);
    if (used > 0) throw refusal('IN_USE', 'material.inUse', { count: used });
    // Its caption rows go with it (foreign key cascade); their files are removed after.
    const captionKeys = (await captionsOf(db, row.id)).map((caption) => caption.storageKey);
    // A package's expanded files (its row goes with the material, so they are read first).
    const packageKeys = row.type === 'SCORM' ? await scormFilesOf(db, row.id) : [];
    try {
      await db.batch([
        db.delete(materialsTable).where(eq(materialsTable.id, row.id)),
        auditMaterial(db, c.var.user, 'MATERIAL_DELETED', row.id, { before: materialAudit(row) }),
      ]);
    } catch (error) {
      // A component added between the check and the delete: the foreign key refuses it.
      if (/FOREIGN KEY/i.test(String((error as { cause?: unknown })?.cause ?? error))) {
        throw refusal('IN_USE', 'material.inUse', { count: await usageCount(db, row.id) });
      }
      throw error;
    }
    await deletePackageFiles(c.var.storage, packageKeys);
    for (const key of [...(row.type === 'SCORM' ? [] : [row.storageKey]), ...captionKeys]) {
      await c.var.storage
        .delete(key)
        .catch((error) =>
          console.error(
            JSON.stringify({ level: 'warn', message: 'orphaned material object', key, error: String(error) }),
          ),
        );
    }
    return c.json({ message: 'Material deleted successfully', id: row.id });
  });
