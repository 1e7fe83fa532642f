import type { Bindings } from './env';

/** The Worker's settings, read once per request from the environment (`c.var.config`). */
export interface AppConfig {
  appName: string;
  /** Origin used in links we send (reset e-mails, certificate QR codes); null means "the request's own origin". */
  publicUrl: string | null;
  adminPhone: string;
  mail: {
    /** `outbox`: recorded only; `http`: POSTed to a provider; `cloudflare`: the send_email binding. */
    mode: 'outbox' | 'http' | 'cloudflare';
    from: string;
    httpUrl: string | null;
    httpToken: string | null;
  };
  maxUploadBytes: number;
  storageBackend: 'r2' | 's3';
  /** Zone-wide purge of edge-cached public answers (Cloudflare API); null purges only the local data centre. */
  edgePurge: { zoneId: string; apiToken: string } | null;
  /**
   * Migration aid for clients of the original API, which load questions before starting: GET
   * .../questions with no open attempt opens one (every start rule applies). Off by default.
   */
  questionsOpenAttempt: boolean;
}

export const DEFAULT_APP_NAME = 'SafeWork Academy';
export const DEFAULT_MAX_UPLOAD_BYTES = 500 * 1024 * 1024;

export function readConfig(env: Bindings): AppConfig {
  const maxUpload = Number(env.MAX_UPLOAD_BYTES);
  const mode = env.MAIL_MODE === 'http' || env.MAIL_MODE === 'cloudflare' ? env.MAIL_MODE : 'outbox';
  return {
    appName: env.APP_NAME || DEFAULT_APP_NAME,
    publicUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, '') : null,
    adminPhone: env.ADMIN_PHONE ?? '+91 80 4000 2026',
    mail: {
      mode,
      from: env.MAIL_FROM ?? 'no-reply@safework.example',
      httpUrl: env.MAIL_HTTP_URL || null,
      httpToken: env.MAIL_HTTP_TOKEN || null,
    },
    maxUploadBytes: Number.isFinite(maxUpload) && maxUpload > 0 ? maxUpload : DEFAULT_MAX_UPLOAD_BYTES,
    storageBackend: env.STORAGE_BACKEND === 's3' ? 's3' : 'r2',
    edgePurge:
      env.CACHE_PURGE_ZONE_ID && env.CACHE_PURGE_API_TOKEN
        ? { zoneId: env.CACHE_PURGE_ZONE_ID, apiToken: env.CACHE_PURGE_API_TOKEN }
        : null,
    questionsOpenAttempt: env.QUESTIONS_OPEN_ATTEMPT === 'true',
  };
}

/** The origin for links we print or send: the configured public URL, else the request's own origin. */
export function originFor(config: Pick<AppConfig, 'publicUrl'>, requestUrl?: string): string | null {
  if (config.publicUrl) return config.publicUrl;
  return requestUrl ? new URL(requestUrl).origin : null;
}
