CREATE TABLE `compliance_cache` (
	`key` text PRIMARY KEY NOT NULL,
	`computed_at` text NOT NULL,
	`expires_at` text NOT NULL,
	`body` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `compliance_people` (
	`key` text NOT NULL,
	`position` integer NOT NULL,
	`user_id` text NOT NULL,
	`statuses` integer NOT NULL,
	PRIMARY KEY(`key`, `position`)
);
