-- Issue 32 (SCIM 2.0 Groups): a directory connection's group is one of our books. The link names the
-- connection and the book, with the directory's own name for the group (display_name: a rename in the
-- directory does not rename the administrator's book) and its externalId. A group's members are the
-- connection's people who hold the book (user_domains), so membership needs no table of its own.
-- Deleting the group deletes this link only; a book an administrator deletes takes its links with it.
CREATE TABLE `scim_groups` (
	`id` text PRIMARY KEY NOT NULL,
	`connection_id` text NOT NULL REFERENCES `scim_connections`(`id`),
	`domain_id` text NOT NULL REFERENCES `domains`(`id`) ON DELETE cascade,
	`display_name` text NOT NULL,
	`external_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `scim_groups_connection_domain_uq` ON `scim_groups` (`connection_id`,`domain_id`);
--> statement-breakpoint
CREATE UNIQUE INDEX `scim_groups_connection_name_uq` ON `scim_groups` (`connection_id`,lower(`display_name`));
