CREATE TABLE `component_progress_history` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`course_id` text NOT NULL,
	`component_id` text NOT NULL,
	`cycle` integer NOT NULL,
	`status` text NOT NULL,
	`progress_percentage` integer NOT NULL,
	`score` real,
	`attempts` integer NOT NULL,
	`time_spent_seconds` integer NOT NULL,
	`started_at` text,
	`completed_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`component_id`) REFERENCES `course_components`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `component_progress_history_uq` ON `component_progress_history` (`user_id`,`component_id`,`cycle`);--> statement-breakpoint
CREATE INDEX `component_progress_history_user_course_idx` ON `component_progress_history` (`user_id`,`course_id`);--> statement-breakpoint
CREATE TABLE `course_cycles` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`course_id` text NOT NULL,
	`cycle` integer NOT NULL,
	`status` text NOT NULL,
	`overall_progress` real NOT NULL,
	`enrolled_at` text NOT NULL,
	`started_at` text,
	`completed_at` text,
	`closed_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `course_cycles_user_course_cycle_uq` ON `course_cycles` (`user_id`,`course_id`,`cycle`);--> statement-breakpoint
CREATE TABLE `reminders` (
	`user_id` text NOT NULL,
	`course_id` text NOT NULL,
	`due_at` text NOT NULL,
	`kind` text NOT NULL,
	`sent_at` text NOT NULL,
	PRIMARY KEY(`user_id`, `course_id`, `due_at`, `kind`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `requirement_events` (
	`id` text PRIMARY KEY NOT NULL,
	`requirement_id` text NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`note` text NOT NULL,
	`occurred_on` text NOT NULL,
	`created_by` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`requirement_id`) REFERENCES `requirements`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `requirement_events_user_idx` ON `requirement_events` (`user_id`,`requirement_id`);--> statement-breakpoint
CREATE INDEX `requirement_events_requirement_idx` ON `requirement_events` (`requirement_id`);--> statement-breakpoint
CREATE TABLE `requirement_exemptions` (
	`id` text PRIMARY KEY NOT NULL,
	`requirement_id` text NOT NULL,
	`user_id` text NOT NULL,
	`reason` text NOT NULL,
	`until` text NOT NULL,
	`created_by` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`requirement_id`) REFERENCES `requirements`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `requirement_exemptions_user_idx` ON `requirement_exemptions` (`user_id`,`requirement_id`);--> statement-breakpoint
CREATE INDEX `requirement_exemptions_requirement_idx` ON `requirement_exemptions` (`requirement_id`);--> statement-breakpoint
CREATE TABLE `requirements` (
	`id` text PRIMARY KEY NOT NULL,
	`course_id` text NOT NULL,
	`domain_id` text NOT NULL,
	`department` text,
	`job_title` text,
	`due_within_days` integer DEFAULT 30 NOT NULL,
	`due_soon_days` integer DEFAULT 30 NOT NULL,
	`active_from` text NOT NULL,
	`retired_at` text,
	`created_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`domain_id`) REFERENCES `domains`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `requirements_domain_idx` ON `requirements` (`domain_id`);--> statement-breakpoint
CREATE INDEX `requirements_course_idx` ON `requirements` (`course_id`);--> statement-breakpoint
DROP INDEX `attempts_user_component_number_uq`;--> statement-breakpoint
ALTER TABLE `assessment_attempts` ADD `cycle` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `attempts_user_component_cycle_number_uq` ON `assessment_attempts` (`user_id`,`component_id`,`cycle`,`attempt_number`);--> statement-breakpoint
DROP INDEX `certificates_user_course_uq`;--> statement-breakpoint
ALTER TABLE `certificates` ADD `cycle` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `certificates` ADD `renews_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `certificates_user_course_cycle_uq` ON `certificates` (`user_id`,`course_id`,`cycle`);--> statement-breakpoint
CREATE INDEX `certificates_renews_idx` ON `certificates` (`renews_id`);--> statement-breakpoint
CREATE INDEX `certificates_course_user_idx` ON `certificates` (`course_id`,`user_id`);--> statement-breakpoint
ALTER TABLE `course_progress` ADD `cycle` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `tries` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `next_try_at` text;