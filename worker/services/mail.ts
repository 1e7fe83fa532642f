import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';
import type { Bindings } from '../env';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * The one way the platform sends mail. Every message is recorded in the outbox first, so nothing
 * is lost when a provider is down; MAIL_MODE decides what happens next:
 * - "outbox" (local default): the row is the delivery; the message is logged for developers.
 * - "http": POST {from,to,subject,text,html} as JSON to MAIL_HTTP_URL (bearer MAIL_HTTP_TOKEN).
 * - "cloudflare": Cloudflare Email Routing's send_email binding `EMAIL`.
 */
export async function sendMail(env: Bindings, db: Db, mail: Mail): Promise<void> {
  const id = crypto.randomUUID();
  const mode = env.MAIL_MODE ?? 'outbox';
  await db.insert(mailOutbox).values({
    id,
    to: mail.to,
    subject: mail.subject,
    bodyText: mail.text,
    bodyHtml: mail.html ?? null,
    status: mode === 'outbox' ? 'RECORDED' : 'PENDING',
  });
  if (mode === 'outbox') {
    console.log(JSON.stringify({ level: 'info', event: 'mail.recorded', to: mail.to, subject: mail.subject, text: mail.text }));
    return;
  }
  await deliver(env, db, id, mail);
}

async function deliver(env: Bindings, db: Db, id: string, mail: Mail): Promise<void> {
  const from = env.MAIL_FROM ?? 'no-reply@safework.example';
  try {
    if (env.MAIL_MODE === 'http') {
      if (!env.MAIL_HTTP_URL) throw new Error('MAIL_HTTP_URL is not set');
      const response = await fetch(env.MAIL_HTTP_URL, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(env.MAIL_HTTP_TOKEN ? { authorization: `Bearer ${env.MAIL_HTTP_TOKEN}` } : {}) },
        body: JSON.stringify({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html }),
      });
      if (!response.ok) throw new Error(`mail provider answered ${response.status}`);
    } else if (env.MAIL_MODE === 'cloudflare') {
      if (!env.EMAIL) throw new Error('EMAIL binding is not configured');
      const { EmailMessage } = await import('cloudflare:email');
      await env.EMAIL.send(new EmailMessage(from, mail.to, mimeMessage(from, mail)));
    }
    // A delivered message may carry a live reset link: keep the record, not the secret.
    await db
      .update(mailOutbox)
      .set({ status: 'SENT', sentAt: new Date().toISOString(), bodyText: '[delivered; body removed]', bodyHtml: null })
      .where(eq(mailOutbox.id, id));
  } catch (error) {
    // The request that asked for mail still succeeds; the outbox row shows what failed.
    await db.update(mailOutbox).set({ status: 'FAILED', error: String(error) }).where(eq(mailOutbox.id, id));
    console.error(JSON.stringify({ level: 'error', event: 'mail.failed', id, error: String(error) }));
  }
}

function mimeMessage(from: string, mail: Mail): string {
  return [
    `From: ${from}`,
    `To: ${mail.to}`,
    `Subject: ${mail.subject}`,
    `Message-ID: <${crypto.randomUUID()}@${from.split('@')[1] ?? 'localhost'}>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    mail.text,
  ].join('\r\n');
}
