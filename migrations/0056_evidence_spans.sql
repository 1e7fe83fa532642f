-- "Who can do this today?" after a write (issue 30 item 5, docs/decisions/2026-11-28-evidence-spans.md).
--
-- evidence_spans: per person and piece of evidence (a course family, an evaluation template family, a
-- credential type, a talk topic), each record the task rule would read, with the span of days it is the
-- one read: from its issue (`read_from`) until a record that replaces it is issued (`read_until`, null:
-- still read), and when it stops counting (`valid_until`; a talk's start, its period being the task
-- piece's). On a day D the rule reads the record whose span holds D's end, and it counts when it has
-- not expired at D's start (services/task-search.ts). Which record replaces which is the rule's own pick
-- (services/evidence.ts heldPiecesSql):
--   * certificates of a course family (or of a course on its own), authorisations of a template family:
--     unrevoked only (a revoked record never counts), the latest issued (ties: the larger id);
--   * credentials of a type: APPROVED only, the one lasting longest (then the latest issued), issued at
--     the start of its issue day (else when approved or submitted), valid to the end of its expiry day;
--   * talks on a topic the person attended: the latest.
-- The views below say this once; the triggers rewrite a person's rows of one piece from them on every
-- write to a record (or to what keys it: a course's family, a talk's topic or start), so every writer
-- (issuing, renewal, revocation, review, the talk sync, seeds, a direct SQL write) keeps them exact;
-- test/api/evidence-spans.test.ts compares the table with the views after each kind of write.
CREATE TABLE `evidence_spans` (
	`kind` text NOT NULL,
	`ref_id` text NOT NULL,
	`user_id` text NOT NULL,
	`record_id` text NOT NULL,
	`read_from` text NOT NULL,
	`read_until` text,
	`valid_until` text NOT NULL,
	PRIMARY KEY(`kind`, `ref_id`, `user_id`, `record_id`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `evidence_spans_user_idx` ON `evidence_spans` (`user_id`,`kind`,`ref_id`);
--> statement-breakpoint
-- A course piece's key: its family (every language version counts), or the course on its own.
CREATE VIEW `course_evidence_keys` AS
  SELECT id AS course_id, CASE WHEN family_id IS NULL THEN id ELSE 'family:' || family_id END AS ref_id FROM courses;
--> statement-breakpoint
CREATE VIEW `evidence_spans_course` AS
  SELECT 'course' AS kind, k.ref_id AS ref_id, c.user_id AS user_id, c.id AS record_id, c.issued_at AS read_from,
    (SELECT min(n.issued_at) FROM certificates n JOIN course_evidence_keys nk ON nk.course_id = n.course_id
      WHERE n.user_id = c.user_id AND n.revoked_at IS NULL AND nk.ref_id = k.ref_id
        AND (n.issued_at > c.issued_at OR (n.issued_at = c.issued_at AND n.id > c.id))) AS read_until,
    c.expires_at AS valid_until
  FROM certificates c JOIN course_evidence_keys k ON k.course_id = c.course_id
  WHERE c.revoked_at IS NULL;
--> statement-breakpoint
CREATE VIEW `evidence_spans_evaluation` AS
  SELECT 'evaluation' AS kind, a.family_id AS ref_id, a.user_id AS user_id, a.id AS record_id, a.issued_at AS read_from,
    (SELECT min(n.issued_at) FROM authorisations n
      WHERE n.user_id = a.user_id AND n.family_id = a.family_id AND n.revoked_at IS NULL
        AND (n.issued_at > a.issued_at OR (n.issued_at = a.issued_at AND n.id > a.id))) AS read_until,
    a.expires_at AS valid_until
  FROM authorisations a
  WHERE a.revoked_at IS NULL;
--> statement-breakpoint
CREATE VIEW `evidence_spans_credential` AS
  SELECT 'credential' AS kind, c.type_id AS ref_id, c.user_id AS user_id, c.id AS record_id,
    coalesce(c.issued_on || 'T00:00:00.000Z', c.reviewed_at, c.submitted_at) AS read_from,
    (SELECT min(coalesce(n.issued_on || 'T00:00:00.000Z', n.reviewed_at, n.submitted_at)) FROM credentials n
      WHERE n.user_id = c.user_id AND n.type_id = c.type_id AND n.status = 'APPROVED'
        AND (coalesce(n.expires_on, '9999-12-31'), coalesce(n.issued_on, ''), n.id)
          > (coalesce(c.expires_on, '9999-12-31'), coalesce(c.issued_on, ''), c.id)) AS read_until,
    CASE WHEN c.expires_on IS NULL THEN '9999-12-31T23:59:59.999Z' ELSE date(c.expires_on, '+1 day') || 'T00:00:00.000Z' END AS valid_until
  FROM credentials c
  WHERE c.status = 'APPROVED';
--> statement-breakpoint
CREATE VIEW `evidence_spans_talk` AS
  SELECT 'talk' AS kind, t.topic_id AS ref_id, ta.user_id AS user_id, t.id AS record_id, t.started_at AS read_from,
    (SELECT min(nt.started_at) FROM talk_attendees na CROSS JOIN talks nt ON nt.id = na.talk_id
      WHERE na.user_id = ta.user_id AND nt.topic_id = t.topic_id
        AND (nt.started_at > t.started_at OR (nt.started_at = t.started_at AND nt.id > t.id))) AS read_until,
    t.started_at AS valid_until
  FROM talk_attendees ta JOIN talks t ON t.id = ta.talk_id
  WHERE ta.user_id IS NOT NULL;
--> statement-breakpoint
-- Every span, as the records say (the backfill, and the tests' yardstick for the table).
CREATE VIEW `evidence_spans_source` AS
  SELECT * FROM evidence_spans_course UNION ALL SELECT * FROM evidence_spans_evaluation
  UNION ALL SELECT * FROM evidence_spans_credential UNION ALL SELECT * FROM evidence_spans_talk;
--> statement-breakpoint
INSERT OR IGNORE INTO evidence_spans SELECT * FROM evidence_spans_source;
--> statement-breakpoint
-- Certificates: the person's rows of the course's key rewritten (before and after the write).
CREATE TRIGGER `evidence_spans_certificates_insert` AFTER INSERT ON `certificates` BEGIN
  DELETE FROM evidence_spans WHERE kind = 'course' AND user_id = NEW.user_id
    AND ref_id = (SELECT ref_id FROM course_evidence_keys WHERE course_id = NEW.course_id);
  INSERT OR IGNORE INTO evidence_spans SELECT * FROM evidence_spans_course WHERE user_id = NEW.user_id
    AND ref_id = (SELECT ref_id FROM course_evidence_keys WHERE course_id = NEW.course_id);
END;
--> statement-breakpoint
CREATE TRIGGER `evidence_spans_certificates_update` AFTER UPDATE OF user_id, course_id, issued_at, expires_at, revoked_at ON `certificates` BEGIN
  DELETE FROM evidence_spans WHERE kind = 'course' AND user_id = OLD.user_id
    AND ref_id = (SELECT ref_id FROM course_evidence_keys WHERE course_id = OLD.course_id);
  INSERT OR IGNORE INTO evidence_spans SELECT * FROM evidence_spans_course WHERE user_id = OLD.user_id
    AND ref_id = (SELECT ref_id FROM course_evidence_keys WHERE course_id = OLD.course_id);
  DELETE FROM evidence_spans WHERE kind = 'course' AND user_id = NEW.user_id
    AND ref_id = (SELECT ref_id FROM course_evidence_keys WHERE course_id = NEW.course_id);
  INSERT OR IGNORE INTO evidence_spans SELECT * FROM evidence_spans_course WHERE user_id = NEW.user_id
    AND ref_id = (SELECT ref_id FROM course_evidence_keys WHERE course_id = NEW.course_id);
END;
--> statement-breakpoint
CREATE TRIGGER `evidence_spans_certificates_delete` AFTER DELETE ON `certificates` BEGIN
  DELETE FROM evidence_spans WHERE kind = 'course' AND user_id = OLD.user_id
    AND ref_id = (SELECT ref_id FROM course_evidence_keys WHERE course_id = OLD.course_id);
  INSERT OR IGNORE INTO evidence_spans SELECT * FROM evidence_spans_course WHERE user_id = OLD.user_id
    AND ref_id = (SELECT ref_id FROM course_evidence_keys WHERE course_id = OLD.course_id);
END;
--> statement-breakpoint
-- A course deleted: its certificates go first, while its key can still be read (the cascade would
-- delete them after the course, when it no longer can).
CREATE TRIGGER `evidence_spans_courses_delete` BEFORE DELETE ON `courses` BEGIN
  DELETE FROM certificates WHERE course_id = OLD.id;
END;
--> statement-breakpoint
-- A course joining or leaving a family: the holders of its certificates, under the old key and the new.
CREATE TRIGGER `evidence_spans_courses_family` AFTER UPDATE OF family_id ON `courses`
WHEN OLD.family_id IS NOT NEW.family_id BEGIN
  DELETE FROM evidence_spans WHERE kind = 'course'
    AND ref_id IN (CASE WHEN OLD.family_id IS NULL THEN OLD.id ELSE 'family:' || OLD.family_id END,
      CASE WHEN NEW.family_id IS NULL THEN NEW.id ELSE 'family:' || NEW.family_id END)
    AND user_id IN (SELECT user_id FROM certificates WHERE course_id = NEW.id);
  INSERT OR IGNORE INTO evidence_spans SELECT * FROM evidence_spans_course
    WHERE ref_id IN (CASE WHEN OLD.family_id IS NULL THEN OLD.id ELSE 'family:' || OLD.family_id END,
      CASE WHEN NEW.family_id IS NULL THEN NEW.id ELSE 'family:' || NEW.family_id END)
    AND user_id IN (SELECT user_id FROM certificates WHERE course_id = NEW.id);
END;
--> statement-breakpoint
CREATE TRIGGER `evidence_spans_authorisations_insert` AFTER INSERT ON `authorisations` BEGIN
  DELETE FROM evidence_spans WHERE kind = 'evaluation' AND user_id = NEW.user_id AND ref_id = NEW.family_id;
  INSERT OR IGNORE INTO evidence_spans SELECT * FROM evidence_spans_evaluation
    WHERE user_id = NEW.user_id AND ref_id = NEW.family_id;
END;
--> statement-breakpoint
CREATE TRIGGER `evidence_spans_authorisations_update` AFTER UPDATE OF user_id, family_id, issued_at, expires_at, revoked_at ON `authorisations` BEGIN
  DELETE FROM evidence_spans WHERE kind = 'evaluation' AND user_id = OLD.user_id AND ref_id = OLD.family_id;
  INSERT OR IGNORE INTO evidence_spans SELECT * FROM evidence_spans_evaluation
    WHERE user_id = OLD.user_id AND ref_id = OLD.family_id;
  DELETE FROM evidence_spans WHERE kind = 'evaluation' AND user_id = NEW.user_id AND ref_id = NEW.family_id;
  INSERT OR IGNORE INTO evidence_spans SELECT * FROM evidence_spans_evaluation
    WHERE user_id = NEW.user_id AND ref_id = NEW.family_id;
END;
--> statement-breakpoint
CREATE TRIGGER `evidence_spans_authorisations_delete` AFTER DELETE ON `authorisations` BEGIN
  DELETE FROM evidence_spans WHERE kind = 'evaluation' AND user_id = OLD.user_id AND ref_id = OLD.family_id;
  INSERT OR IGNORE INTO evidence_spans SELECT * FROM evidence_spans_evaluation
    WHERE user_id = OLD.user_id AND ref_id = OLD.family_id;
END;
--> statement-breakpoint
CREATE TRIGGER `evidence_spans_credentials_insert` AFTER INSERT ON `credentials` BEGIN
  DELETE FROM evidence_spans WHERE kind = 'credential' AND user_id = NEW.user_id AND ref_id = NEW.type_id;
  INSERT OR IGNORE INTO evidence_spans SELECT * FROM evidence_spans_credential
    WHERE user_id = NEW.user_id AND ref_id = NEW.type_id;
END;
--> statement-breakpoint
CREATE TRIGGER `evidence_spans_credentials_update` AFTER UPDATE OF user_id, type_id, status, issued_on, expires_on, reviewed_at, submitted_at ON `credentials` BEGIN
  DELETE FROM evidence_spans WHERE kind = 'credential' AND user_id = OLD.user_id AND ref_id = OLD.type_id;
  INSERT OR IGNORE INTO evidence_spans SELECT * FROM evidence_spans_credential
    WHERE user_id = OLD.user_id AND ref_id = OLD.type_id;
  DELETE FROM evidence_spans WHERE kind = 'credential' AND user_id = NEW.user_id AND ref_id = NEW.type_id;
  INSERT OR IGNORE INTO evidence_spans SELECT * FROM evidence_spans_credential
    WHERE user_id = NEW.user_id AND ref_id = NEW.type_id;
END;
--> statement-breakpoint
CREATE TRIGGER `evidence_spans_credentials_delete` AFTER DELETE ON `credentials` BEGIN
  DELETE FROM evidence_spans WHERE kind = 'credential' AND user_id = OLD.user_id AND ref_id = OLD.type_id;
  INSERT OR IGNORE INTO evidence_spans SELECT * FROM evidence_spans_credential
    WHERE user_id = OLD.user_id AND ref_id = OLD.type_id;
END;
--> statement-breakpoint
CREATE TRIGGER `evidence_spans_talk_attendees_insert` AFTER INSERT ON `talk_attendees` WHEN NEW.user_id IS NOT NULL BEGIN
  DELETE FROM evidence_spans WHERE kind = 'talk' AND user_id = NEW.user_id
    AND ref_id = (SELECT topic_id FROM talks WHERE id = NEW.talk_id);
  INSERT OR IGNORE INTO evidence_spans SELECT * FROM evidence_spans_talk
    WHERE user_id = NEW.user_id AND ref_id = (SELECT topic_id FROM talks WHERE id = NEW.talk_id);
END;
--> statement-breakpoint
CREATE TRIGGER `evidence_spans_talk_attendees_update` AFTER UPDATE OF talk_id, user_id ON `talk_attendees` BEGIN
  DELETE FROM evidence_spans WHERE kind = 'talk' AND user_id = OLD.user_id
    AND ref_id = (SELECT topic_id FROM talks WHERE id = OLD.talk_id);
  INSERT OR IGNORE INTO evidence_spans SELECT * FROM evidence_spans_talk
    WHERE user_id = OLD.user_id AND ref_id = (SELECT topic_id FROM talks WHERE id = OLD.talk_id);
  DELETE FROM evidence_spans WHERE kind = 'talk' AND user_id = NEW.user_id
    AND ref_id = (SELECT topic_id FROM talks WHERE id = NEW.talk_id);
  INSERT OR IGNORE INTO evidence_spans SELECT * FROM evidence_spans_talk
    WHERE user_id = NEW.user_id AND ref_id = (SELECT topic_id FROM talks WHERE id = NEW.talk_id);
END;
--> statement-breakpoint
CREATE TRIGGER `evidence_spans_talk_attendees_delete` AFTER DELETE ON `talk_attendees` WHEN OLD.user_id IS NOT NULL BEGIN
  DELETE FROM evidence_spans WHERE kind = 'talk' AND user_id = OLD.user_id
    AND ref_id = (SELECT topic_id FROM talks WHERE id = OLD.talk_id);
  INSERT OR IGNORE INTO evidence_spans SELECT * FROM evidence_spans_talk
    WHERE user_id = OLD.user_id AND ref_id = (SELECT topic_id FROM talks WHERE id = OLD.talk_id);
END;
--> statement-breakpoint
-- A talk moved to another topic or start: its attendees, under the old topic and the new.
CREATE TRIGGER `evidence_spans_talks_update` AFTER UPDATE OF topic_id, started_at ON `talks` BEGIN
  DELETE FROM evidence_spans WHERE kind = 'talk' AND ref_id IN (OLD.topic_id, NEW.topic_id)
    AND user_id IN (SELECT user_id FROM talk_attendees WHERE talk_id = NEW.id);
  INSERT OR IGNORE INTO evidence_spans SELECT * FROM evidence_spans_talk WHERE ref_id IN (OLD.topic_id, NEW.topic_id)
    AND user_id IN (SELECT user_id FROM talk_attendees WHERE talk_id = NEW.id);
END;
--> statement-breakpoint
-- A talk deleted: its sign-in sheet goes first, while its topic can still be read.
CREATE TRIGGER `evidence_spans_talks_delete` BEFORE DELETE ON `talks` BEGIN
  DELETE FROM talk_attendees WHERE talk_id = OLD.id;
END;
--> statement-breakpoint
CREATE TRIGGER `evidence_spans_users_delete` AFTER DELETE ON `users` BEGIN
  DELETE FROM evidence_spans WHERE user_id = OLD.id;
END;
