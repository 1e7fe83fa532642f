-- Issue 28: a "not yet competent" evaluation may assign a refresher course; the record keeps which
-- course the trainee was enrolled in, so the evaluator, the trainee and the training record see it.
ALTER TABLE `evaluations` ADD `refresher_course_id` text REFERENCES `courses`(`id`);
