-- SCORM evidence (issue 27): each launch is recorded with its server start time and training cycle,
-- so a commit can be judged against the wall clock; the manifest's typical learning time is kept
-- per package (it sets the minimum time before a pass or completion counts).
ALTER TABLE `scorm_packages` ADD `typical_learning_seconds` integer;
--> statement-breakpoint
CREATE TABLE `scorm_launches` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`component_id` text NOT NULL,
	`cycle` integer NOT NULL,
	`started_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`component_id`) REFERENCES `course_components`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `scorm_launches_user_component_idx` ON `scorm_launches` (`user_id`,`component_id`,`started_at`);
