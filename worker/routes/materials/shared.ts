import type { Context } from 'hono';
import type { Material } from '../../contract/materials';
import type { AppEnv } from '../../env';
import { auditOf } from '../../services/audit';
import { captionsByMaterial, toCaptionTrack } from '../../services/captions';
import { signedFileUrl } from '../../services/material-links';
import { linkSession } from '../../services/link-sessions';
import { scormInfoByMaterial, toMaterial, type MaterialRow } from '../../services/materials';

/** The audit entries of the material routes (library, captions) are about a material. */
export const auditMaterial = auditOf('MATERIAL');

/** Materials as the caller sees them: file and caption URLs signed for the caller's session, captions read in one query. */
export async function materialsFor(c: Context<AppEnv>, rows: MaterialRow[]): Promise<Material[]> {
  const session = linkSession(c);
  const videos = rows.filter((row) => row.type === 'VIDEO').map((row) => row.id);
  const packages = rows.filter((row) => row.type === 'SCORM').map((row) => row.id);
  const [captions, scorm] = await Promise.all([
    captionsByMaterial(c.var.db, videos),
    scormInfoByMaterial(c.var.db, packages),
  ]);
  return Promise.all(
    rows.map(async (row) =>
      toMaterial(
        row,
        await signedFileUrl(c.env.JWT_SECRET, row.id, session),
        await Promise.all(
          (captions.get(row.id) ?? []).map((caption) => toCaptionTrack(c.env.JWT_SECRET, caption, session)),
        ),
        scorm.get(row.id) ?? null,
      ),
    ),
  );
}

/** A material as the caller sees it. */
export async function materialFor(c: Context<AppEnv>, row: MaterialRow): Promise<Material> {
  return (await materialsFor(c, [row]))[0];
}
