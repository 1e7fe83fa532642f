CREATE TABLE `material_captions` (
	`id` text PRIMARY KEY NOT NULL,
	`material_id` text NOT NULL,
	`language` text NOT NULL,
	`label` text NOT NULL,
	`file_name` text NOT NULL,
	`file_size` integer NOT NULL,
	`storage_key` text NOT NULL,
	`created_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`material_id`) REFERENCES `materials`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `material_captions_language_uq` ON `material_captions` (`material_id`,`language`);