-- Issue 29: classroom sessions. A session of a course component (or a stand-alone topic) with its
-- trainers, invitations (capacity and an ordered waitlist), attendance (how and when each person
-- was marked), the trainer's sign-off, and amendments made after it (both versions kept).
CREATE TABLE `classroom_sessions` (
  `id` text PRIMARY KEY NOT NULL,
  `title` text NOT NULL,
  `component_id` text REFERENCES `course_components`(`id`) ON DELETE SET NULL,
  `location` text NOT NULL,
  `starts_at` text NOT NULL,
  `ends_at` text NOT NULL,
  `capacity` integer NOT NULL,
  `outline` text DEFAULT '' NOT NULL,
  `material_id` text REFERENCES `materials`(`id`) ON DELETE SET NULL,
  `material_title` text,
  `material_version` text,
  `status` text DEFAULT 'SCHEDULED' NOT NULL,
  `signed_off_by` text REFERENCES `users`(`id`),
  `signed_off_name` text,
  `signed_off_at` text,
  `sign_off_meaning` text,
  `created_by` text,
  `created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
  CHECK (`capacity` > 0),
  CHECK (`ends_at` > `starts_at`)
);
CREATE INDEX `classroom_sessions_starts_idx` ON `classroom_sessions` (`starts_at`);
CREATE TABLE `session_trainers` (
  `session_id` text NOT NULL REFERENCES `classroom_sessions`(`id`) ON DELETE CASCADE,
  `user_id` text NOT NULL REFERENCES `users`(`id`),
  PRIMARY KEY(`session_id`, `user_id`)
);
CREATE INDEX `session_trainers_user_idx` ON `session_trainers` (`user_id`);
CREATE TABLE `session_invitations` (
  `session_id` text NOT NULL REFERENCES `classroom_sessions`(`id`) ON DELETE CASCADE,
  `user_id` text NOT NULL REFERENCES `users`(`id`),
  `status` text DEFAULT 'INVITED' NOT NULL,
  `waitlist_position` integer,
  `invited_by` text,
  `invited_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
  `responded_at` text,
  PRIMARY KEY(`session_id`, `user_id`)
);
CREATE INDEX `session_invitations_user_idx` ON `session_invitations` (`user_id`);
CREATE TABLE `session_attendance` (
  `session_id` text NOT NULL REFERENCES `classroom_sessions`(`id`) ON DELETE CASCADE,
  `user_id` text NOT NULL REFERENCES `users`(`id`),
  `present` integer NOT NULL,
  `method` text NOT NULL,
  `at` text NOT NULL,
  `by` text NOT NULL,
  `reason` text,
  `code_window` integer,
  PRIMARY KEY(`session_id`, `user_id`)
);
CREATE INDEX `session_attendance_window_idx` ON `session_attendance` (`session_id`, `code_window`);
CREATE TABLE `session_amendments` (
  `id` text PRIMARY KEY NOT NULL,
  `session_id` text NOT NULL REFERENCES `classroom_sessions`(`id`) ON DELETE CASCADE,
  `user_id` text NOT NULL REFERENCES `users`(`id`),
  `before` text,
  `after` text NOT NULL,
  `reason` text NOT NULL,
  `by` text NOT NULL,
  `at` text NOT NULL
);
CREATE INDEX `session_amendments_session_idx` ON `session_amendments` (`session_id`, `at`);
