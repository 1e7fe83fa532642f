import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Material } from '../contract/materials';
import type { CaptionTrack } from '../contract/captions';
import { holdsAdminPermission } from '../contract/rules/roles';
import type { AdminPermissions } from '../contract/auth';
import type { Db } from '../db/client';
import { containsText } from '../db/paginate';
import { components, courseProgress, courses, materials, scormPackages } from '../db/schema';
import type { ScormPackageInfo } from '../contract/scorm';
import { selectInChunks } from '../db/in-list';
import { expandPackage, scormPrefix } from './scorm-package';
import { stagePackage, unstagePackage } from './staged-packages';
import { ApiError } from '../errors';
import { auditInsert, type AuditActor } from './audit';
import type { ViewingSubject } from '../contract/rules/viewing';
import type { FileKind } from './file-types';
import type { Storage } from './storage';
import { materialFileUrl } from './material-links';
import {
  COMPONENT_LOCKED_MESSAGE,
  componentLocked,
  componentProgressMap,
  courseComponents,
  COURSE_NOT_AVAILABLE,
} from './progress';

export type MaterialRow = typeof materials.$inferSelect;

export const MATERIAL_NOT_FOUND = 'Material not found';
export const SCORM_PROGRESS_MESSAGE = 'A SCORM package records its own progress and completion: open it in the player.';

export function toMaterial(
  row: MaterialRow,
  fileUrl = materialFileUrl(row.id),
  captions: CaptionTrack[] = [],
  scorm: ScormPackageInfo | null = null,
): Material {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    type: row.type,
    fileName: row.fileName,
    fileSize: row.fileSize,
    contentType: row.contentType,
    fileUrl,
    driveFileId: null,
    driveFileUrl: fileUrl,
    captions,
    scorm,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The material search: title or description contains the text, case-insensitive. */
export const materialSearch = (term: string) => containsText(term, [materials.title, materials.description]);

export async function findMaterial(db: Db, id: string): Promise<MaterialRow> {
  const row = await db.select().from(materials).where(eq(materials.id, id)).get();
  if (!row) throw new ApiError('NOT_FOUND', MATERIAL_NOT_FOUND);
  return row;
}

/**
 * Admins holding Module Management always. Anyone else (an administrator without it too) only while enrolled in a course with a component using it (else 404),
 * that course published (else 403 COURSE_NOT_AVAILABLE) and that component unlocked for them (else
 * 409 COMPONENT_LOCKED): the same answers the component itself gives.
 */
export async function findAccessibleMaterial(
  db: Db,
  id: string,
  user: { id: string; role: string; permissions?: AdminPermissions | null },
): Promise<MaterialRow> {
  const row = await findMaterial(db, id);
  if (holdsAdminPermission(user, 'moduleManagement')) return row;
  const uses = await db
    .select({ componentId: components.id, courseId: components.courseId, status: courses.status })
    .from(components)
    .innerJoin(
      courseProgress,
      and(eq(courseProgress.courseId, components.courseId), eq(courseProgress.userId, user.id)),
    )
    .innerJoin(courses, eq(courses.id, components.courseId))
    .where(eq(components.materialId, id));
  if (uses.length === 0) throw new ApiError('NOT_FOUND', MATERIAL_NOT_FOUND);
  const published = uses.filter((use) => use.status === 'PUBLISHED');
  if (published.length === 0) throw new ApiError('COURSE_NOT_AVAILABLE', COURSE_NOT_AVAILABLE);
  for (const use of published) {
    const [list, progress] = await Promise.all([
      courseComponents(db, use.courseId),
      componentProgressMap(db, user.id, use.courseId),
    ]);
    const component = list.find((c) => c.id === use.componentId);
    if (component && !componentLocked({ components: list, progress, component })) return row;
  }
  throw new ApiError('COMPONENT_LOCKED', COMPONENT_LOCKED_MESSAGE);
}

/** What an audit entry keeps of a material. */
export function materialAudit(row: Pick<MaterialRow, 'title' | 'description' | 'fileName' | 'type'>) {
  return { title: row.title, description: row.description, fileName: row.fileName, type: row.type };
}

/** How many course components use the material (a used material cannot be deleted). */
export async function usageCount(db: Db, id: string): Promise<number> {
  const row = await db.select({ n: count() }).from(components).where(eq(components.materialId, id)).get();
  return Number(row?.n ?? 0);
}

export async function insertMaterial(
  db: Db,
  actor: AuditActor,
  values: { key: string; kind: FileKind; fileName: string; size: number; title: string; description: string | null },
): Promise<MaterialRow> {
  const id = crypto.randomUUID();
  const [[row]] = await db.batch([
    db
      .insert(materials)
      .values({
        id,
        title: values.title,
        description: values.description,
        type: values.kind.type,
        fileName: values.fileName,
        fileSize: values.size,
        contentType: values.kind.contentType,
        storageKey: values.key,
        createdBy: actor.id,
      })
      .returning(),
    auditInsert(db, {
      actor,
      action: 'MATERIAL_ADDED',
      entityType: 'MATERIAL',
      entityId: id,
      after: materialAudit({ ...values, type: values.kind.type }),
    }),
  ]);
  return row;
}

/** PDFs above this are not parsed for their page count; they count as one page per MiB. */
const MAX_PAGE_COUNT_BYTES = 32 * 1024 * 1024;

/** Pages of a stored PDF (at least 1), counted from the file (viewingSubject has the count kept on the material). */
async function pageCount(storage: Storage, row: MaterialRow): Promise<number> {
  let pages = Math.max(1, Math.floor(row.fileSize / (1024 * 1024)));
  if (row.fileSize <= MAX_PAGE_COUNT_BYTES) {
    const object = await storage.get(row.storageKey);
    if (object) {
      const bytes = new Uint8Array(await new Response(object.body).arrayBuffer());
      const { PDFDocument } = await import('pdf-lib');
      pages = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false })
        .then((pdf) => Math.max(1, pdf.getPageCount()))
        .catch(() => 1);
    }
  }
  return pages;
}

/** The material of a component (none for an assessment), batch-safe: read with the component's context. */
export const componentMaterialQuery = (db: Db, componentId: string) =>
  db
    .select()
    .from(materials)
    .where(eq(materials.id, sql`(SELECT cc.material_id FROM course_components cc WHERE cc.id = ${componentId})`))
    .limit(1);

/**
 * What the minimum viewing time of a material component depends on, for one learner, from its
 * material row (componentMaterialQuery).
 */
export async function viewingSubject(
  db: Db,
  storage: Storage,
  row: MaterialRow | undefined,
  mediaSeconds: number | null,
): Promise<{ subject: ViewingSubject; remember: BatchItem<'sqlite'> | null }> {
  if (!row) return { subject: { type: 'PDF', pages: 1, mediaSeconds: null }, remember: null };
  // A SCORM package's progress comes only from its own runtime data (routes/scorm.ts), never from a viewing report.
  if (row.type === 'SCORM') throw new ApiError('FORBIDDEN', SCORM_PROGRESS_MESSAGE);
  if (row.type !== 'PDF') return { subject: { type: row.type, pages: null, mediaSeconds }, remember: null };
  if (row.pageCount != null) return { subject: { type: 'PDF', pages: row.pageCount, mediaSeconds }, remember: null };
  // Counted once per material, by its first viewer; the count is stored by the step's own write batch.
  const pages = await pageCount(storage, row);
  return {
    subject: { type: 'PDF', pages, mediaSeconds },
    remember: db.update(materials).set({ pageCount: pages }).where(eq(materials.id, row.id)),
  };
}

/** The manifest facts of SCORM materials, by material id. */
export async function scormInfoByMaterial(db: Db, ids: string[]): Promise<Map<string, ScormPackageInfo>> {
  if (ids.length === 0) return new Map();
  const rows = await selectInChunks(ids, (chunk) =>
    db.select().from(scormPackages).where(inArray(scormPackages.materialId, chunk)),
  );
  return new Map(
    rows.map((row) => [
      row.materialId,
      {
        version: row.version,
        title: row.title,
        fileCount: row.fileCount,
        expandedBytes: row.expandedBytes,
        launchPath: row.launchPath,
        masteryScore: row.masteryScore,
        typicalLearningSeconds: row.typicalLearningSeconds,
      },
    ]),
  );
}

/** The storage keys of a SCORM material's expanded files. */
export async function scormFilesOf(db: Db, materialId: string): Promise<string[]> {
  const row = await db
    .select({ files: scormPackages.files })
    .from(scormPackages)
    .where(eq(scormPackages.materialId, materialId))
    .get();
  return (row?.files ?? []).map((file) => scormPrefix(materialId) + file);
}

/**
 * A SCORM package upload: checked and expanded under the new material's prefix, then the material
 * and its package row in one batch. A refused package, or a failed insert, leaves no file behind;
 * a Worker dying between the first stored file and that batch leaves a staging record whose files
 * the cron deletes (./staged-packages.ts).
 */
export async function insertScormMaterial(
  db: Db,
  storage: Storage,
  actor: AuditActor,
  values: { fileName: string; bytes: Uint8Array; title: string; description: string | null },
): Promise<MaterialRow> {
  const id = crypto.randomUUID();
  let staged = false;
  let pkg: Awaited<ReturnType<typeof expandPackage>>;
  try {
    pkg = await expandPackage(storage, id, values.bytes, {
      beforeStore: async (files) => {
        await stagePackage(db, id, files);
        staged = true;
      },
    });
  } catch (error) {
    // expandPackage deleted what it wrote; the staging record goes too (else the cron sweeps it).
    if (staged) await unstagePackage(db, id).catch(() => undefined);
    throw error;
  }
  const material = {
    id,
    title: values.title,
    description: values.description,
    type: 'SCORM' as const,
    fileName: values.fileName,
    fileSize: values.bytes.length,
    contentType: 'application/zip',
    storageKey: scormPrefix(id),
    createdBy: actor.id,
  };
  try {
    await db.batch([
      db.insert(materials).values(material),
      db.insert(scormPackages).values({
        materialId: id,
        version: pkg.version,
        title: pkg.title,
        launchPath: pkg.launchPath,
        fileCount: pkg.fileCount,
        expandedBytes: pkg.expandedBytes,
        masteryScore: pkg.masteryScore,
        typicalLearningSeconds: pkg.typicalLearningSeconds,
        files: pkg.files,
      }),
      auditInsert(db, {
        actor,
        action: 'MATERIAL_ADDED',
        entityType: 'MATERIAL',
        entityId: id,
        after: materialAudit({ ...values, type: 'SCORM' }),
      }),
      unstagePackage(db, id),
    ]);
  } catch (error) {
    const files = pkg.files;
    await Promise.all(files.map((file) => storage.delete(scormPrefix(id) + file).catch(() => undefined)));
    await unstagePackage(db, id).catch(() => undefined);
    throw error;
  }
  return findMaterial(db, id);
}
