-- "Who can do this today?" within the D1 floor (issue 30 item 5, docs/decisions/2026-11-28-task-search.md).
--
-- 1. reporting_lines: the reporting tree as facts kept up to date, one row per (manager, report) at
--    any depth (the closure), with the report's active flag and site copied in, so a team is an
--    index range (counted without touching users) and "is X below me?" one key probe. Kept exact by
--    triggers on users, so every writer (users API, CSV import, SCIM, company sign-in, deactivation,
--    deleting an account) keeps it without knowing it exists; a loop is refused by the database as
--    well as by the writers' own checks (sites.ts assertReportingLine, wouldLoop).
-- 2. fact_versions: a counter bumped by every write to what the task search answers from (people,
--    reporting lines, sites, tasks, the names and families of their pieces, and every kind of
--    evidence), so a Worker isolate may answer the same question again from its memory while the
--    counter is the same (read by the answer's own statements, in the session's batch: one round
--    trip either way).
CREATE TABLE `reporting_lines` (
	`manager_id` text NOT NULL,
	`user_id` text NOT NULL,
	`depth` integer NOT NULL,
	`active` integer NOT NULL,
	`site_id` text,
	PRIMARY KEY(`manager_id`, `user_id`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `reporting_lines_user_idx` ON `reporting_lines` (`user_id`);
--> statement-breakpoint
INSERT INTO reporting_lines (manager_id, user_id, depth, active, site_id)
WITH RECURSIVE up(manager_id, user_id, depth) AS (
  SELECT manager_id, id, 1 FROM users WHERE manager_id IS NOT NULL AND manager_id <> id
  UNION SELECT u.manager_id, up.user_id, up.depth + 1 FROM up JOIN users u ON u.id = up.manager_id
    WHERE u.manager_id IS NOT NULL AND u.manager_id <> up.user_id AND up.depth < 50)
SELECT up.manager_id, up.user_id, min(up.depth), p.deactivated_at IS NULL, p.site_id
FROM up JOIN users p ON p.id = up.user_id GROUP BY up.manager_id, up.user_id;
--> statement-breakpoint
-- A manager change that would close a loop (oneself, or someone below the person) is refused.
CREATE TRIGGER `reporting_lines_no_loop_insert` BEFORE INSERT ON `users`
WHEN NEW.manager_id IS NOT NULL AND NEW.manager_id = NEW.id BEGIN
  SELECT RAISE(ABORT, 'reporting line loop');
END;
--> statement-breakpoint
CREATE TRIGGER `reporting_lines_no_loop_update` BEFORE UPDATE OF manager_id ON `users`
WHEN NEW.manager_id IS NOT NULL AND (NEW.manager_id = NEW.id
  OR EXISTS (SELECT 1 FROM reporting_lines WHERE manager_id = NEW.id AND user_id = NEW.manager_id)) BEGIN
  SELECT RAISE(ABORT, 'reporting line loop');
END;
--> statement-breakpoint
-- A new person sits below their manager and everyone above them (nobody reports to them yet).
CREATE TRIGGER `reporting_lines_insert` AFTER INSERT ON `users` WHEN NEW.manager_id IS NOT NULL BEGIN
  INSERT INTO reporting_lines (manager_id, user_id, depth, active, site_id)
    SELECT NEW.manager_id, NEW.id, 1, NEW.deactivated_at IS NULL, NEW.site_id
    UNION ALL SELECT manager_id, NEW.id, depth + 1, NEW.deactivated_at IS NULL, NEW.site_id
      FROM reporting_lines WHERE user_id = NEW.manager_id;
END;
--> statement-breakpoint
-- A move: the person and everyone below them leave the lines above the person, then join the new
-- manager's (every pair of a new manager above and the person or a report below).
CREATE TRIGGER `reporting_lines_move` AFTER UPDATE OF manager_id ON `users`
WHEN OLD.manager_id IS NOT NEW.manager_id BEGIN
  DELETE FROM reporting_lines
    WHERE user_id IN (SELECT NEW.id UNION ALL SELECT user_id FROM reporting_lines WHERE manager_id = NEW.id)
      AND manager_id IN (SELECT manager_id FROM reporting_lines WHERE user_id = NEW.id);
  INSERT INTO reporting_lines (manager_id, user_id, depth, active, site_id)
    SELECT above.manager_id, below.user_id, above.depth + below.depth, below.active, below.site_id
    FROM (SELECT NEW.manager_id AS manager_id, 1 AS depth
          UNION ALL SELECT manager_id, depth + 1 FROM reporting_lines WHERE user_id = NEW.manager_id) above
    CROSS JOIN (SELECT NEW.id AS user_id, 0 AS depth, NEW.deactivated_at IS NULL AS active, NEW.site_id AS site_id
          UNION ALL SELECT user_id, depth, active, site_id FROM reporting_lines WHERE manager_id = NEW.id) below
    WHERE NEW.manager_id IS NOT NULL;
END;
--> statement-breakpoint
-- Leaving (deactivation) or moving site: the person's rows carry it, so a team is counted from the index alone.
CREATE TRIGGER `reporting_lines_person` AFTER UPDATE OF deactivated_at, site_id ON `users`
WHEN (OLD.deactivated_at IS NULL) <> (NEW.deactivated_at IS NULL) OR OLD.site_id IS NOT NEW.site_id BEGIN
  UPDATE reporting_lines SET active = NEW.deactivated_at IS NULL, site_id = NEW.site_id WHERE user_id = NEW.id;
END;
--> statement-breakpoint
-- A deleted account: their reports (set to no manager by the foreign key) leave the lines above them too.
CREATE TRIGGER `reporting_lines_delete` BEFORE DELETE ON `users` BEGIN
  DELETE FROM reporting_lines
    WHERE user_id IN (SELECT user_id FROM reporting_lines WHERE manager_id = OLD.id)
      AND manager_id IN (SELECT OLD.id UNION ALL SELECT manager_id FROM reporting_lines WHERE user_id = OLD.id);
  DELETE FROM reporting_lines WHERE user_id = OLD.id;
END;
--> statement-breakpoint
CREATE TABLE `fact_versions` (
	`name` text PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO fact_versions (name, version) VALUES ('team-tasks', 0);
--> statement-breakpoint
CREATE TRIGGER `team_tasks_users_insert` AFTER INSERT ON `users` BEGIN
  UPDATE fact_versions SET version = version + 1 WHERE name = 'team-tasks';
END;
--> statement-breakpoint
CREATE TRIGGER `team_tasks_users_update` AFTER UPDATE OF manager_id, deactivated_at, site_id, first_name, last_name, username ON `users` BEGIN
  UPDATE fact_versions SET version = version + 1 WHERE name = 'team-tasks';
END;
--> statement-breakpoint
CREATE TRIGGER `team_tasks_users_delete` AFTER DELETE ON `users` BEGIN
  UPDATE fact_versions SET version = version + 1 WHERE name = 'team-tasks';
END;
--> statement-breakpoint
CREATE TRIGGER `team_tasks_sites_update` AFTER UPDATE OF name ON `sites` BEGIN
  UPDATE fact_versions SET version = version + 1 WHERE name = 'team-tasks';
END;
--> statement-breakpoint
CREATE TRIGGER `team_tasks_tasks_insert` AFTER INSERT ON `tasks` BEGIN
  UPDATE fact_versions SET version = version + 1 WHERE name = 'team-tasks';
END;
--> statement-breakpoint
CREATE TRIGGER `team_tasks_tasks_update` AFTER UPDATE ON `tasks` BEGIN
  UPDATE fact_versions SET version = version + 1 WHERE name = 'team-tasks';
END;
--> statement-breakpoint
CREATE TRIGGER `team_tasks_tasks_delete` AFTER DELETE ON `tasks` BEGIN
  UPDATE fact_versions SET version = version + 1 WHERE name = 'team-tasks';
END;
--> statement-breakpoint
CREATE TRIGGER `team_tasks_task_evidence_insert` AFTER INSERT ON `task_evidence` BEGIN
  UPDATE fact_versions SET version = version + 1 WHERE name = 'team-tasks';
END;
--> statement-breakpoint
CREATE TRIGGER `team_tasks_task_evidence_update` AFTER UPDATE ON `task_evidence` BEGIN
  UPDATE fact_versions SET version = version + 1 WHERE name = 'team-tasks';
END;
--> statement-breakpoint
CREATE TRIGGER `team_tasks_task_evidence_delete` AFTER DELETE ON `task_evidence` BEGIN
  UPDATE fact_versions SET version = version + 1 WHERE name = 'team-tasks';
END;
--> statement-breakpoint
CREATE TRIGGER `team_tasks_courses_insert` AFTER INSERT ON `courses` BEGIN
  UPDATE fact_versions SET version = version + 1 WHERE name = 'team-tasks';
END;
--> statement-breakpoint
CREATE TRIGGER `team_tasks_courses_update` AFTER UPDATE OF family_id, title ON `courses` BEGIN
  UPDATE fact_versions SET version = version + 1 WHERE name = 'team-tasks';
END;
--> statement-breakpoint
CREATE TRIGGER `team_tasks_courses_delete` AFTER DELETE ON `courses` BEGIN
  UPDATE fact_versions SET version = version + 1 WHERE name = 'team-tasks';
END;
--> statement-breakpoint
CREATE TRIGGER `team_tasks_templates_insert` AFTER INSERT ON `evaluation_templates` BEGIN
  UPDATE fact_versions SET version = version + 1 WHERE name = 'team-tasks';
END;
--> statement-breakpoint
CREATE TRIGGER `team_tasks_templates_update` AFTER UPDATE OF name, status, version, family_id ON `evaluation_templates` BEGIN
  UPDATE fact_versions SET version = version + 1 WHERE name = 'team-tasks';
END;
--> statement-breakpoint
CREATE TRIGGER `team_tasks_templates_delete` AFTER DELETE ON `evaluation_templates` BEGIN
  UPDATE fact_versions SET version = version + 1 WHERE name = 'team-tasks';
END;
--> statement-breakpoint
CREATE TRIGGER `team_tasks_credential_types_update` AFTER UPDATE OF name ON `credential_types` BEGIN
  UPDATE fact_versions SET version = version + 1 WHERE name = 'team-tasks';
END;
--> statement-breakpoint
CREATE TRIGGER `team_tasks_talk_topics_update` AFTER UPDATE OF title ON `talk_topics` BEGIN
  UPDATE fact_versions SET version = version + 1 WHERE name = 'team-tasks';
END;
--> statement-breakpoint
CREATE TRIGGER `team_tasks_certificates_insert` AFTER INSERT ON `certificates` BEGIN
  UPDATE fact_versions SET version = version + 1 WHERE name = 'team-tasks';
END;
--> statement-breakpoint
-- Not on the stored PDF's key or its font note: a first download is no change to anyone's evidence.
CREATE TRIGGER `team_tasks_certificates_update` AFTER UPDATE OF user_id, course_id, user_name, course_name, domain_name, issued_at, expires_at, revoked_at, revoked_reason, cycle, renews_id, certificate_number ON `certificates` BEGIN
  UPDATE fact_versions SET version = version + 1 WHERE name = 'team-tasks';
END;
--> statement-breakpoint
CREATE TRIGGER `team_tasks_certificates_delete` AFTER DELETE ON `certificates` BEGIN
  UPDATE fact_versions SET version = version + 1 WHERE name = 'team-tasks';
END;
--> statement-breakpoint
CREATE TRIGGER `team_tasks_authorisations_insert` AFTER INSERT ON `authorisations` BEGIN
  UPDATE fact_versions SET version = version + 1 WHERE name = 'team-tasks';
END;
--> statement-breakpoint
CREATE TRIGGER `team_tasks_authorisations_update` AFTER UPDATE ON `authorisations` BEGIN
  UPDATE fact_versions SET version = version + 1 WHERE name = 'team-tasks';
END;
--> statement-breakpoint
CREATE TRIGGER `team_tasks_authorisations_delete` AFTER DELETE ON `authorisations` BEGIN
  UPDATE fact_versions SET version = version + 1 WHERE name = 'team-tasks';
END;
--> statement-breakpoint
CREATE TRIGGER `team_tasks_credentials_insert` AFTER INSERT ON `credentials` BEGIN
  UPDATE fact_versions SET version = version + 1 WHERE name = 'team-tasks';
END;
--> statement-breakpoint
CREATE TRIGGER `team_tasks_credentials_update` AFTER UPDATE ON `credentials` BEGIN
  UPDATE fact_versions SET version = version + 1 WHERE name = 'team-tasks';
END;
--> statement-breakpoint
CREATE TRIGGER `team_tasks_credentials_delete` AFTER DELETE ON `credentials` BEGIN
  UPDATE fact_versions SET version = version + 1 WHERE name = 'team-tasks';
END;
--> statement-breakpoint
CREATE TRIGGER `team_tasks_talks_insert` AFTER INSERT ON `talks` BEGIN
  UPDATE fact_versions SET version = version + 1 WHERE name = 'team-tasks';
END;
--> statement-breakpoint
CREATE TRIGGER `team_tasks_talks_update` AFTER UPDATE ON `talks` BEGIN
  UPDATE fact_versions SET version = version + 1 WHERE name = 'team-tasks';
END;
--> statement-breakpoint
CREATE TRIGGER `team_tasks_talks_delete` AFTER DELETE ON `talks` BEGIN
  UPDATE fact_versions SET version = version + 1 WHERE name = 'team-tasks';
END;
--> statement-breakpoint
CREATE TRIGGER `team_tasks_talk_attendees_insert` AFTER INSERT ON `talk_attendees` BEGIN
  UPDATE fact_versions SET version = version + 1 WHERE name = 'team-tasks';
END;
--> statement-breakpoint
CREATE TRIGGER `team_tasks_talk_attendees_update` AFTER UPDATE ON `talk_attendees` BEGIN
  UPDATE fact_versions SET version = version + 1 WHERE name = 'team-tasks';
END;
--> statement-breakpoint
CREATE TRIGGER `team_tasks_talk_attendees_delete` AFTER DELETE ON `talk_attendees` BEGIN
  UPDATE fact_versions SET version = version + 1 WHERE name = 'team-tasks';
END;
