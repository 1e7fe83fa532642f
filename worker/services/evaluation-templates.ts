import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { EvaluatorTemplate, TemplateBody, TemplateDto, TemplateItemDto } from '../contract/evaluations';
import { REFUSALS } from '../contract/errors';
import type { Db } from '../db/client';
import { selectInChunks } from '../db/in-list';
import { evaluationTemplateItems, evaluationTemplates } from '../db/schema';
import { ApiError } from '../errors';
import { qualificationName, templateFamilyOf, type Qualification } from './qualification';

export type TemplateRow = typeof evaluationTemplates.$inferSelect;

/** The qualification a template names, or null (administrators only). */
export const qualificationOf = (row: TemplateRow): Qualification | null =>
  row.evaluatorQualificationKind && row.evaluatorQualificationId
    ? { kind: row.evaluatorQualificationKind, id: row.evaluatorQualificationId }
    : null;

/** The items of template versions, in order, by template id. */
export async function itemsByTemplate(db: Db, templateIds: string[]): Promise<Map<string, TemplateItemDto[]>> {
  const rows = await selectInChunks(templateIds, (part) =>
    db
      .select()
      .from(evaluationTemplateItems)
      .where(inArray(evaluationTemplateItems.templateId, part))
      .orderBy(asc(evaluationTemplateItems.orderIndex)),
  );
  const out = new Map<string, TemplateItemDto[]>();
  for (const row of [...rows].sort((a, b) => a.orderIndex - b.orderIndex)) {
    const list = out.get(row.templateId) ?? [];
    list.push({ id: row.id, text: row.text, critical: row.critical });
    out.set(row.templateId, list);
  }
  return out;
}

/** The latest published version of each family (what evaluators use), by family id. */
export async function currentVersions(db: Db): Promise<Map<string, TemplateRow>> {
  const rows = await db
    .select()
    .from(evaluationTemplates)
    .where(eq(evaluationTemplates.status, 'PUBLISHED'))
    .orderBy(desc(evaluationTemplates.version));
  const out = new Map<string, TemplateRow>();
  for (const row of rows) if (!out.has(row.familyId)) out.set(row.familyId, row);
  return out;
}

/** Template versions as the admin screens read them (items and the qualification's name included). */
export async function templateDtos(db: Db, rows: TemplateRow[]): Promise<TemplateDto[]> {
  const [items, current, names] = await Promise.all([
    itemsByTemplate(
      db,
      rows.map((row) => row.id),
    ),
    currentVersions(db),
    Promise.all(rows.map((row) => (qualificationOf(row) ? qualificationName(db, qualificationOf(row)!) : null))),
  ]);
  return rows.map((row, index) => {
    const qualification = qualificationOf(row);
    return {
      id: row.id,
      familyId: row.familyId,
      version: row.version,
      status: row.status,
      name: row.name,
      description: row.description,
      grants: row.grants,
      validityDays: row.validityDays,
      evaluatorQualification: qualification ? { ...qualification, name: names[index] ?? null } : null,
      items: items.get(row.id) ?? [],
      publishedAt: row.publishedAt,
      updatedAt: row.updatedAt,
      current: current.get(row.familyId)?.id === row.id,
    };
  });
}

export const toEvaluatorTemplate = (row: TemplateRow, items: TemplateItemDto[]): EvaluatorTemplate => ({
  id: row.id,
  familyId: row.familyId,
  version: row.version,
  name: row.name,
  description: row.description,
  grants: row.grants,
  validityDays: row.validityDays,
  items,
});

export async function findTemplate(db: Db, id: string): Promise<TemplateRow> {
  const row = await db.select().from(evaluationTemplates).where(eq(evaluationTemplates.id, id)).get();
  if (!row) throw new ApiError('NOT_FOUND', REFUSALS['evaluation.templateNotFound']);
  return row;
}

/** A family's versions, newest first. */
export function familyVersions(db: Db, familyId: string) {
  return db
    .select()
    .from(evaluationTemplates)
    .where(eq(evaluationTemplates.familyId, familyId))
    .orderBy(desc(evaluationTemplates.version));
}

/**
 * The qualification as stored: it must name something that exists; an evaluation qualification is
 * stored as the template family (any version of it authorises).
 */
export async function storedQualification(db: Db, body: TemplateBody): Promise<Qualification | null> {
  const qualification = body.evaluatorQualification;
  if (!qualification) return null;
  const refuse = () =>
    new ApiError('VALIDATION_FAILED', REFUSALS['template.qualificationNotFound'], {
      fields: { evaluatorQualification: REFUSALS['template.qualificationNotFound'] },
    });
  if (qualification.kind === 'evaluation') {
    const family = await templateFamilyOf(db, qualification.id);
    if (!family) throw refuse();
    return { kind: 'evaluation', id: family };
  }
  if ((await qualificationName(db, qualification)) === null) throw refuse();
  return { kind: qualification.kind, id: qualification.id };
}

/** The insert of a version's items, with new ids (an edit never reuses an item a record may name). */
export function itemInserts(db: Db, templateId: string, items: TemplateBody['items']) {
  return items.map((item, index) =>
    db.insert(evaluationTemplateItems).values({
      id: crypto.randomUUID(),
      templateId,
      orderIndex: index,
      text: item.text,
      critical: item.critical,
    }),
  );
}

/** The columns a template form sets. */
export const templateColumns = (body: TemplateBody, qualification: Qualification | null) => ({
  name: body.name,
  description: body.description,
  grants: body.grants,
  validityDays: body.validityDays,
  evaluatorQualificationKind: qualification?.kind ?? null,
  evaluatorQualificationId: qualification?.id ?? null,
});

/** Whether `row` is the newest version of its family (only the newest may be edited or published). */
export async function isLatestVersion(db: Db, row: TemplateRow): Promise<boolean> {
  const newest = await db
    .select({ id: evaluationTemplates.id })
    .from(evaluationTemplates)
    .where(and(eq(evaluationTemplates.familyId, row.familyId)))
    .orderBy(desc(evaluationTemplates.version))
    .get();
  return newest?.id === row.id;
}
