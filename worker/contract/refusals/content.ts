/**
 * Refusals of one area (Course content, languages, captions, SCORM packages, assessments, announcements and learning): reason id to the English message the Worker
 * sends. Part of the closed list `REFUSALS` in ../errors.ts, which joins the areas in this order.
 */
export const CONTENT_REFUSALS = {
  // Course content
  'upload.tooLarge': 'The file is larger than the upload limit of {limit}.',
  'content.title': 'Title is required',
  'content.book': 'Books is required',
  'content.timeLimit': 'Time limit must be positive',
  'content.passingScore': 'Passing score must be between 0 and 100',
  'content.assessmentTitle': 'Assessment title is required',
  'content.questionsRequired': 'At least one question is required',
  'content.questionText': 'Question text is required',
  'content.options': 'At least 2 options are required',
  'content.optionsDistinct': 'Options must all be different',
  'content.correctAnswer': 'Correct answer is required',
  'content.trueFalse': 'Please select True or False as the correct answer',
  'content.points': 'Points must be a whole number of at least 1',
  'content.maxAttempts': 'Attempts must be between 1 and 10',
  'content.certificateValidity': 'Choose how long certificates stay valid: 1, 2 or 3 years, or no expiry',
  'content.material': 'Please select a material',
  'content.classroomTitle': 'Classroom session title is required',
  'content.uploadMissing': 'Please select a file and provide a title',
  'content.materialTitle': 'Please provide a title',
  'content.invalidFileType': 'Invalid file type. Only PDF, videos (MP4, WebM, OGG), and PowerPoint files are allowed.',
  'content.bookGone': 'The selected book does not exist',
  'content.materialGone': 'The selected material no longer exists',
  'content.questionType': 'Question type must be MCQ or TRUE_FALSE',
  'content.tooLong': '{field} must be at most {max} characters',
  'course.publishedEdit': 'A published course cannot be edited. Take it down first.',
  'course.publishedDelete': 'A published course cannot be deleted. Take it down first.',
  'course.noComponents': 'Add at least one component before publishing this course.',
  'course.noMaterial': 'The material component "{title}" has no material selected.',
  'course.incompleteAssessment': 'The assessment "{title}" is not complete: {problem}.',
  'course.requirementsRefer':
    '{count} training requirement(s) refer to this course, so it cannot be deleted. It stays taken down instead.',
  'course.hasRecords':
    '{learners} learner(s) have progress on this course and {certificates} certificate(s) were issued for it, so it cannot be deleted. It stays taken down instead.',
  'component.everPublished':
    'This course has been published: its components can be edited, but not added, removed or reordered.',
  'component.typeChange': 'A component cannot change its type. Delete it and add a new one instead.',
  'material.inUse': 'This material is used by {count} course component(s) and cannot be deleted',
  // Course languages
  'language.invalid': 'Language must be one of en, es, hi, ar',
  'language.familyCourseNotFound': 'The course to link with was not found',
  'language.sameCourse': 'A course cannot be linked with itself',
  'language.otherBook': 'Only courses of the same book can be one course family',
  'language.taken': 'This course family already has a version in that language',
  // Captions
  'caption.fileMissing': 'Please select a WebVTT (.vtt) caption file',
  'caption.wrongExtension': 'Only WebVTT (.vtt) files can be added as captions',
  'caption.notVtt': 'The caption file must be a WebVTT file: plain text whose first line starts with "WEBVTT".',
  'caption.notUtf8': 'The caption file must be UTF-8 text.',
  'caption.tooMany': 'A video can have at most 20 caption tracks',
  'caption.tooLarge': 'The caption file is larger than the limit of 512 KB.',
  'caption.languageRequired': 'Please enter the language of the captions (for example en, es, hi or ar)',
  'caption.languageInvalid': 'Enter a language tag such as en, en-GB, es, hi or ar',
  'caption.labelTooLong': 'Label must be at most 60 characters',
  'caption.notVideo': 'Captions can only be added to a video material',
  'caption.exists': 'This video already has captions in that language. Remove them first to upload a new file.',
  // SCORM packages
  'scorm.tooManyFiles': 'The package has more than 2000 files.',
  'scorm.tooLargeExpanded': 'The package expands to more than 256 MB.',
  'scorm.tooLargeZip': 'A SCORM package may be at most 64 MB.',
  'scorm.notZip': 'The file is not a zip archive. A SCORM package is a .zip file with imsmanifest.xml at its root.',
  'scorm.broken': 'The zip archive is damaged and cannot be read. Export the package again from the authoring tool.',
  'scorm.sizeMismatch':
    'The file "{path}" does not expand to the size the package declares for it. Export the package again from the authoring tool.',
  'scorm.badCrc':
    'The file "{path}" fails its CRC-32 check: the archive is damaged. Export the package again from the authoring tool.',
  'scorm.overlap':
    'The package has entries that share the same data ("{path}"): each file in a package must have its own.',
  'scorm.duplicateName':
    'The package has two files named "{path}": which one would be served cannot be known. Export the package again from the authoring tool.',
  'scorm.noManifest':
    'The package has no imsmanifest.xml at its root. Zip the contents of the course folder, not the folder itself.',
  'scorm.badManifest': 'imsmanifest.xml is not valid XML.',
  'scorm.version':
    'The manifest does not declare SCORM 1.2 or SCORM 2004 (schemaversion). Only SCORM 1.2 and 2004 packages are supported.',
  'scorm.noLaunch':
    'The manifest names no launchable resource (a SCO or asset with an href in the default organization).',
  'scorm.launchMissing': 'The launch file "{file}" named by the manifest is not in the package.',
  'scorm.traversal': 'The package contains an unsafe path ("{path}"): paths must stay inside the package.',
  'scorm.absolute': 'The package contains an absolute path ("{path}"): paths must be relative to the package root.',
  'scorm.tooSoon':
    'This lesson was finished {elapsed} seconds after it was opened; a pass or completion counts only after {minimum} seconds. Keep working through the lesson, then finish it again.',
  'scorm.staleCycle': 'This lesson was opened for a training cycle that has ended. Reopen the course to continue.',
  'scorm.unknownSession': 'This lesson session was not opened here. Reopen the course to continue.',
  'scorm.badDuration': 'The session time is not a valid or believable SCORM duration.',
  'scorm.scoreRange': 'The score is outside the range the package itself reports.',
  'scorm.scoreInteractions': 'The score does not agree with the answers the package reported.',
  'scorm.minimumRange': 'Enter a minimum time between 0 and 7200 seconds.',
  // Assessments, announcements, feedback
  'intervention.score': 'Enter a score between 0 and 100',
  'intervention.notAllowed':
    'This assessment does not allow an administrator intervention: the learner has passed or still has attempts left',
  'intervention.notFound': 'Assessment attempt not found',
  'announcement.authorName': 'Author name is required',
  'announcement.content': 'Content is required',
  'announcement.priority': 'Priority must be one of LOW, MEDIUM, HIGH, URGENT',
  'announcement.expiresAt': 'Please enter a valid expiry date',
  'think.response': 'Response is required',
  // Learning
  'progress.enrollFirst': 'Enroll in the course to access content',
  'progress.classroomByTrainer':
    'A classroom session is completed only when your trainer signs off your attendance; nothing can be reported for it here.',
  'pdf.unprintableText':
    'This PDF cannot be made: a name or title on it has characters that none of its fonts can print. An administrator has been told; please contact them.',
} as const;
