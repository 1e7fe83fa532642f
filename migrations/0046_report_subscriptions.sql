-- Issue 30 (scheduled reports): a supervisor's team report or an administrator's filter of the
-- compliance matrix, e-mailed weekly or monthly. The cron claims a period by a compare-and-set on
-- last_period (UPDATE ... WHERE last_period IS NULL OR last_period < :period), so two runs of the
-- handler in the same period send one report. `filter` is the matrix filter as canonical JSON
-- (contract/report-subscriptions.ts), so the same report asked twice meets the unique index.
CREATE TABLE `report_subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`scope` text NOT NULL,
	`cadence` text NOT NULL,
	`filter` text NOT NULL,
	`origin` text,
	`last_period` text,
	`last_sent_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `report_subscriptions_owner_uq` ON `report_subscriptions` (`owner_id`,`scope`,`cadence`,`filter`);
