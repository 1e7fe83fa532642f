-- Validity per course: 1, 2 or 3 years (certificate_validity_days, as today) or no expiry at all.
-- A flag rather than a nullable day count: SQLite cannot drop NOT NULL without rebuilding `courses`,
-- which every training table references.
ALTER TABLE `courses` ADD `certificate_never_expires` integer DEFAULT false NOT NULL;
