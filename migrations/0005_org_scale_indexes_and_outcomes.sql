CREATE TABLE `admin_snapshots` (
	`key` text PRIMARY KEY NOT NULL,
	`expires_at` text NOT NULL,
	`body` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `assessment_outcomes` (
	`user_id` text NOT NULL,
	`component_id` text NOT NULL,
	`course_id` text NOT NULL,
	`used` integer NOT NULL,
	`passed` integer NOT NULL,
	`admin_passed` integer NOT NULL,
	`latest_attempt_id` text NOT NULL,
	`latest_submitted_at` text NOT NULL,
	PRIMARY KEY(`user_id`, `component_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`component_id`) REFERENCES `course_components`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `assessment_outcomes_latest_idx` ON `assessment_outcomes` (`latest_submitted_at`,`latest_attempt_id`);--> statement-breakpoint
CREATE INDEX `assessment_outcomes_course_idx` ON `assessment_outcomes` (`course_id`,`passed`,`latest_submitted_at`);--> statement-breakpoint
CREATE INDEX `assessment_outcomes_passed_idx` ON `assessment_outcomes` (`passed`,`latest_submitted_at`);--> statement-breakpoint
CREATE INDEX `attempts_component_idx` ON `assessment_attempts` (`component_id`);--> statement-breakpoint
CREATE INDEX `component_progress_component_idx` ON `component_progress` (`component_id`);--> statement-breakpoint
CREATE INDEX `course_progress_activity_idx` ON `course_progress` (coalesce(`last_accessed_at`, `completed_at`, `started_at`, `enrolled_at`));--> statement-breakpoint
CREATE INDEX `users_active_name_idx` ON `users` (`deactivated_at`,lower("username"),`id`);--> statement-breakpoint
-- assessment_outcomes is derived: each trigger recomputes the rows of the learner and assessment
-- (or learner and course, when a training cycle changes) it touches, by the same rule the oversight
-- list used to apply to every attempt on every request.
CREATE TRIGGER `assessment_outcomes_attempt_insert` AFTER INSERT ON `assessment_attempts` WHEN NEW.submitted_at IS NOT NULL BEGIN
  DELETE FROM assessment_outcomes WHERE user_id = NEW.user_id AND component_id = NEW.component_id;
  INSERT INTO assessment_outcomes (user_id, component_id, course_id, used, passed, admin_passed, latest_attempt_id, latest_submitted_at)
    SELECT g.user_id, g.component_id, g.course_id, g.used, g.passed, g.admin_passed, l.id, l.submitted_at
    FROM (
      SELECT a.user_id AS user_id, a.component_id AS component_id, a.course_id AS course_id, a.cycle AS cycle,
        sum(CASE WHEN coalesce(a.submit_reason, '') <> 'ADMIN' THEN 1 ELSE 0 END) AS used,
        max(CASE WHEN a.passed = 1 THEN 1 ELSE 0 END) AS passed,
        max(CASE WHEN a.passed = 1 AND a.submit_reason = 'ADMIN' THEN 1 ELSE 0 END) AS admin_passed
      FROM assessment_attempts a
      WHERE a.user_id = NEW.user_id AND a.component_id = NEW.component_id AND a.submitted_at IS NOT NULL
        AND a.cycle = coalesce((SELECT p.cycle FROM course_progress p WHERE p.user_id = a.user_id AND p.course_id = a.course_id), a.cycle)
      GROUP BY a.user_id, a.component_id
    ) g
    JOIN assessment_attempts l ON l.id = (SELECT x.id FROM assessment_attempts x
      WHERE x.user_id = g.user_id AND x.component_id = g.component_id AND x.cycle = g.cycle AND x.submitted_at IS NOT NULL
      ORDER BY x.attempt_number DESC LIMIT 1);
END;--> statement-breakpoint
CREATE TRIGGER `assessment_outcomes_attempt_update` AFTER UPDATE OF submitted_at, passed, submit_reason, cycle ON `assessment_attempts` BEGIN
  DELETE FROM assessment_outcomes WHERE user_id = NEW.user_id AND component_id = NEW.component_id;
  INSERT INTO assessment_outcomes (user_id, component_id, course_id, used, passed, admin_passed, latest_attempt_id, latest_submitted_at)
    SELECT g.user_id, g.component_id, g.course_id, g.used, g.passed, g.admin_passed, l.id, l.submitted_at
    FROM (
      SELECT a.user_id AS user_id, a.component_id AS component_id, a.course_id AS course_id, a.cycle AS cycle,
        sum(CASE WHEN coalesce(a.submit_reason, '') <> 'ADMIN' THEN 1 ELSE 0 END) AS used,
        max(CASE WHEN a.passed = 1 THEN 1 ELSE 0 END) AS passed,
        max(CASE WHEN a.passed = 1 AND a.submit_reason = 'ADMIN' THEN 1 ELSE 0 END) AS admin_passed
      FROM assessment_attempts a
      WHERE a.user_id = NEW.user_id AND a.component_id = NEW.component_id AND a.submitted_at IS NOT NULL
        AND a.cycle = coalesce((SELECT p.cycle FROM course_progress p WHERE p.user_id = a.user_id AND p.course_id = a.course_id), a.cycle)
      GROUP BY a.user_id, a.component_id
    ) g
    JOIN assessment_attempts l ON l.id = (SELECT x.id FROM assessment_attempts x
      WHERE x.user_id = g.user_id AND x.component_id = g.component_id AND x.cycle = g.cycle AND x.submitted_at IS NOT NULL
      ORDER BY x.attempt_number DESC LIMIT 1);
END;--> statement-breakpoint
CREATE TRIGGER `assessment_outcomes_attempt_delete` AFTER DELETE ON `assessment_attempts` WHEN OLD.submitted_at IS NOT NULL BEGIN
  DELETE FROM assessment_outcomes WHERE user_id = OLD.user_id AND component_id = OLD.component_id;
  INSERT INTO assessment_outcomes (user_id, component_id, course_id, used, passed, admin_passed, latest_attempt_id, latest_submitted_at)
    SELECT g.user_id, g.component_id, g.course_id, g.used, g.passed, g.admin_passed, l.id, l.submitted_at
    FROM (
      SELECT a.user_id AS user_id, a.component_id AS component_id, a.course_id AS course_id, a.cycle AS cycle,
        sum(CASE WHEN coalesce(a.submit_reason, '') <> 'ADMIN' THEN 1 ELSE 0 END) AS used,
        max(CASE WHEN a.passed = 1 THEN 1 ELSE 0 END) AS passed,
        max(CASE WHEN a.passed = 1 AND a.submit_reason = 'ADMIN' THEN 1 ELSE 0 END) AS admin_passed
      FROM assessment_attempts a
      WHERE a.user_id = OLD.user_id AND a.component_id = OLD.component_id AND a.submitted_at IS NOT NULL
        AND a.cycle = coalesce((SELECT p.cycle FROM course_progress p WHERE p.user_id = a.user_id AND p.course_id = a.course_id), a.cycle)
      GROUP BY a.user_id, a.component_id
    ) g
    JOIN assessment_attempts l ON l.id = (SELECT x.id FROM assessment_attempts x
      WHERE x.user_id = g.user_id AND x.component_id = g.component_id AND x.cycle = g.cycle AND x.submitted_at IS NOT NULL
      ORDER BY x.attempt_number DESC LIMIT 1);
END;--> statement-breakpoint
CREATE TRIGGER `assessment_outcomes_cycle_insert` AFTER INSERT ON `course_progress` BEGIN
  DELETE FROM assessment_outcomes WHERE user_id = NEW.user_id AND course_id = NEW.course_id;
  INSERT INTO assessment_outcomes (user_id, component_id, course_id, used, passed, admin_passed, latest_attempt_id, latest_submitted_at)
    SELECT g.user_id, g.component_id, g.course_id, g.used, g.passed, g.admin_passed, l.id, l.submitted_at
    FROM (
      SELECT a.user_id AS user_id, a.component_id AS component_id, a.course_id AS course_id, a.cycle AS cycle,
        sum(CASE WHEN coalesce(a.submit_reason, '') <> 'ADMIN' THEN 1 ELSE 0 END) AS used,
        max(CASE WHEN a.passed = 1 THEN 1 ELSE 0 END) AS passed,
        max(CASE WHEN a.passed = 1 AND a.submit_reason = 'ADMIN' THEN 1 ELSE 0 END) AS admin_passed
      FROM assessment_attempts a
      WHERE a.user_id = NEW.user_id AND a.course_id = NEW.course_id AND a.submitted_at IS NOT NULL
        AND a.cycle = coalesce((SELECT p.cycle FROM course_progress p WHERE p.user_id = a.user_id AND p.course_id = a.course_id), a.cycle)
      GROUP BY a.user_id, a.component_id
    ) g
    JOIN assessment_attempts l ON l.id = (SELECT x.id FROM assessment_attempts x
      WHERE x.user_id = g.user_id AND x.component_id = g.component_id AND x.cycle = g.cycle AND x.submitted_at IS NOT NULL
      ORDER BY x.attempt_number DESC LIMIT 1);
END;--> statement-breakpoint
CREATE TRIGGER `assessment_outcomes_cycle_update` AFTER UPDATE OF cycle ON `course_progress` BEGIN
  DELETE FROM assessment_outcomes WHERE user_id = NEW.user_id AND course_id = NEW.course_id;
  INSERT INTO assessment_outcomes (user_id, component_id, course_id, used, passed, admin_passed, latest_attempt_id, latest_submitted_at)
    SELECT g.user_id, g.component_id, g.course_id, g.used, g.passed, g.admin_passed, l.id, l.submitted_at
    FROM (
      SELECT a.user_id AS user_id, a.component_id AS component_id, a.course_id AS course_id, a.cycle AS cycle,
        sum(CASE WHEN coalesce(a.submit_reason, '') <> 'ADMIN' THEN 1 ELSE 0 END) AS used,
        max(CASE WHEN a.passed = 1 THEN 1 ELSE 0 END) AS passed,
        max(CASE WHEN a.passed = 1 AND a.submit_reason = 'ADMIN' THEN 1 ELSE 0 END) AS admin_passed
      FROM assessment_attempts a
      WHERE a.user_id = NEW.user_id AND a.course_id = NEW.course_id AND a.submitted_at IS NOT NULL
        AND a.cycle = coalesce((SELECT p.cycle FROM course_progress p WHERE p.user_id = a.user_id AND p.course_id = a.course_id), a.cycle)
      GROUP BY a.user_id, a.component_id
    ) g
    JOIN assessment_attempts l ON l.id = (SELECT x.id FROM assessment_attempts x
      WHERE x.user_id = g.user_id AND x.component_id = g.component_id AND x.cycle = g.cycle AND x.submitted_at IS NOT NULL
      ORDER BY x.attempt_number DESC LIMIT 1);
END;--> statement-breakpoint
CREATE TRIGGER `assessment_outcomes_cycle_delete` AFTER DELETE ON `course_progress` BEGIN
  DELETE FROM assessment_outcomes WHERE user_id = OLD.user_id AND course_id = OLD.course_id;
  INSERT INTO assessment_outcomes (user_id, component_id, course_id, used, passed, admin_passed, latest_attempt_id, latest_submitted_at)
    SELECT g.user_id, g.component_id, g.course_id, g.used, g.passed, g.admin_passed, l.id, l.submitted_at
    FROM (
      SELECT a.user_id AS user_id, a.component_id AS component_id, a.course_id AS course_id, a.cycle AS cycle,
        sum(CASE WHEN coalesce(a.submit_reason, '') <> 'ADMIN' THEN 1 ELSE 0 END) AS used,
        max(CASE WHEN a.passed = 1 THEN 1 ELSE 0 END) AS passed,
        max(CASE WHEN a.passed = 1 AND a.submit_reason = 'ADMIN' THEN 1 ELSE 0 END) AS admin_passed
      FROM assessment_attempts a
      WHERE a.user_id = OLD.user_id AND a.course_id = OLD.course_id AND a.submitted_at IS NOT NULL
        AND a.cycle = coalesce((SELECT p.cycle FROM course_progress p WHERE p.user_id = a.user_id AND p.course_id = a.course_id), a.cycle)
      GROUP BY a.user_id, a.component_id
    ) g
    JOIN assessment_attempts l ON l.id = (SELECT x.id FROM assessment_attempts x
      WHERE x.user_id = g.user_id AND x.component_id = g.component_id AND x.cycle = g.cycle AND x.submitted_at IS NOT NULL
      ORDER BY x.attempt_number DESC LIMIT 1);
END;--> statement-breakpoint
INSERT INTO assessment_outcomes (user_id, component_id, course_id, used, passed, admin_passed, latest_attempt_id, latest_submitted_at)
    SELECT g.user_id, g.component_id, g.course_id, g.used, g.passed, g.admin_passed, l.id, l.submitted_at
    FROM (
      SELECT a.user_id AS user_id, a.component_id AS component_id, a.course_id AS course_id, a.cycle AS cycle,
        sum(CASE WHEN coalesce(a.submit_reason, '') <> 'ADMIN' THEN 1 ELSE 0 END) AS used,
        max(CASE WHEN a.passed = 1 THEN 1 ELSE 0 END) AS passed,
        max(CASE WHEN a.passed = 1 AND a.submit_reason = 'ADMIN' THEN 1 ELSE 0 END) AS admin_passed
      FROM assessment_attempts a
      WHERE a.submitted_at IS NOT NULL
        AND a.cycle = coalesce((SELECT p.cycle FROM course_progress p WHERE p.user_id = a.user_id AND p.course_id = a.course_id), a.cycle)
      GROUP BY a.user_id, a.component_id
    ) g
    JOIN assessment_attempts l ON l.id = (SELECT x.id FROM assessment_attempts x
      WHERE x.user_id = g.user_id AND x.component_id = g.component_id AND x.cycle = g.cycle AND x.submitted_at IS NOT NULL
      ORDER BY x.attempt_number DESC LIMIT 1);
--> statement-breakpoint
-- The people search ("contains", any case) through a trigram index: a LIKE '%term%' here reads
-- the index for terms of 3+ characters instead of lower-casing 100,000 rows. Rows follow users by
-- rowid (triggers); the search answers user ids, which never change.
CREATE VIRTUAL TABLE `users_search` USING fts5(`words`, `user_id` UNINDEXED, tokenize = 'trigram');--> statement-breakpoint
INSERT INTO `users_search` (rowid, words, user_id) SELECT rowid, lower(username || ' ' || email), id FROM users;--> statement-breakpoint
CREATE TRIGGER `users_search_insert` AFTER INSERT ON `users` BEGIN
  INSERT INTO users_search (rowid, words, user_id) VALUES (NEW.rowid, lower(NEW.username || ' ' || NEW.email), NEW.id);
END;--> statement-breakpoint
CREATE TRIGGER `users_search_update` AFTER UPDATE OF username, email ON `users` BEGIN
  DELETE FROM users_search WHERE rowid = OLD.rowid;
  INSERT INTO users_search (rowid, words, user_id) VALUES (NEW.rowid, lower(NEW.username || ' ' || NEW.email), NEW.id);
END;--> statement-breakpoint
CREATE TRIGGER `users_search_delete` AFTER DELETE ON `users` BEGIN
  DELETE FROM users_search WHERE rowid = OLD.rowid;
END;
