-- Issue 30 (foundation): sites and reporting lines (docs/decisions/2026-11-28-site-limited-admins.md).
-- A person works at one site and reports to one manager; a requirement may target a site as it
-- targets a department or job title; an administrator may be limited to one site (admin_site_id).
CREATE TABLE `sites` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`retired_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sites_name_lower_uq` ON `sites` (lower("name"));
--> statement-breakpoint
ALTER TABLE `users` ADD `site_id` text REFERENCES `sites`(`id`);
--> statement-breakpoint
ALTER TABLE `users` ADD `manager_id` text REFERENCES `users`(`id`) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE `users` ADD `admin_site_id` text REFERENCES `sites`(`id`);
--> statement-breakpoint
-- The team routes walk reporting lines downwards (who reports to X); the site filter reads people by site.
CREATE INDEX `users_manager_idx` ON `users` (`manager_id`);
--> statement-breakpoint
CREATE INDEX `users_site_idx` ON `users` (`site_id`);
--> statement-breakpoint
ALTER TABLE `requirements` ADD `site_id` text REFERENCES `sites`(`id`);
