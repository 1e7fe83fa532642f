import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';
import type { AppConfig } from '../config';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface MailDeps {
  config: Pick<AppConfig, 'mail'>;
  /** Cloudflare Email Routing's send_email binding (mode "cloudflare"). */
  email?: SendEmail;
}

/**
 * The one way the platform sends mail. Every message is first recorded as a row of `mail_outbox`;
 * the configured mail mode decides what happens next, once, inside the same request:
 * - "outbox" (local default): nothing is sent; the row (status RECORDED) and a log line are all there is.
 * - "http": POST {from,to,subject,text,html} as JSON to the configured URL (bearer token if set).
 * - "cloudflare": Cloudflare Email Routing's send_email binding `EMAIL`.
 * A failed send marks the row FAILED with the error and is not retried: nothing resends outbox
 * rows (the cron jobs do not touch them), so the user asks again (e.g. a new reset link).
 */
export async function sendMail(deps: MailDeps, db: Db, mail: Mail): Promise<void> {
  const id = crypto.randomUUID();
  const mode = deps.config.mail.mode;
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
  await deliver(deps, db, id, mail);
}

async function deliver(deps: MailDeps, db: Db, id: string, mail: Mail): Promise<void> {
  const { mode, from, httpUrl, httpToken } = deps.config.mail;
  try {
    if (mode === 'http') {
      if (!httpUrl) throw new Error('MAIL_HTTP_URL is not set');
      const response = await fetch(httpUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(httpToken ? { authorization: `Bearer ${httpToken}` } : {}) },
        body: JSON.stringify({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html }),
      });
      if (!response.ok) throw new Error(`mail provider answered ${response.status}`);
    } else if (mode === 'cloudflare') {
      if (!deps.email) throw new Error('EMAIL binding is not configured');
      const { EmailMessage } = await import('cloudflare:email');
      await deps.email.send(new EmailMessage(from, mail.to, mimeMessage(from, mail)));
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

/**
 * A plain-text RFC 5322 message for the send_email binding. Kept by hand: four headers and a body
 * do not justify a MIME library (Cloudflare's examples use `mimetext`), and there are no
 * attachments or HTML parts to encode.
 */
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
