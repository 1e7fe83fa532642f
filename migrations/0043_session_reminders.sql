-- Issue 29: the reminder e-mail before a classroom session, sent once per accepted place: the cron
-- claims an invitation by setting reminded_at in the statement that selects it.
ALTER TABLE `session_invitations` ADD `reminded_at` text;
