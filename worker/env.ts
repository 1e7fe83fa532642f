import type { AppConfig } from './config';
import type { AdminPermissions } from './contract/auth';
import type { Db } from './db/client';
import type { FontLoader } from './services/pdf/font-loader';
import type { ScimConnection } from './services/scim-connections';
import type { Storage } from './services/storage';

export interface Bindings {
  DB: D1Database;
  FILES: R2Bucket;
  ASSETS?: Fetcher;
  JWT_SECRET: string;
  /** Seals identity providers' client secrets (AES-GCM); unset: a key derived from JWT_SECRET for that purpose. */
  IDP_SECRET_KEY?: string;
  APP_NAME?: string;
  /** Origin used in links we send (reset e-mails, certificate QR codes). Defaults to the request origin. */
  PUBLIC_URL?: string;
  MAIL_MODE?: 'outbox' | 'http' | 'cloudflare';
  /** 'true': GET .../questions opens the attempt for clients of the original API (README, configuration). */
  QUESTIONS_OPEN_ATTEMPT?: string;
  MAIL_FROM?: string;
  MAIL_HTTP_URL?: string;
  MAIL_HTTP_TOKEN?: string;
  EMAIL?: SendEmail;
  STORAGE_BACKEND?: 'r2' | 's3';
  S3_ENDPOINT?: string;
  S3_REGION?: string;
  S3_BUCKET?: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
  MAX_UPLOAD_BYTES?: string;
  ADMIN_PHONE?: string;
  /** libSQL/Turso alternative to D1: when set, the Worker talks to this database instead. */
  LIBSQL_URL?: string;
  LIBSQL_AUTH_TOKEN?: string;
  /** Zone id and API token (Cache Purge permission) for purging edge-cached public answers everywhere, not only locally. */
  CACHE_PURGE_ZONE_ID?: string;
  CACHE_PURGE_API_TOKEN?: string;
  /**
   * Local runs only (`npm start`, the cron test): the token scripts/lib.mjs's front sends when it
   * turns `/cdn-cgi/handler/scheduled` into a run of the scheduled jobs. Never set in production.
   */
  CRON_TRIGGER_TOKEN?: string;
}

/** The signed-in user as the Worker sees it (loaded from D1 on every request). */
export interface AuthUser {
  id: string;
  username: string;
  email: string;
  role: 'ADMIN' | 'USER';
  firstName: string | null;
  lastName: string | null;
  mustChangePassword: boolean;
  tokenVersion: number;
  /** Null for learners; every flag on unless an admin turned it off. */
  permissions: AdminPermissions | null;
  /** An administrator limited to one site (its id): reads and changes only that site's people. Null: no limit. */
  siteLimit?: string | null;
}

export interface AppEnv {
  Bindings: Bindings;
  Variables: {
    db: Db;
    config: AppConfig;
    /** Files (R2 binding or an S3-compatible endpoint, per config.storageBackend). */
    storage: Storage;
    /** Reads the Noto fonts certificate PDFs embed (static assets); null where there are none. */
    fonts: FontLoader | null;
    requestId: string;
    user: AuthUser;
    tokenJti: string;
    tokenExp: number;
    /** How the session arrived: an `Authorization: Bearer` header (API clients) or the web client's cookie. */
    sessionVia?: 'bearer' | 'cookie';
    /** The directory connection a SCIM request acts as (the `requireScimToken` guard). */
    scimConnection: ScimConnection;
    /** The D1 handle under `db` (absent on libSQL); a signed-in read can fold its session check into it. */
    d1?: D1Database;
  };
}
