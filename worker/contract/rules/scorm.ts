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

/** 1.2 `HHHH:MM:SS.SS` or 2004 ISO 8601 `P[nD]T[nH][nM][n.nS]` to whole seconds (0 when unreadable). */
export function scormDurationSeconds(value: string | undefined): number {
  if (!value) return 0;
  const clock = /^(\d{1,4}):(\d{1,2}):(\d{1,2}(?:\.\d{1,2})?)$/.exec(value);
  if (clock) return Math.round(Number(clock[1]) * 3600 + Number(clock[2]) * 60 + Number(clock[3]));
  const iso =
    /^P(?:(\d+(?:\.\d+)?)Y)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(
      value,
    );
  if (!iso || value === 'P' || value.endsWith('T')) return 0;
  const [, y, mo, d, h, mi, s] = iso.map((part) => Number(part ?? 0));
  return Math.round(y * 31_536_000 + mo * 2_592_000 + d * 86_400 + h * 3600 + mi * 60 + s);
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

/** The session time a commit reports, in seconds. */
export function sessionSeconds(version: ScormVersion, cmi: Cmi): number {
  return scormDurationSeconds(version === '1.2' ? cmi['cmi.core.session_time'] : cmi['cmi.session_time']);
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
