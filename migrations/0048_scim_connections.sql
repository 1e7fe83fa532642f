-- Issue 32 (SCIM 2.0 provisioning): a directory connection is one identity provider's tenant (Entra ID,
-- Okta) holding one bearer token. Only the token's SHA-256 is kept (a database leak yields no usable
-- token) and its first characters, so an administrator can tell tokens apart; a rotation replaces the
-- hash, a revocation sets revoked_at (the row stays: audit entries name it as their actor).
CREATE TABLE `scim_connections` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`token_hash` text NOT NULL,
	`token_prefix` text NOT NULL,
	`created_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`rotated_at` text,
	`last_used_at` text,
	`revoked_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `scim_connections_token_hash_uq` ON `scim_connections` (`token_hash`);
--> statement-breakpoint
-- The person a connection provisioned (its scope: a connection reads and changes only its own people),
-- the directory's userName for them (an Entra ID userPrincipalName may differ from the e-mail address,
-- which our username rules refuse: the username is then the e-mail address), the directory's id for
-- them (SCIM externalId) and the enterprise extension's employee number.
ALTER TABLE `users` ADD `scim_connection_id` text REFERENCES `scim_connections`(`id`);
--> statement-breakpoint
ALTER TABLE `users` ADD `scim_user_name` text;
--> statement-breakpoint
ALTER TABLE `users` ADD `scim_external_id` text;
--> statement-breakpoint
ALTER TABLE `users` ADD `employee_number` text;
--> statement-breakpoint
CREATE INDEX `users_scim_connection_idx` ON `users` (`scim_connection_id`,`scim_external_id`);
