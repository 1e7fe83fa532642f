import type { Context } from 'hono';
import { eq } from 'drizzle-orm';
import type { TrainingRecordResponse } from '../contract/training-record';
import { originFor } from '../config';
import { users } from '../db/schema';
import type { AppEnv } from '../env';
import { readerLanguage } from '../i18n';

/**
 * A person's training record as a PDF download, in the language of whoever downloads it (an inspector
 * reads it with them): the administrator's record route and a supervisor's team route answer alike.
 */
export async function trainingRecordPdfResponse(c: Context<AppEnv>, record: TrainingRecordResponse): Promise<Response> {
  const reader = await c.var.db
    .select({ language: users.language })
    .from(users)
    .where(eq(users.id, c.var.user.id))
    .get();
  const language = readerLanguage(reader?.language, c.req.header('accept-language'));
  // The PDF code (pdf-lib, fontkit) loads with the first record an isolate renders.
  const { renderTrainingRecordPdf } = await import('./training-record-pdf');
  const bytes = await renderTrainingRecordPdf(record, {
    appName: c.var.config.appName,
    origin: originFor(c.var.config, c.req.url) ?? null,
    fonts: c.var.fonts,
    language,
  });
  const name = record.user.username.replace(/[^A-Za-z0-9._-]/g, '_');
  return new Response(bytes, {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Length': String(bytes.byteLength),
      'Content-Disposition': `attachment; filename="training-record-${name}-${record.generatedAt.slice(0, 10)}.pdf"`,
      'Content-Language': language,
      Vary: 'Accept-Language',
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
    },
  });
}
