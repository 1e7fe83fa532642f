import type { Context } from 'hono';
import type { Material } from '../../contract/materials';
import type { AppEnv } from '../../env';
import type { ApiError } from '../../errors';
import { captionsByMaterial, toCaptionTrack } from '../../services/captions';
import { signedFileUrl, type LinkSession } from '../../services/material-links';
import { scormInfoByMaterial, toMaterial, type MaterialRow } from '../../services/materials';

/** The caller's session, for signing file links. */
export const linkSession = (c: Context<AppEnv>): LinkSession => ({
  userId: c.var.user.id,
  tokenId: c.var.tokenJti,
  tokenVersion: c.var.user.tokenVersion,
  sessionExp: c.var.tokenExp,
});

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

/** Reads a stream whole, throwing `tooBig()` past `max` bytes. */
export async function readUpTo(
  stream: ReadableStream<Uint8Array>,
  max: number,
  tooBig: () => ApiError,
): Promise<Uint8Array> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      throw tooBig();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}
