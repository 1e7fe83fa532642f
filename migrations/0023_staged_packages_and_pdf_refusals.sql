-- Issue 27 leftovers.
-- 1. A SCORM package's files are stored before its material row can be written (the row names
--    them); a Worker that dies in between (an aborted upload, a restart) left them in storage with
--    no row. The package is recorded here, with its file list, before the first file is stored; the
--    material insert deletes this row in the same batch, and the cron sweep deletes the files of a
--    row left older than an hour (worker/services/staged-packages.ts).
CREATE TABLE `staged_packages` (
  `material_id` text PRIMARY KEY NOT NULL,
  `files` text NOT NULL,
  `started_at` text NOT NULL
);
CREATE INDEX `staged_packages_started_idx` ON `staged_packages` (`started_at`);
-- 2. A certificate PDF refused because a character is in no bundled font: the font set it was
--    refused with. The cron backfill skips it until the font set changes (its names are frozen).
ALTER TABLE `certificates` ADD `pdf_refused_fonts` text;
