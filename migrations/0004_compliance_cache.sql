CREATE TABLE `compliance_cache` (
	`key` text PRIMARY KEY NOT NULL,
	`computed_at` text NOT NULL,
	`expires_at` text NOT NULL,
	`body` text NOT NULL
);
