-- Issue 29 (talkui): a talk topic may carry a short PDF handout kept in R2 (the text stays what the
-- foreman reads out and what a signed talk freezes). The key and size are null without one.
ALTER TABLE `talk_topics` ADD `pdf_key` text;
--> statement-breakpoint
ALTER TABLE `talk_topics` ADD `pdf_bytes` integer;
