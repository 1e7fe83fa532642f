-- Issue 29 (talkqr): a crew member signs a toolbox talk on their own phone by scanning the QR on the
-- foreman's device. The foreman's device may be offline, so the server keeps the signature pending,
-- keyed by the device-made talk id, until the talk arrives (then it becomes a `talk_attendees` line
-- with method "account" and the pending row is deleted) or until it expires (never attendance).
-- docs/decisions/2026-11-28-toolbox-talks.md, "Signing on one's own phone".
CREATE TABLE `talk_self_signatures` (
	`talk_id` text NOT NULL,
	`user_id` text NOT NULL REFERENCES `users`(`id`),
	`topic_id` text NOT NULL REFERENCES `talk_topics`(`id`),
	`foreman_id` text NOT NULL REFERENCES `users`(`id`),
	`signed_at` text NOT NULL,
	`expires_at` text NOT NULL,
	PRIMARY KEY(`talk_id`, `user_id`)
);
--> statement-breakpoint
CREATE INDEX `talk_self_signatures_expires_idx` ON `talk_self_signatures` (`expires_at`);
