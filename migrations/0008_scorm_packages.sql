CREATE TABLE `scorm_packages` (
	`material_id` text PRIMARY KEY NOT NULL,
	`version` text NOT NULL,
	`title` text NOT NULL,
	`launch_path` text NOT NULL,
	`file_count` integer NOT NULL,
	`expanded_bytes` integer NOT NULL,
	`mastery_score` real,
	`files` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`material_id`) REFERENCES `materials`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `scorm_runtime` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`course_id` text NOT NULL,
	`component_id` text NOT NULL,
	`cycle` integer NOT NULL,
	`version` text NOT NULL,
	`cmi` text NOT NULL,
	`status` text NOT NULL,
	`success_status` text,
	`score` real,
	`session_id` text,
	`session_seconds` integer DEFAULT 0 NOT NULL,
	`total_seconds` integer DEFAULT 0 NOT NULL,
	`completed_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`component_id`) REFERENCES `course_components`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `scorm_runtime_user_component_cycle_uq` ON `scorm_runtime` (`user_id`,`component_id`,`cycle`);--> statement-breakpoint
CREATE INDEX `scorm_runtime_course_idx` ON `scorm_runtime` (`course_id`,`updated_at`);