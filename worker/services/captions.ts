import { asc, eq, inArray } from 'drizzle-orm';
import type { CaptionTrack } from '../contract/captions';
import type { Db } from '../db/client';
import { selectInChunks } from '../db/in-list';
import { materialCaptions } from '../db/schema';
import { signedCaptionUrl, type LinkSession } from './material-links';

/*
 * Caption tracks of video materials: rows in `material_captions`, files beside the material's own
 * under `materials/<materialId>/captions/`.
 */

export type CaptionRow = typeof materialCaptions.$inferSelect;

export const CAPTION_CONTENT_TYPE = 'text/vtt; charset=utf-8';

/** A generated key under the material's prefix (never the uploaded name). */
export const captionStorageKey = (materialId: string) => `materials/${materialId}/captions/${crypto.randomUUID()}.vtt`;

/** The caption tracks of one material, by label. */
export function captionsOf(db: Db, materialId: string): Promise<CaptionRow[]> {
  return db
    .select()
    .from(materialCaptions)
    .where(eq(materialCaptions.materialId, materialId))
    .orderBy(asc(materialCaptions.label), asc(materialCaptions.language));
}

/** The caption tracks of many materials (one query per chunk of ids), grouped by material. */
export async function captionsByMaterial(db: Db, materialIds: readonly string[]): Promise<Map<string, CaptionRow[]>> {
  const rows =
    materialIds.length === 0
      ? []
      : await selectInChunks(materialIds, (part) =>
          db.select().from(materialCaptions).where(inArray(materialCaptions.materialId, part)),
        );
  rows.sort((a, b) => a.label.localeCompare(b.label) || a.language.localeCompare(b.language));
  const grouped = new Map<string, CaptionRow[]>();
  for (const row of rows) grouped.set(row.materialId, [...(grouped.get(row.materialId) ?? []), row]);
  return grouped;
}

export async function toCaptionTrack(secret: string, row: CaptionRow, session: LinkSession): Promise<CaptionTrack> {
  return {
    id: row.id,
    language: row.language,
    label: row.label,
    fileName: row.fileName,
    fileSize: row.fileSize,
    url: await signedCaptionUrl(secret, row.materialId, row.id, session),
    createdAt: row.createdAt,
  };
}
