-- Issue 32: company sign-in through OpenID Connect. An administrator configures identity providers
-- (the client secret sealed with AES-GCM under a key derived from the Worker's secret, never
-- answered back); each e-mail domain routes to at most one provider (the domain is the key).
CREATE TABLE `identity_providers` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`issuer` text NOT NULL,
	`client_id` text NOT NULL,
	`client_secret_enc` text NOT NULL,
	`claim_map` text NOT NULL,
	`password_sign_in_off` integer DEFAULT false NOT NULL,
	`disabled_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `identity_providers_name_lower_uq` ON `identity_providers` (lower(`name`));
--> statement-breakpoint
CREATE TABLE `identity_provider_domains` (
	`domain` text PRIMARY KEY NOT NULL,
	`provider_id` text NOT NULL REFERENCES `identity_providers`(`id`) ON DELETE CASCADE
);
--> statement-breakpoint
CREATE INDEX `identity_provider_domains_provider_idx` ON `identity_provider_domains` (`provider_id`);
--> statement-breakpoint
-- Who a provider's subject is here: matched on the immutable subject, never on a display name. A
-- person links to one provider at most (user_id unique): another provider cannot take the account over.
CREATE TABLE `user_identities` (
	`provider_id` text NOT NULL REFERENCES `identity_providers`(`id`) ON DELETE CASCADE,
	`subject` text NOT NULL,
	`user_id` text NOT NULL REFERENCES `users`(`id`) ON DELETE CASCADE,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`last_sign_in_at` text,
	PRIMARY KEY(`provider_id`, `subject`)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_identities_user_uq` ON `user_identities` (`user_id`);
--> statement-breakpoint
-- A sign-in in flight (start to callback) and a finished sign-in waiting for the browser to collect
-- its session: both short-lived and spent on first use. Only hashes of the state and code are kept.
CREATE TABLE `oidc_sign_ins` (
	`state_hash` text PRIMARY KEY NOT NULL,
	`provider_id` text NOT NULL REFERENCES `identity_providers`(`id`) ON DELETE CASCADE,
	`nonce` text NOT NULL,
	`code_verifier` text NOT NULL,
	`expires_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `oidc_handoffs` (
	`code_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL REFERENCES `users`(`id`) ON DELETE CASCADE,
	`expires_at` text NOT NULL
);
--> statement-breakpoint
-- The last sign-in errors of each provider, shown to the administrator (the newest kept).
CREATE TABLE `identity_provider_errors` (
	`id` text PRIMARY KEY NOT NULL,
	`provider_id` text NOT NULL REFERENCES `identity_providers`(`id`) ON DELETE CASCADE,
	`code` text NOT NULL,
	`message` text NOT NULL,
	`subject` text,
	`email` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `identity_provider_errors_provider_idx` ON `identity_provider_errors` (`provider_id`, `created_at`);
