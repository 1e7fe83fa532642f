import type { Db } from '../db/client';
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
export declare function sendMail(env: Bindings, db: Db, mail: Mail): Promise<void>;
