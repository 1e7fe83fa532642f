ALTER TABLE `users` ADD `deactivated_at` text;--> statement-breakpoint
ALTER TABLE `users` ADD `deactivation_reason` text;