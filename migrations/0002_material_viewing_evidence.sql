ALTER TABLE `component_progress` ADD `media_seconds` real;--> statement-breakpoint
ALTER TABLE `materials` ADD `page_count` integer;