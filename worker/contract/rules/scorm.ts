import type { ScormVersion } from '../scorm';

/*
 * What a SCORM package's runtime data means for the component: its status, its score on a 0-100
 * scale, whether it is complete (which then counts toward the course and the certificate exactly
 * like a passed assessment), and what is given back to the package when the learner returns.
 * One set of rules for the Worker (which decides) and the player (which explains).
 */

export type Cmi = Readonly<Record<string, string>>;

const num = (value: string | undefined): number | null => {
  if (value === undefined || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
};

const clamp = (n: number) => Math.min(100, Math.max(0, n));
const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * 1.2 `HHHH:MM:SS.SS` or 2004 ISO 8601 `P[nY][nM][nD]T[nH][nM][n.nS]` to whole seconds: 0 when empty,
 * null when it is not a duration at all or its value is not a finite number (`P1e999Y`-like digit runs).
 */
export function scormDurationSeconds(value: string | undefined): number | null {
  if (!value) return 0;
  if (value.length > 64) return null;
  const clock = /^(\d{1,4}):(\d{1,2}):(\d{1,2}(?:\.\d{1,2})?)$/.exec(value);
  if (clock) return Math.round(Number(clock[1]) * 3600 + Number(clock[2]) * 60 + Number(clock[3]));
  const iso =
    /^P(?:(\d+(?:\.\d+)?)Y)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(
      value,
    );
  if (!iso || value === 'P' || value.endsWith('T')) return null;
  const [, y, mo, d, h, mi, s] = iso.map((part) => Number(part ?? 0));
  const seconds = Math.round(y * 31_536_000 + mo * 2_592_000 + d * 86_400 + h * 3600 + mi * 60 + s);
  return Number.isSafeInteger(seconds) ? seconds : null;
}

/** Whole seconds as SCORM 1.2 `HHHH:MM:SS`. */
export function scorm12Duration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(Math.floor(s / 3600), 4)}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/** Whole seconds as SCORM 2004 `PT#H#M#S`. */
export function scorm2004Duration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `PT${Math.floor(s / 3600)}H${Math.floor((s % 3600) / 60)}M${s % 60}S`;
}

/** The score on a 0-100 scale: scaled x 100 (2004), else raw within min..max (default 0..100); null when none reported. */
export function scormScore(version: ScormVersion, cmi: Cmi): number | null {
  const prefix = version === '1.2' ? 'cmi.core.score' : 'cmi.score';
  if (version === '2004') {
    const scaled = num(cmi['cmi.score.scaled']);
    if (scaled !== null) return round2(clamp(scaled * 100));
  }
  const raw = num(cmi[`${prefix}.raw`]);
  if (raw === null) return null;
  const min = num(cmi[`${prefix}.min`]) ?? 0;
  const max = num(cmi[`${prefix}.max`]) ?? 100;
  if (max <= min) return round2(clamp(raw));
  return round2(clamp(((raw - min) / (max - min)) * 100));
}

export interface ScormOutcome {
  /** 1.2 lesson_status, 2004 completion_status. */
  status: string;
  /** 2004 success_status; 1.2 `passed` / `failed` when the status says so, or when a mastery score judges the score. */
  successStatus: string | null;
  score: number | null;
  /** The component is complete: finished, and not failed against the mastery score. */
  completed: boolean;
}

/**
 * The component result of the runtime data. SCORM 1.2: `passed` or `completed` completes it, unless
 * the package declares a mastery score and the reported score is below it (the LMS judges the score,
 * as the 1.2 run-time environment asks). SCORM 2004: `completion_status = completed` (or
 * `success_status = passed`) completes it, unless `success_status` is `failed` or the scaled score is
 * below the package's passing score.
 */
export function scormOutcome(version: ScormVersion, cmi: Cmi, masteryScore: number | null): ScormOutcome {
  const score = scormScore(version, cmi);
  const belowMastery = masteryScore !== null && score !== null && score < masteryScore;
  const meetsMastery = masteryScore !== null && score !== null && score >= masteryScore;
  if (version === '1.2') {
    const status = (cmi['cmi.core.lesson_status'] || 'not attempted').toLowerCase();
    let successStatus: string | null = status === 'passed' || status === 'failed' ? status : null;
    const finished = status === 'passed' || status === 'completed' || status === 'failed';
    if (finished && masteryScore !== null && score !== null) successStatus = meetsMastery ? 'passed' : 'failed';
    const completed =
      (status === 'passed' || status === 'completed' || (status === 'failed' && meetsMastery)) &&
      !belowMastery &&
      successStatus !== 'failed';
    return { status, successStatus, score, completed };
  }
  const status = (cmi['cmi.completion_status'] || 'not attempted').toLowerCase();
  let successStatus = (cmi['cmi.success_status'] || 'unknown').toLowerCase();
  if (masteryScore !== null && score !== null && successStatus !== 'unknown')
    successStatus = meetsMastery ? 'passed' : 'failed';
  const completed =
    (status === 'completed' || successStatus === 'passed') && successStatus !== 'failed' && !belowMastery;
  return { status, successStatus, score, completed };
}

/** The learner's free-text elements: what a package wrote and reads back on resume. */
const RESTORED = [
  /^cmi\.core\.lesson_location$/,
  /^cmi\.core\.lesson_status$/,
  /^cmi\.core\.score\.(raw|min|max)$/,
  /^cmi\.core\.exit$/,
  /^cmi\.suspend_data$/,
  /^cmi\.comments$/,
  /^cmi\.objectives\./,
  /^cmi\.interactions\./,
  /^cmi\.student_preference\./,
  /^cmi\.location$/,
  /^cmi\.completion_status$/,
  /^cmi\.success_status$/,
  /^cmi\.score\.(raw|min|max|scaled)$/,
  /^cmi\.progress_measure$/,
  /^cmi\.exit$/,
  /^cmi\.comments_from_learner\./,
  /^cmi\.learner_preference\./,
];

/**
 * The stored data a package is given back on its next launch: what the package itself wrote
 * (location, suspend data, status, score, objectives, interactions, preferences). Entry mode, total
 * time, the learner's id and name and the mastery score are set by the player from the server's
 * values, never from stored data.
 */
export function resumableCmi(stored: Cmi): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(stored)) if (RESTORED.some((re) => re.test(key))) out[key] = value;
  return out;
}

/** `resume` when the package left with `suspend` last time, else `ab-initio` (1.2) / `ab-initio` (2004). */
export function scormEntry(stored: Cmi): 'resume' | 'ab-initio' {
  const exit = stored['cmi.core.exit'] ?? stored['cmi.exit'];
  return exit === 'suspend' ? 'resume' : 'ab-initio';
}

/**
 * The longest session time believed at all: a player tab open for a week is already implausible. A
 * longer (or unreadable) report is refused as a whole, never recorded; shorter ones are still
 * clamped to the wall-clock time since the launch by the Worker.
 */
export const SCORM_MAX_SESSION_SECONDS = 7 * 24 * 3600;

/** The session time a commit reports, in seconds; null when it is malformed or absurd (refused). */
export function sessionSeconds(version: ScormVersion, cmi: Cmi): number | null {
  const seconds = scormDurationSeconds(version === '1.2' ? cmi['cmi.core.session_time'] : cmi['cmi.session_time']);
  return seconds === null || seconds > SCORM_MAX_SESSION_SECONDS ? null : seconds;
}

/** The minimum time before a pass or completion counts when the package declares no typical learning time. */
export const SCORM_DEFAULT_MINIMUM_SECONDS = 60;
/** The largest minimum an admin may set (or half a manifest's typical time may give): two hours. */
export const SCORM_MAX_MINIMUM_SECONDS = 7200;

/**
 * How long after a launch a pass or completion may count: half the manifest's typical learning time
 * where it declares one (a fast learner is faster than typical, not twice as fast), else the
 * component's own setting, else the default.
 */
export function scormMinimumSeconds(typicalLearningSeconds: number | null, componentSetting: unknown): number {
  if (typicalLearningSeconds !== null && typicalLearningSeconds > 0)
    return Math.min(SCORM_MAX_MINIMUM_SECONDS, Math.round(typicalLearningSeconds / 2));
  if (typeof componentSetting === 'number' && Number.isInteger(componentSetting) && componentSetting >= 0)
    return Math.min(SCORM_MAX_MINIMUM_SECONDS, componentSetting);
  return SCORM_DEFAULT_MINIMUM_SECONDS;
}

/**
 * Whether the reported score can be true of the package's own data: the raw score within the min and
 * max the package reports (0-100 for 1.2 when it reports none), the 2004 scaled score within -1..1;
 * and, where the package reports judged interactions, no score above zero when none was answered
 * correctly and no full score when any was answered wrong. (What this cannot catch is in
 * docs/decisions/2026-11-28-scorm-evidence.md.)
 */
export function scoreProblem(version: ScormVersion, cmi: Cmi): 'range' | 'interactions' | null {
  const prefix = version === '1.2' ? 'cmi.core.score' : 'cmi.score';
  const text = (key: string) => cmi[key]?.trim() ?? '';
  const numberOrBad = (key: string): number | null | 'bad' => {
    if (!text(key)) return null;
    const n = Number(text(key));
    return Number.isFinite(n) ? n : 'bad';
  };
  const raw = numberOrBad(`${prefix}.raw`);
  const min = numberOrBad(`${prefix}.min`);
  const max = numberOrBad(`${prefix}.max`);
  const scaled = version === '2004' ? numberOrBad('cmi.score.scaled') : null;
  if (raw === 'bad' || min === 'bad' || max === 'bad' || scaled === 'bad') return 'range';
  const low = min ?? (version === '1.2' ? 0 : null);
  const high = max ?? (version === '1.2' ? 100 : null);
  if (low !== null && high !== null && high < low) return 'range';
  if (raw !== null && ((low !== null && raw < low) || (high !== null && raw > high))) return 'range';
  if (scaled !== null && (scaled < -1 || scaled > 1)) return 'range';
  const score = scormScore(version, cmi);
  if (score === null) return null;
  let correct = 0;
  let wrong = 0;
  for (const [key, value] of Object.entries(cmi)) {
    if (!/^cmi\.interactions\.\d+\.result$/.test(key)) continue;
    const result = value.trim().toLowerCase();
    if (result === 'correct') correct++;
    else if (result === 'wrong' || result === 'incorrect') wrong++;
  }
  if (correct + wrong === 0) return null;
  if ((correct === 0 && score > 0) || (wrong > 0 && score >= 100)) return 'interactions';
  return null;
}

/**
 * The whole data model a launch starts from: what the package stored (`resumableCmi`) plus what
 * the LMS sets: the learner's id and name, entry (`resume` after a suspend), credit and mode, the
 * total time so far and the mastery score from the manifest. The Worker primes the content frame
 * with it and the player loads it into its runtime, so both start from the same values.
 */
export function launchCmi(
  version: ScormVersion,
  stored: Cmi,
  learner: { id: string; name: string },
  totalSeconds: number,
  masteryScore: number | null,
): Record<string, string> {
  const cmi = resumableCmi(stored);
  const entry = scormEntry(stored);
  // Suspend data and location are kept whatever the exit: a package that saves them but closes
  // before setting exit to `suspend` (common when a tab is closed) still finds them.
  delete cmi['cmi.core.exit'];
  delete cmi['cmi.exit'];
  if (version === '1.2') {
    cmi['cmi.core.student_id'] = learner.id;
    cmi['cmi.core.student_name'] = learner.name;
    cmi['cmi.core.entry'] = entry === 'resume' ? 'resume' : '';
    cmi['cmi.core.credit'] = 'credit';
    cmi['cmi.core.lesson_mode'] = 'normal';
    cmi['cmi.core.total_time'] = scorm12Duration(totalSeconds);
    if (masteryScore !== null) cmi['cmi.student_data.mastery_score'] = String(masteryScore);
  } else {
    cmi['cmi.learner_id'] = learner.id;
    cmi['cmi.learner_name'] = learner.name;
    cmi['cmi.entry'] = entry;
    cmi['cmi.credit'] = 'credit';
    cmi['cmi.mode'] = 'normal';
    cmi['cmi.total_time'] = scorm2004Duration(totalSeconds);
    if (masteryScore !== null) cmi['cmi.scaled_passing_score'] = String(masteryScore / 100);
  }
  return cmi;
}

/** `Last, First` as SCORM asks for `student_name`. */
export const scormLearnerName = (first: string | null, last: string | null, fallback: string) =>
  [last, first].filter((part) => part?.trim()).join(', ') || fallback;
