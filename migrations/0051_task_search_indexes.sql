-- "Who can do this today?" at organisation scale (issue 30 item 5, docs/decisions/2026-11-28-task-search.md):
-- the team walk reads only the manager index (covering: id, leaver, site); a credential piece reads
-- the approved credentials of its type from the type's side; a big team's not-qualified page walks
-- people in name order (the display name as services/task-search.ts sorts by it) and stops at 50.
DROP INDEX IF EXISTS `users_manager_idx`;--> statement-breakpoint
CREATE INDEX `users_manager_idx` ON `users` (`manager_id`,`id`,`deactivated_at`,`site_id`);--> statement-breakpoint
CREATE INDEX `credentials_type_idx` ON `credentials` (`type_id`,`status`,`user_id`);--> statement-breakpoint
CREATE INDEX `users_display_name_idx` ON `users` (lower(coalesce(nullif(trim(coalesce("first_name", '') || ' ' || coalesce("last_name", '')), ''), "username")),`id`);
