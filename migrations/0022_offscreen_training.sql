-- Issue 28: training that happens off-screen. Practical evaluations (versioned checklist templates,
-- evaluations conducted and signed on a device, the authorisations a pass grants) and credentials
-- earned elsewhere (admin-defined types, uploaded by the worker, approved by an admin). A requirement
-- now names what satisfies it (requirement_evidence), so its course becomes optional: the table is
-- rebuilt with a nullable course_id (SQLite cannot drop NOT NULL in place); ids and rows are kept,
-- and every existing requirement gets one evidence row for its course. D1 keeps foreign keys on
-- during a migration, and a dropped parent's children would count as violations even after the
-- rename, so the two child tables' rows are set aside, and put back once the new table has the
-- same ids.
CREATE TABLE `__keep_requirement_exemptions` AS SELECT * FROM `requirement_exemptions`;
--> statement-breakpoint
CREATE TABLE `__keep_requirement_events` AS SELECT * FROM `requirement_events`;
--> statement-breakpoint
DELETE FROM `requirement_exemptions`;
--> statement-breakpoint
DELETE FROM `requirement_events`;
--> statement-breakpoint
CREATE TABLE `__new_requirements` (
	`id` text PRIMARY KEY NOT NULL,
	`course_id` text,
	`domain_id` text NOT NULL,
	`department` text,
	`job_title` text,
	`due_within_days` integer DEFAULT 30 NOT NULL,
	`due_soon_days` integer DEFAULT 30 NOT NULL,
	`active_from` text NOT NULL,
	`retired_at` text,
	`created_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`domain_id`) REFERENCES `domains`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
INSERT INTO `__new_requirements` SELECT `id`, `course_id`, `domain_id`, `department`, `job_title`, `due_within_days`, `due_soon_days`, `active_from`, `retired_at`, `created_by`, `created_at`, `updated_at` FROM `requirements`;
--> statement-breakpoint
DROP TABLE `requirements`;
--> statement-breakpoint
ALTER TABLE `__new_requirements` RENAME TO `requirements`;
--> statement-breakpoint
CREATE INDEX `requirements_domain_idx` ON `requirements` (`domain_id`);
--> statement-breakpoint
CREATE INDEX `requirements_course_idx` ON `requirements` (`course_id`);
--> statement-breakpoint
INSERT INTO `requirement_exemptions` SELECT * FROM `__keep_requirement_exemptions`;
--> statement-breakpoint
INSERT INTO `requirement_events` SELECT * FROM `__keep_requirement_events`;
--> statement-breakpoint
DROP TABLE `__keep_requirement_exemptions`;
--> statement-breakpoint
DROP TABLE `__keep_requirement_events`;
--> statement-breakpoint
CREATE TABLE `evaluation_templates` (
	`id` text PRIMARY KEY NOT NULL,
	`family_id` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`status` text DEFAULT 'DRAFT' NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`grants` text NOT NULL,
	`validity_days` integer,
	`evaluator_qualification_kind` text,
	`evaluator_qualification_id` text,
	`published_at` text,
	`created_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `evaluation_templates_family_version_uq` ON `evaluation_templates` (`family_id`,`version`);
--> statement-breakpoint
CREATE TABLE `evaluation_template_items` (
	`id` text PRIMARY KEY NOT NULL,
	`template_id` text NOT NULL,
	`order_index` integer NOT NULL,
	`text` text NOT NULL,
	`critical` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`template_id`) REFERENCES `evaluation_templates`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `evaluation_template_items_template_idx` ON `evaluation_template_items` (`template_id`,`order_index`);
--> statement-breakpoint
CREATE TABLE `evaluations` (
	`id` text PRIMARY KEY NOT NULL,
	`template_id` text NOT NULL,
	`trainee_id` text NOT NULL,
	`evaluator_id` text NOT NULL,
	`outcome` text NOT NULL,
	`meaning` text NOT NULL,
	`evaluator_name` text NOT NULL,
	`trainee_name` text NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`photo_count` integer DEFAULT 0 NOT NULL,
	`body_hash` text NOT NULL,
	`conducted_at` text NOT NULL,
	`signed_at` text NOT NULL,
	`acknowledged_at` text,
	`acknowledgement_method` text,
	`acknowledged_name` text,
	`signature_key` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`template_id`) REFERENCES `evaluation_templates`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`trainee_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`evaluator_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `evaluations_trainee_idx` ON `evaluations` (`trainee_id`,`signed_at`);
--> statement-breakpoint
CREATE INDEX `evaluations_evaluator_idx` ON `evaluations` (`evaluator_id`,`signed_at`);
--> statement-breakpoint
CREATE TABLE `evaluation_item_results` (
	`evaluation_id` text NOT NULL,
	`item_id` text NOT NULL,
	`result` text NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	PRIMARY KEY(`evaluation_id`, `item_id`),
	FOREIGN KEY (`evaluation_id`) REFERENCES `evaluations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`item_id`) REFERENCES `evaluation_template_items`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `evaluation_photos` (
	`id` text PRIMARY KEY NOT NULL,
	`evaluation_id` text NOT NULL,
	`storage_key` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`evaluation_id`) REFERENCES `evaluations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `evaluation_photos_evaluation_idx` ON `evaluation_photos` (`evaluation_id`);
--> statement-breakpoint
CREATE TABLE `authorisations` (
	`id` text PRIMARY KEY NOT NULL,
	`number` text NOT NULL,
	`user_id` text NOT NULL,
	`template_id` text NOT NULL,
	`family_id` text NOT NULL,
	`evaluation_id` text NOT NULL,
	`title` text NOT NULL,
	`user_name` text NOT NULL,
	`scope` text,
	`issued_at` text NOT NULL,
	`expires_at` text NOT NULL,
	`revoked_at` text,
	`revoked_reason` text,
	`renews_id` text,
	`storage_key` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`template_id`) REFERENCES `evaluation_templates`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`evaluation_id`) REFERENCES `evaluations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `authorisations_number_unique` ON `authorisations` (`number`);
--> statement-breakpoint
CREATE UNIQUE INDEX `authorisations_evaluation_uq` ON `authorisations` (`evaluation_id`);
--> statement-breakpoint
CREATE INDEX `authorisations_user_family_idx` ON `authorisations` (`user_id`,`family_id`,`issued_at`);
--> statement-breakpoint
CREATE INDEX `authorisations_family_idx` ON `authorisations` (`family_id`);
--> statement-breakpoint
CREATE TABLE `credential_types` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`expires` integer DEFAULT true NOT NULL,
	`requires_issuer` integer DEFAULT true NOT NULL,
	`requires_number` integer DEFAULT false NOT NULL,
	`requires_issue_date` integer DEFAULT true NOT NULL,
	`requires_expiry_date` integer DEFAULT true NOT NULL,
	`requires_scan` integer DEFAULT true NOT NULL,
	`retired_at` text,
	`created_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `credential_types_name_uq` ON `credential_types` (lower(`name`));
--> statement-breakpoint
CREATE TABLE `credentials` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`type_id` text NOT NULL,
	`status` text DEFAULT 'PENDING' NOT NULL,
	`issuer` text,
	`number` text,
	`issued_on` text,
	`expires_on` text,
	`scan_key` text,
	`scan_content_type` text,
	`scan_size` integer,
	`resubmits_id` text,
	`submitted_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`reviewed_by` text,
	`reviewed_at` text,
	`reject_reason` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`type_id`) REFERENCES `credential_types`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `credentials_user_type_idx` ON `credentials` (`user_id`,`type_id`,`status`);
--> statement-breakpoint
CREATE INDEX `credentials_status_idx` ON `credentials` (`status`,`submitted_at`);
--> statement-breakpoint
CREATE TABLE `requirement_evidence` (
	`requirement_id` text NOT NULL,
	`kind` text NOT NULL,
	`ref_id` text NOT NULL,
	PRIMARY KEY(`requirement_id`, `kind`, `ref_id`),
	FOREIGN KEY (`requirement_id`) REFERENCES `requirements`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `requirement_evidence_ref_idx` ON `requirement_evidence` (`kind`,`ref_id`);
--> statement-breakpoint
INSERT INTO `requirement_evidence` (`requirement_id`, `kind`, `ref_id`) SELECT `id`, 'course', `course_id` FROM `requirements` WHERE `course_id` IS NOT NULL;
