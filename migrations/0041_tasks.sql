-- Issue 30 (task qualifications): a task ("Operate a reach truck") is the set of evidence a person
-- needs to do it, optionally at one site. Its evidence rows are shaped like requirement_evidence
-- (course id, evaluation template family id, credential type id, talk topic id + every_days) so
-- the compliance rule and the task rule read them the same way.
CREATE TABLE `tasks` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`site_id` text REFERENCES `sites`(`id`),
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`retired_at` text
);
--> statement-breakpoint
-- Two active tasks never share a name (at the same site or none): a retired name may be used again.
CREATE UNIQUE INDEX `tasks_name_site_active_uq` ON `tasks` (lower("name"), coalesce(`site_id`, '')) WHERE `retired_at` IS NULL;
--> statement-breakpoint
CREATE TABLE `task_evidence` (
	`task_id` text NOT NULL,
	`kind` text NOT NULL,
	`ref_id` text NOT NULL,
	`every_days` integer,
	PRIMARY KEY(`task_id`, `kind`, `ref_id`),
	FOREIGN KEY (`task_id`) REFERENCES `tasks`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `task_evidence_ref_idx` ON `task_evidence` (`kind`,`ref_id`);
