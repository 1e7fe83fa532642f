-- Issue 29: toolbox talks. A library of talk topics, the talks a foreman signs off for a crew (the
-- device makes the id; body_hash answers replays), each attendee's line, and the "foreman"
-- capability an administrator gives a person (docs/decisions/2026-11-28-toolbox-talks.md).
ALTER TABLE `users` ADD `leads_talks` integer DEFAULT false NOT NULL;
--> statement-breakpoint
-- A requirement may ask for a talk on a topic every N days: the period of a `talk` evidence row.
ALTER TABLE `requirement_evidence` ADD `every_days` integer;
--> statement-breakpoint
CREATE TABLE `talk_topics` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`body` text NOT NULL,
	`languages` text DEFAULT '[]' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`retired_at` text
);
--> statement-breakpoint
CREATE TABLE `talks` (
	`id` text PRIMARY KEY NOT NULL,
	`topic_id` text NOT NULL REFERENCES `talk_topics`(`id`),
	`topic_title` text NOT NULL,
	`topic_body` text NOT NULL,
	`foreman_id` text NOT NULL REFERENCES `users`(`id`),
	`foreman_name` text NOT NULL,
	`foreman_job_title` text,
	`foreman_method` text NOT NULL,
	`foreman_signature_key` text,
	`body_hash` text NOT NULL,
	`started_at` text NOT NULL,
	`signed_off_at` text NOT NULL,
	`received_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `talks_topic_idx` ON `talks` (`topic_id`,`started_at`);
--> statement-breakpoint
CREATE TABLE `talk_attendees` (
	`talk_id` text NOT NULL REFERENCES `talks`(`id`) ON DELETE cascade,
	`position` integer NOT NULL,
	`user_id` text REFERENCES `users`(`id`),
	`name` text NOT NULL,
	`job_title` text,
	`method` text NOT NULL,
	`signed_by_name` text,
	`reason` text,
	`signature_key` text,
	`signed_at` text NOT NULL,
	PRIMARY KEY(`talk_id`, `position`)
);
--> statement-breakpoint
CREATE INDEX `talk_attendees_user_idx` ON `talk_attendees` (`user_id`);
