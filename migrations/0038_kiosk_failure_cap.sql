-- Issue 29: a kiosk counts its own failed sign-ins (wrong PIN, unknown badge, locked PIN) and closes
-- itself at the cap, so one common PIN cannot be tried against many usernames at the tablet; each
-- person's PIN still locks after its own ten wrong guesses (docs/decisions/2026-11-28-session-kiosk.md).
ALTER TABLE `session_kiosks` ADD `failed_count` integer DEFAULT 0 NOT NULL;
