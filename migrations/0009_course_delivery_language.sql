ALTER TABLE `assessment_attempts` ADD `language` text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE `certificates` ADD `language` text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE `course_progress` ADD `language` text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE `courses` ADD `language` text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE `courses` ADD `family_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `courses_family_language_uq` ON `courses` (`family_id`,`language`);