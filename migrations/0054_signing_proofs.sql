-- Issue 32 item 5: e-signatures for people who sign in through a company's identity provider and
-- have no password here (docs/decisions/2026-11-28-provider-signatures.md). A re-authentication is a
-- sign-in flow in flight (oidc_sign_ins) that names the person, what they are about to sign and when
-- it started; its callback, when the ID token's auth_time is at or after that start, leaves a
-- signing proof: hashed, bound to the person and the purpose, five minutes, spent by the sign-off.
ALTER TABLE `oidc_sign_ins` ADD `reauth_user_id` text REFERENCES `users`(`id`) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE `oidc_sign_ins` ADD `purpose` text;
--> statement-breakpoint
ALTER TABLE `oidc_sign_ins` ADD `subject_id` text;
--> statement-breakpoint
ALTER TABLE `oidc_sign_ins` ADD `started_at` text;
--> statement-breakpoint
CREATE TABLE `signing_proofs` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL REFERENCES `users`(`id`) ON DELETE CASCADE,
	`provider_id` text NOT NULL REFERENCES `identity_providers`(`id`) ON DELETE CASCADE,
	`provider_name` text NOT NULL,
	`purpose` text NOT NULL,
	`subject_id` text NOT NULL,
	`auth_time` text NOT NULL,
	`expires_at` text NOT NULL
);
--> statement-breakpoint
-- How each signed record was signed: the password, or a re-authentication at the named provider
-- (the name as it was at signing). Records signed before this migration were signed with a password.
ALTER TABLE `evaluations` ADD `signature_method` text DEFAULT 'password' NOT NULL;
--> statement-breakpoint
ALTER TABLE `evaluations` ADD `signature_provider` text;
--> statement-breakpoint
ALTER TABLE `classroom_sessions` ADD `sign_off_method` text;
--> statement-breakpoint
ALTER TABLE `classroom_sessions` ADD `sign_off_provider` text;
--> statement-breakpoint
UPDATE `classroom_sessions` SET `sign_off_method` = 'password' WHERE `status` = 'SIGNED_OFF';
--> statement-breakpoint
ALTER TABLE `talks` ADD `foreman_provider` text;
