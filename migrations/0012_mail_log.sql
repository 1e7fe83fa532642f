-- Issue 26, reminders on screen: an outbox message names the person it is for (their training
-- record lists it) and its kind; the outbox screen pages by status and date.
ALTER TABLE `mail_outbox` ADD `user_id` text REFERENCES users(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `kind` text;--> statement-breakpoint
CREATE INDEX `mail_outbox_user_idx` ON `mail_outbox` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `mail_outbox_status_idx` ON `mail_outbox` (`status`,`created_at`);
