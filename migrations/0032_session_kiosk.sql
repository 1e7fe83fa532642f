-- Issue 29: the classroom kiosk. Each person's own check-in PIN (hashed, locked after ten wrong
-- guesses until they set a new one), and the kiosks a trainer opens for one session: a random
-- token (only its hash is kept) that can do nothing but check people in to that session, until
-- the trainer closes it or the session ends (docs/decisions/2026-11-28-session-kiosk.md).
CREATE TABLE `user_pins` (
  `user_id` text PRIMARY KEY NOT NULL REFERENCES `users`(`id`) ON DELETE CASCADE,
  `pin_hash` text NOT NULL,
  `failed_count` integer DEFAULT 0 NOT NULL,
  `locked_at` text,
  `set_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `session_kiosks` (
  `id` text PRIMARY KEY NOT NULL,
  `session_id` text NOT NULL REFERENCES `classroom_sessions`(`id`) ON DELETE CASCADE,
  `token_hash` text NOT NULL,
  `opened_by` text NOT NULL REFERENCES `users`(`id`),
  `opened_at` text NOT NULL,
  `closes_at` text NOT NULL,
  `closed_at` text,
  `closed_by` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `session_kiosks_token_idx` ON `session_kiosks` (`token_hash`);
--> statement-breakpoint
CREATE INDEX `session_kiosks_session_idx` ON `session_kiosks` (`session_id`);
