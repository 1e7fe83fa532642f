CREATE TABLE `multipart_uploads` (
	`upload_id` text PRIMARY KEY NOT NULL,
	`key` text NOT NULL,
	`started_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `multipart_uploads_started_idx` ON `multipart_uploads` (`started_at`);--> statement-breakpoint
ALTER TABLE `component_progress` ADD `media_seconds` real;--> statement-breakpoint
ALTER TABLE `materials` ADD `page_count` integer;