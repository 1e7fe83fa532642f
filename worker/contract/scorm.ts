import * as v from 'valibot';
import { pageQueryFields, type Pagination } from './common';
import { REFUSALS, refusalText } from './errors';

/*
 * SCORM packages as course content: the limits of an upload, the messages of a refused package,
 * the runtime data a player commits, and what the learner and the admin screens read. The rules
 * that turn runtime data into a component result live in rules/scorm.ts.
 */

export const SCORM_VERSIONS = ['1.2', '2004'] as const;
export type ScormVersion = (typeof SCORM_VERSIONS)[number];

/** The zip itself: a package is expanded in memory, so it is capped below the general upload limit. */
export const SCORM_MAX_ZIP_BYTES = 64 * 1024 * 1024;
/** Files in one package (a vendor course is usually a few hundred). */
export const SCORM_MAX_FILES = 2000;
/** All files of a package once expanded. */
export const SCORM_MAX_EXPANDED_BYTES = 256 * 1024 * 1024;
/** One file once expanded. */
export const SCORM_MAX_FILE_BYTES = 64 * 1024 * 1024;
/** The manifest. */
export const SCORM_MAX_MANIFEST_BYTES = 1024 * 1024;

export const SCORM_MESSAGES = {
  notZip: REFUSALS['scorm.notZip'],
  broken: REFUSALS['scorm.broken'],
  sizeMismatch: (name: string) => refusalText('scorm.sizeMismatch', { path: name.slice(0, 120) }),
  badCrc: (name: string) => refusalText('scorm.badCrc', { path: name.slice(0, 120) }),
  overlap: (name: string) => refusalText('scorm.overlap', { path: name.slice(0, 120) }),
  duplicateName: (name: string) => refusalText('scorm.duplicateName', { path: name.slice(0, 120) }),
  noManifest: REFUSALS['scorm.noManifest'],
  badManifest: REFUSALS['scorm.badManifest'],
  version: REFUSALS['scorm.version'],
  noLaunch: REFUSALS['scorm.noLaunch'],
  launchMissing: (href: string) => refusalText('scorm.launchMissing', { file: href }),
  traversal: (name: string) => refusalText('scorm.traversal', { path: name.slice(0, 120) }),
  absolute: (name: string) => refusalText('scorm.absolute', { path: name.slice(0, 120) }),
  tooManyFiles: `The package has more than ${SCORM_MAX_FILES} files.`,
  tooLargeExpanded: `The package expands to more than ${SCORM_MAX_EXPANDED_BYTES / 1024 / 1024} MB.`,
  tooLargeZip: `A SCORM package may be at most ${SCORM_MAX_ZIP_BYTES / 1024 / 1024} MB.`,
  notScorm: 'This material is not a SCORM package.',
  commitTooLarge: 'The runtime data is too large.',
  commitInvalid: 'The runtime data is not valid.',
  tooSoon: (elapsed: number, minimum: number) => refusalText('scorm.tooSoon', { elapsed, minimum }),
  staleCycle: REFUSALS['scorm.staleCycle'],
  unknownSession: REFUSALS['scorm.unknownSession'],
  badDuration: REFUSALS['scorm.badDuration'],
  scoreRange: REFUSALS['scorm.scoreRange'],
  scoreInteractions: REFUSALS['scorm.scoreInteractions'],
} as const;

/** What the admin screens show of a package, read from its manifest. */
export interface ScormPackageInfo {
  version: ScormVersion;
  /** The manifest's organization title (or the first item's). */
  title: string;
  fileCount: number;
  expandedBytes: number;
  launchPath: string;
  /** 0-100 when the package declares one (1.2 `adlcp:masteryscore`, 2004 `minNormalizedMeasure` x 100). */
  masteryScore: number | null;
  /** The manifest's typical learning time in seconds, when it declares one (it sets the minimum time). */
  typicalLearningSeconds: number | null;
}

// ---------------------------------------------------------------- runtime data

/** One committed set of runtime data at most (the body, in bytes). */
export const SCORM_MAX_COMMIT_BYTES = 256 * 1024;
/** Data model elements in one commit (interactions and objectives add several each). */
export const SCORM_MAX_ELEMENTS = 3000;
/** SCORM 2004's largest element (suspend_data, 64,000 characters). */
export const SCORM_MAX_VALUE_LENGTH = 64000;

/**
 * The runtime data, flattened the way scorm-again's `getFlattenedCMI` gives it: element names
 * (`cmi.core.lesson_status`, `cmi.interactions.0.id`) to string values.
 */
export const scormCmi = v.pipe(
  v.record(
    v.pipe(
      v.string(),
      v.maxLength(255, SCORM_MESSAGES.commitInvalid),
      v.regex(/^cmi\.[A-Za-z0-9_.]+$/, SCORM_MESSAGES.commitInvalid),
    ),
    v.pipe(
      v.union([v.string(), v.number(), v.boolean(), v.null()], SCORM_MESSAGES.commitInvalid),
      v.transform((value) => (value == null ? '' : String(value))),
      v.string(),
      v.maxLength(SCORM_MAX_VALUE_LENGTH, SCORM_MESSAGES.commitInvalid),
    ),
    SCORM_MESSAGES.commitInvalid,
  ),
  v.check((cmi) => Object.keys(cmi).length <= SCORM_MAX_ELEMENTS, SCORM_MESSAGES.commitTooLarge),
);

/** `PUT .../runtime` and the page-hide beacon: a player session's data so far. */
export const scormCommitBody = v.object({
  /** The launch's session id (the Worker's, from `launch`): the session time of a new session adds to the total time. */
  sessionId: v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]{8,64}$/, SCORM_MESSAGES.commitInvalid)),
  /** The training cycle the player was launched for; a commit for a cycle no longer current is refused. */
  cycle: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1_000_000))),
  /** True on LMSFinish / Terminate (and on page hide). */
  finished: v.optional(v.boolean(), false),
  cmi: scormCmi,
});
export type ScormCommitBody = v.InferOutput<typeof scormCommitBody>;

/** What a component's runtime reads as, for the learner and the oversight page. */
export interface ScormRuntimeSummary {
  /** 1.2 lesson_status, 2004 completion_status (`not attempted` before the first commit). */
  status: string;
  /** 2004 success_status; 1.2 passed/failed as the status. */
  successStatus: string | null;
  /** 0-100, or null when the package reported none. */
  score: number | null;
  totalSeconds: number;
  completed: boolean;
  updatedAt: string | null;
}

/** `GET /api/v2/scorm/components/{id}/launch`. */
export interface ScormLaunchResponse {
  componentId: string;
  materialId: string;
  title: string;
  version: ScormVersion;
  /** The launch file under the package's signed content path. */
  launchUrl: string;
  /** The learner's training cycle of the course (runtime data is kept per cycle). */
  cycle: number;
  /** This launch's session id, recorded with the server's start time: every commit of the session carries it. */
  sessionId: string;
  /** Seconds after this launch before a pass or completion counts. */
  minimumSeconds: number;
  /** The runtime data to resume from (empty on a first launch or in a new training cycle). */
  cmi: Record<string, string>;
  /** Where the page-hide beacon posts: signed for this session, since a beacon cannot send a header. */
  beaconUrl: string;
  summary: ScormRuntimeSummary;
  /** The learner's name as the SCO reads it (`cmi.core.student_name`). */
  learnerName: string;
  learnerId: string;
  masteryScore: number | null;
}

/** `PUT .../runtime` answer. */
export interface ScormCommitResponse {
  summary: ScormRuntimeSummary;
  /** The component's progress after the commit (completed once the package reports it). */
  componentStatus: 'NOT_STARTED' | 'IN_PROGRESS' | 'COMPLETED' | 'FAILED';
  progressPercentage: number;
}

/** One row of the oversight page's SCORM table. */
export interface ScormResultRow {
  userId: string;
  userName: string;
  username: string;
  courseId: string;
  courseTitle: string;
  componentId: string;
  componentTitle: string;
  cycle: number;
  version: ScormVersion;
  summary: ScormRuntimeSummary;
}

export interface ScormResultsPage {
  results: ScormResultRow[];
  pagination: Pagination;
}

/** `GET /api/v2/admin/scorm/results?page&limit&search&courseId`. */
export const scormResultsQuery = v.object({
  ...pageQueryFields(),
  courseId: v.optional(v.pipe(v.string(), v.maxLength(100)), ''),
});
