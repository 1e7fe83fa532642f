-- Issue 30: a site-limited administrator's audit log keeps the entries about no person and those
-- about their site's people; this index finds both kinds (target_user_id IS NULL, IN the site's
-- people) for the count without reading every entry.
CREATE INDEX `audit_log_target_idx` ON `audit_log` (`target_user_id`);
