-- The audit log is read newest first with the id as tie-breaker: (created_at, id) serves that order
-- whole (no sort of a bulk change's entries, which share one instant) and lets a page's offset be
-- walked in the index alone. It replaces the index on created_at, its prefix.
DROP INDEX IF EXISTS `audit_log_created_idx`;--> statement-breakpoint
CREATE INDEX `audit_log_created_id_idx` ON `audit_log` (`created_at`,`id`);
