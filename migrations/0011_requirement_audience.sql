-- A requirement's audience is the people of its department / job title, with or without its book
-- (docs/decisions/2026-11-28-requirement-audience.md): the audience is found from the people, so
-- the two columns are indexed as the rule compares them, and the day a person's department or job
-- title last changed is kept (covered since, for someone who moves into an audience).
ALTER TABLE `users` ADD `audience_since` text;--> statement-breakpoint
CREATE INDEX `users_department_lower_idx` ON `users` (lower("department"));--> statement-breakpoint
CREATE INDEX `users_job_title_lower_idx` ON `users` (lower("job_title"));
