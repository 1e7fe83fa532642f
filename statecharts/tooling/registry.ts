import type { AnyStateMachine } from 'xstate';
import { assessmentMachine } from '../assessment.machine';
import { bulkImportMachine } from '../bulk-import.machine';
import { certificateDialogMachine } from '../certificate-dialog.machine';
import { certificationMachine } from '../certification.machine';
import { courseProgressMachine } from '../course-progress.machine';
import { enrollmentMachine } from '../enrollment.machine';
import { incompleteAttemptsMachine } from '../incomplete-attempts.machine';
import { materialProgressMachine } from '../material-progress.machine';
import { recertificationMachine } from '../recertification.machine';
import { expiredLinkError, resetPasswordMachine } from '../reset-password.machine';
import { scormPlayerMachine } from '../scorm-player.machine';
import { sessionMachine } from '../session.machine';
import { learner } from '../testing/fixtures';

/**
 * Every machine auditors can inspect on /statecharts and in the export, with a plain-language
 * account of what it guarantees. Adding a machine is one entry here; its diagram, SCXML and
 * Mermaid come from the live definition.
 *
 * `samples` give the simulator realistic payloads: keyed by the transition's event label
 * (`timer.tick`, `done: startAttempt`, `error: login`), each variant builds the event's extra
 * fields from the simulated context and clock. Events without a sample are sent bare; `done:`
 * events then carry no output and `error:` events a generic Error.
 */

export interface SampleScope {
  // The simulator does not know each machine's context type; samples read what they need.
  // biome-ignore lint/suspicious/noExplicitAny: each machine's samples read their own context shape
  context: any;
  /** The simulated clock, as epoch milliseconds. */
  now: number;
}

export interface EventSample {
  /** Shown next to the event when a machine offers several variants. */
  label: string;
  payload: (scope: SampleScope) => Record<string, unknown>;
}

export interface MachineEntry {
  /** The file name in statecharts/ without `.machine.ts`, also the export file name. */
  key: string;
  title: string;
  description: string;
  machine: AnyStateMachine;
  /** Inputs the simulator can start the machine with; the first is the default. */
  inputs?: { label: string; value: (now: number) => unknown }[];
  samples?: Record<string, EventSample[]>;
}

/** The simulator's clock starts here (a fixed time keeps simulated deadlines readable). */
export const SIMULATION_EPOCH = Date.UTC(2026, 0, 15, 9, 0, 0);

const isoIn = (now: number, minutes: number) => new Date(now + minutes * 60_000).toISOString();
const isoDaysIn = (now: number, days: number) => isoIn(now, days * 24 * 60);

// The tests' learner under a demo name: one session user shape to keep in step with the contract.
const demoUser = { ...learner, id: 'u-demo', firstName: 'Demo', lastName: 'Learner', name: 'Demo Learner' };

const demoAssessment = {
  title: 'Fire safety: post-assessment',
  timeLimit: 10,
  passingScore: 70,
  maxAttempts: 3,
  questionCount: 2,
  questions: [
    {
      id: 'q1',
      question: 'Which extinguisher is used on electrical fires?',
      type: 'MCQ',
      options: [
        { id: 'a', text: 'CO2' },
        { id: 'b', text: 'Water' },
      ],
    },
    { id: 'q2', question: 'Fire doors may be wedged open.', type: 'TRUE_FALSE', options: [] },
  ],
};

const demoScormSummary = (completed: boolean, status: string) => ({
  status,
  successStatus: completed ? 'passed' : null,
  score: completed ? 100 : null,
  totalSeconds: 95,
  completed,
  updatedAt: null,
});
const demoScormLaunch = (resume: boolean) => ({
  componentId: 'component-scorm',
  materialId: 'material-scorm',
  title: 'PPE Essentials Quiz',
  version: '1.2',
  launchUrl: '/api/v2/scorm/content/component-scorm/signed/index.html',
  cycle: 1,
  cmi: resume ? { 'cmi.core.entry': 'resume', 'cmi.suspend_data': '{"current":2}' } : { 'cmi.core.entry': '' },
  beaconUrl: '/api/v2/scorm/components/component-scorm/beacon?sig=demo',
  summary: demoScormSummary(false, resume ? 'incomplete' : 'not attempted'),
  learnerName: 'Learner, Demo',
  learnerId: 'u-demo',
  masteryScore: 80,
});
const demoScormCommit = (completed: boolean) => ({
  summary: demoScormSummary(completed, completed ? 'passed' : 'incomplete'),
  componentStatus: completed ? 'COMPLETED' : 'IN_PROGRESS',
  progressPercentage: completed ? 100 : 0,
});

const freshHistory = { usedAttempts: 0, remainingAttempts: 3, lastAttempt: null };
const passedHistory = {
  usedAttempts: 1,
  remainingAttempts: 2,
  lastAttempt: { attemptId: 'att-1', attemptNumber: 1, score: 100, passed: true },
};

const demoResult = (passed: boolean, attemptsRemaining: number) => ({
  attemptId: 'att-1',
  attemptNumber: 1,
  score: passed ? 100 : 50,
  passed,
  correctAnswers: passed ? 2 : 1,
  totalQuestions: 2,
  detailedResults: [],
  attemptsRemaining,
});

const incompleteRows = [
  {
    attemptId: 'att-7',
    courseTitle: 'Fire safety',
    componentTitle: 'Post-assessment',
    elapsedMinutes: 42,
    attemptNumber: 1,
  },
  {
    attemptId: 'att-9',
    courseTitle: 'Working at height',
    componentTitle: 'Pre-assessment',
    elapsedMinutes: 5,
    attemptNumber: 2,
  },
];

const demoCourse = {
  id: 'course-1',
  title: 'Fire safety basics',
  description: 'Extinguishers, alarms and evacuation.',
  domain: { id: 'book-1', name: 'Fire Safety' },
  components: [
    {
      id: 'component-pre',
      type: 'PRE_ASSESSMENT',
      order: 1,
      orderIndex: 1,
      required: true,
      data: { title: 'Pre-assessment' },
    },
    {
      id: 'component-material',
      type: 'MATERIAL',
      order: 2,
      orderIndex: 2,
      required: true,
      data: { title: 'Fire safety guide' },
    },
    {
      id: 'component-post',
      type: 'POST_ASSESSMENT',
      order: 3,
      orderIndex: 3,
      required: true,
      data: { title: 'Post-assessment' },
    },
  ],
};

const demoProgress = (status: 'IN_PROGRESS' | 'COMPLETED') => ({
  courseProgress: {
    courseId: 'course-1',
    courseTitle: 'Fire safety basics',
    status,
    overallProgress: status === 'COMPLETED' ? 100 : 40,
  },
  componentProgresses: [{ componentId: 'component-pre', status: 'COMPLETED', progressPercentage: 100 }],
});

const demoImportRows = [
  { username: 'jdoe', email: 'jdoe@example.com' },
  { username: 'asmith', email: 'asmith@example.com' },
];

export const MACHINES: MachineEntry[] = [
  {
    key: 'session',
    title: 'Sign-in session',
    description:
      'How the browser decides who is signed in. At start a stored token is checked with the server; if the server cannot be reached the user saved at login is used, and unreadable saved data is removed. Nothing is shown until this check ends. A user whose password must be changed can do nothing else until it is changed. Logging out forgets the session on the device at once, even if the server cannot be told; a token the server rejects ends the session the same way.',
    machine: sessionMachine,
    inputs: [
      { label: 'token stored', value: () => ({ token: 'demo-token', savedUser: JSON.stringify(demoUser) }) },
      { label: 'nothing stored', value: () => ({ token: null, savedUser: null }) },
      { label: 'token and unreadable saved user', value: () => ({ token: 'demo-token', savedUser: '{not json' }) },
    ],
    samples: {
      'done: fetchCurrentUser': [
        { label: 'learner', payload: () => ({ output: demoUser }) },
        { label: 'must change password', payload: () => ({ output: { ...demoUser, mustChangePassword: true } }) },
      ],
      'done: login': [
        { label: 'learner', payload: () => ({ output: { ...demoUser, token: 'new-token', type: 'Bearer' } }) },
      ],
      'error: login': [
        { label: 'wrong password', payload: () => ({ error: new Error('Invalid username or password') }) },
      ],
      'done: changePassword': [
        { label: 'new token', payload: () => ({ output: { message: 'Password changed', token: 'changed-token' } }) },
      ],
      'session.login': [
        { label: 'credentials', payload: () => ({ username: 'learner', password: 'Learner#2026demo' }) },
      ],
      'password.change': [
        {
          label: 'new password',
          payload: () => ({ currentPassword: 'Learner#2026demo', newPassword: 'Stronger#2027pass' }),
        },
      ],
      'user.update': [{ label: 'renamed', payload: () => ({ user: { ...demoUser, firstName: 'Renamed' } }) }],
    },
  },
  {
    key: 'assessment',
    title: 'Timed assessment attempt',
    description:
      'One attempt at a timed assessment. Opening the page uses no attempt: the attempt starts only when the learner presses Start (an attempt left open is resumed at once). The countdown runs from the deadline the server set when the attempt started, so reloading the page cannot buy time. Every answer is saved as it is given, and a failed save is retried without blocking the learner. When the deadline passes the attempt is submitted automatically and, if that fails, retried every few seconds; a manual submit is possible only when every answerable question has an answer. A failed attempt can be retaken only while attempts remain; an assessment already passed opens read-only in review.',
    machine: assessmentMachine,
    inputs: [{ label: 'post-assessment', value: () => ({ componentId: 'component-post' }) }],
    samples: {
      'done: loadAssessment': [
        {
          label: 'not yet passed',
          payload: () => ({
            output: { assessment: demoAssessment, passedAttemptId: null, openAttemptId: null, history: freshHistory },
          }),
        },
        {
          label: 'open attempt to resume',
          payload: () => ({
            output: {
              assessment: demoAssessment,
              passedAttemptId: null,
              openAttemptId: 'att-1',
              history: freshHistory,
            },
          }),
        },
        {
          label: 'already passed',
          payload: () => ({
            output: {
              assessment: demoAssessment,
              passedAttemptId: 'att-1',
              openAttemptId: null,
              history: passedHistory,
            },
          }),
        },
      ],
      'done: startAttempt': [
        {
          label: '10-minute attempt',
          payload: ({ now }) => ({
            output: { attemptId: 'att-1', attemptNumber: 1, startedAt: isoIn(now, 0), deadline: isoIn(now, 10) },
          }),
        },
      ],
      'error: startAttempt': [
        {
          label: 'duplicate key',
          payload: () => ({ error: new Error('duplicate key value violates unique constraint') }),
        },
        {
          label: 'server error',
          payload: () => ({ error: new Error('Failed to load assessment. Please try again.') }),
        },
      ],
      'timer.tick': [{ label: 'at the simulated clock', payload: ({ now }) => ({ now }) }],
      'answer.select': [
        { label: 'q1 = a', payload: () => ({ questionId: 'q1', answer: 'a' }) },
        { label: 'q2 = false', payload: () => ({ questionId: 'q2', answer: 'false' }) },
      ],
      'done: submitAttempt': [
        { label: 'passed', payload: () => ({ output: demoResult(true, 2) }) },
        { label: 'failed, 2 attempts left', payload: () => ({ output: demoResult(false, 2) }) },
        { label: 'failed, none left', payload: () => ({ output: demoResult(false, 0) }) },
      ],
      'done: loadAttemptResult': [{ label: 'passed attempt', payload: () => ({ output: demoResult(true, 2) }) }],
    },
  },
  {
    key: 'incomplete-attempts',
    title: 'Incomplete attempts recovery',
    description:
      'What happens to assessment attempts left open (tab closed, network lost). On the dashboard and course list the server is asked for open attempts; if there are any, a dialog lists them and cannot be dismissed until each is submitted (unanswered questions count as incorrect). Attempts can be submitted one by one or all together; the list shrinks as they are submitted, and after "Submit All and Continue" the server is asked again so the dialog only closes when nothing is left open.',
    machine: incompleteAttemptsMachine,
    samples: {
      'done: checkIncomplete': [
        { label: 'two open attempts', payload: () => ({ output: incompleteRows }) },
        { label: 'none open', payload: () => ({ output: [] }) },
      ],
      'done: recheckIncomplete': [
        { label: 'none open', payload: () => ({ output: [] }) },
        { label: 'one still open', payload: () => ({ output: incompleteRows.slice(0, 1) }) },
      ],
      'attempt.submit': [
        {
          label: 'first listed',
          payload: ({ context }) => ({ attemptId: context.attempts?.[0]?.attemptId ?? 'att-7' }),
        },
      ],
      'done: submitAll': [
        {
          label: 'all submitted',
          payload: ({ context }) => ({
            output: { submitted: (context.attempts ?? []).map((a: { attemptId: string }) => a.attemptId), failed: [] },
          }),
        },
        {
          label: 'one failed',
          payload: ({ context }) => {
            const ids = (context.attempts ?? []).map((a: { attemptId: string }) => a.attemptId);
            return { output: { submitted: ids.slice(1), failed: ids.slice(0, 1) } };
          },
        },
      ],
    },
  },
  {
    key: 'enrollment',
    title: 'Course enrollment',
    description:
      'Enrolling in a course. The learner asks to enroll; once the server confirms, the page waits one second, shows "Successfully enrolled in this course! Your progress will now be tracked." for about three seconds, then reloads the course so progress tracking starts. A failed enrollment returns to the not-enrolled state with the server\'s message.',
    machine: enrollmentMachine,
    inputs: [
      { label: 'not enrolled', value: () => ({ courseId: 'course-1', enrolled: false }) },
      { label: 'already enrolled', value: () => ({ courseId: 'course-1', enrolled: true }) },
    ],
  },
  {
    key: 'course-progress',
    title: 'Course progress',
    description:
      'A course and the learner\'s progress in it, as shown on the course page. The course and the progress record load together; no progress record means the learner is not enrolled, and then every component says "Enroll to access". Components unlock strictly in order (a component opens only when the one before it is completed; the first is always open) and "Continue" goes to the component in progress, else the first unfinished one whose predecessor is done. When the course becomes COMPLETED during the session the certificate dialog opens, once; a reload that fails keeps the page as it was.',
    machine: courseProgressMachine,
    inputs: [
      { label: 'first visit', value: () => ({ courseId: 'course-1', lastSeenStatus: null }) },
      { label: 'seen in progress earlier', value: () => ({ courseId: 'course-1', lastSeenStatus: 'IN_PROGRESS' }) },
    ],
    samples: {
      'done: loadCourse': [
        { label: 'not enrolled', payload: () => ({ output: { course: demoCourse, progress: null } }) },
        {
          label: 'in progress',
          payload: () => ({ output: { course: demoCourse, progress: demoProgress('IN_PROGRESS') } }),
        },
        {
          label: 'completed',
          payload: () => ({ output: { course: demoCourse, progress: demoProgress('COMPLETED') } }),
        },
      ],
      'done: refreshCourse': [
        {
          label: 'in progress',
          payload: () => ({ output: { course: demoCourse, progress: demoProgress('IN_PROGRESS') } }),
        },
        {
          label: 'completed',
          payload: () => ({ output: { course: demoCourse, progress: demoProgress('COMPLETED') } }),
        },
      ],
    },
  },
  {
    key: 'recertification',
    title: 'Recertification of a required course',
    description:
      "A learner renewing the certificate of a required course from the course page. Nothing starts until the learner confirms in a dialog; the server then opens a new training cycle (progress back to 0 %, fresh assessment attempts), while the earlier cycle's progress, attempts and certificates are kept and the current certificate stays valid until it expires. Once the server confirms, the dialog closes and the page reloads the course; a refusal (the certificate is not yet due, an attempt is still open) keeps the dialog open with the server's message. The start cannot be cancelled once sent, and a visit starts at most one cycle.",
    machine: recertificationMachine,
    inputs: [{ label: 'required course', value: () => ({ courseId: 'course-1' }) }],
    samples: {
      'done: startRecertification': [
        {
          label: 'cycle 2 started',
          payload: () => ({
            output: {
              message:
                'A new training cycle has started. Your previous progress and certificates are kept in your history.',
            },
          }),
        },
      ],
      'error: startRecertification': [
        {
          label: 'not yet due',
          payload: () => ({
            error: new Error('Your certificate is valid until 2027-01-01. Recertification opens on 2026-12-02.'),
          }),
        },
        {
          label: 'attempt open',
          payload: () => ({
            error: new Error('Finish or submit your open assessment attempt before starting recertification'),
          }),
        },
      ],
    },
  },
  {
    key: 'material-progress',
    title: 'Learning material progress',
    description:
      'A learner viewing a learning material. Opening a material not yet started marks it started; progress is reported in 10 % steps (a video by its position, a PDF by the pages shown for at least 3 seconds each, a document that cannot be shown inline as fully viewed once opened), and the page shows the progress the server recorded, the number the course page shows; reaching 100 % marks the material complete, and "Complete & Continue" returns to the course once completion is confirmed. Time spent is sent every 30 seconds and once more when the learner leaves the page; a failed time report is only logged and its seconds are sent with the next one.',
    machine: materialProgressMachine,
    inputs: [
      {
        label: 'not started',
        value: () => ({ componentId: 'component-material', status: 'NOT_STARTED', progressPercentage: 0 }),
      },
      {
        label: 'in progress at 40 %',
        value: () => ({ componentId: 'component-material', status: 'IN_PROGRESS', progressPercentage: 40 }),
      },
      {
        label: 'already completed',
        value: () => ({ componentId: 'component-material', status: 'COMPLETED', progressPercentage: 100 }),
      },
    ],
    samples: {
      'material.progress': [
        { label: '50 %', payload: () => ({ percentage: 50 }) },
        { label: '100 %', payload: () => ({ percentage: 100 }) },
      ],
      'done: reportProgress': [
        { label: 'recorded as claimed (50 %)', payload: () => ({ output: 50 }) },
        { label: 'held back to 30 %', payload: () => ({ output: 30 }) },
      ],
    },
  },
  {
    key: 'certificate-dialog',
    title: 'Certificate dialog',
    description:
      'Showing a learner the certificate of a completed course. The learner\'s certificate is looked up and, when none exists yet, generated first; the PDF is then fetched for the preview. About two seconds after the preview is ready the certificate downloads automatically, once per opening, with the notice "Certificate has been automatically downloaded to your device!"; a learner who already downloaded it by hand gets no second copy, and a failed automatic download is not retried in a loop. Closing the dialog cancels a pending download and frees the preview.',
    machine: certificateDialogMachine,
    samples: {
      'dialog.open': [
        { label: 'Fire safety', payload: () => ({ courseId: 'course-1', courseName: 'Fire safety basics' }) },
      ],
      'done: fetchCertificate': [
        {
          label: 'exists',
          payload: () => ({
            output: {
              certificateId: 'cert-1',
              certificateNumber: 'CERT-2026-123456',
              issuedDate: '2026-01-15T09:00:00Z',
              expiryDate: '2027-01-15T09:00:00Z',
            },
          }),
        },
        { label: 'none yet', payload: () => ({ output: null }) },
      ],
      'done: generateCertificate': [
        {
          label: 'issued',
          payload: () => ({
            output: {
              certificateId: 'cert-1',
              certificateNumber: 'CERT-2026-123456',
              issuedDate: '2026-01-15T09:00:00Z',
              expiryDate: '2027-01-15T09:00:00Z',
            },
          }),
        },
      ],
      'done: loadPreview': [{ label: 'object URL', payload: () => ({ output: 'blob:preview' }) }],
      'error: generateCertificate': [
        {
          label: 'not completed',
          payload: () => ({ error: new Error('Certificate can only be generated for a completed course.') }),
        },
      ],
    },
  },
  {
    key: 'certification',
    title: 'Certification against a requirement',
    description:
      "One person against one training requirement, on a simulated calendar. A newly covered person is pending and has the requirement's due period (30 days unless it sets another) to train and be certified; without a certificate by then they are overdue. A certificate makes them compliant; 30 days before it expires they are due soon and may start recertifying, and once it expires without a new one they are overdue. A retraining event (incident, near miss, new equipment, ...) makes a certified person pending again until a certificate issued after the event, within the due period. An exemption in force overrides everything; when it ends or lapses the person is wherever the facts then place them. The status shown is always the one the compliance rule gives for the same facts and date.",
    machine: certificationMachine,
    inputs: [
      { label: 'newly covered', value: (now) => ({ coveredSince: isoIn(now, 0), now: isoIn(now, 0) }) },
      {
        label: 'certified 10 months ago',
        value: (now) => ({
          coveredSince: isoDaysIn(now, -400),
          now: isoIn(now, 0),
          certificate: { number: 'CERT-2025-000417', issuedAt: isoDaysIn(now, -300), expiresAt: isoDaysIn(now, 65) },
        }),
      },
      {
        label: 'covered 60 days ago, untrained',
        value: (now) => ({ coveredSince: isoDaysIn(now, -60), now: isoIn(now, 0) }),
      },
    ],
    samples: {
      'time.pass': [
        { label: '1 day', payload: () => ({ days: 1 }) },
        { label: '30 days', payload: () => ({ days: 30 }) },
        { label: '1 year', payload: () => ({ days: 365 }) },
      ],
      'certificate.issue': [
        {
          label: 'valid 1 year',
          payload: ({ context }) => ({ number: `CERT-${String(context.now).slice(0, 4)}-000001`, validDays: 365 }),
        },
      ],
      'exemption.grant': [
        { label: '10 days', payload: () => ({ days: 10 }) },
        { label: '90 days', payload: () => ({ days: 90 }) },
      ],
    },
  },
  {
    key: 'reset-password',
    title: 'Password reset from the emailed link',
    description:
      'A learner who forgot the password opens the emailed link. The link\'s token is checked with the server first: a link without a token, or one the server does not accept (already used, unknown, more than an hour old), shows "Invalid or expired password reset link. Please request a new one." and never the form. The new password is sent together with the token; on success a message shows and the page goes to the login 3 seconds later. If the server says the link has expired, "Your password reset link has expired. Please request a new one." shows and the page goes to "forgot password" 2 seconds later; any other refusal keeps the form with the server\'s message.',
    machine: resetPasswordMachine,
    inputs: [
      { label: 'link with a token', value: () => ({ token: 'demo-token' }) },
      { label: 'link without a token', value: () => ({ token: '' }) },
    ],
    samples: {
      'done: validateToken': [
        { label: 'accepted', payload: () => ({ output: true }) },
        { label: 'not accepted', payload: () => ({ output: false }) },
      ],
      'password.submit': [{ label: 'new password', payload: () => ({ password: 'Lockout#Tagout9' }) }],
      'done: resetPassword': [{ label: 'reset', payload: () => ({ output: 'Password has been reset successfully' }) }],
      'error: resetPassword': [
        { label: 'link expired', payload: () => ({ error: expiredLinkError() }) },
        {
          label: 'password refused',
          payload: () => ({ error: new Error('Password cannot contain common safety terms') }),
        },
      ],
    },
  },
  {
    key: 'bulk-import',
    title: 'Bulk user import (admin)',
    description:
      'An administrator importing users from a CSV file. The file is checked and previewed first; a file with errors or invalid rows cannot be imported until a clean file is chosen. The rows are then sent in chunks, each one saved whole or not at all by the server, with progress shown; if a chunk fails the import stops, the rows already imported are listed, and a retry continues from the chunk that failed, so nobody is imported twice.',
    machine: bulkImportMachine,
    samples: {
      'file.parsed': [
        {
          label: 'clean file, 2 rows',
          payload: () => ({
            fileName: 'users.csv',
            parsed: { rows: demoImportRows, invalidCount: 0, fileError: null },
          }),
        },
        {
          label: '1 invalid row',
          payload: () => ({
            fileName: 'users.csv',
            parsed: { rows: demoImportRows, invalidCount: 1, fileError: null },
          }),
        },
      ],
      'done: importChunk': [
        {
          label: 'chunk imported',
          payload: () => ({ output: demoImportRows.map((r) => ({ ...r, status: 'created' })) }),
        },
      ],
    },
  },
  {
    key: 'scorm-player',
    title: 'SCORM package player',
    description:
      'A learner playing a SCORM 1.2 or 2004 package. The player gets the launch data from the server (the learner\u2019s saved data for this training cycle, so a package left mid-way resumes where it was), then the package runs in a sandboxed frame and talks to the SCORM runtime in the player page. Every change is kept; every commit is sent to the server, and a commit asked for while one is in flight is sent right after it; a failed commit is reported and its data goes again with the next one. When the package finishes, its final data is saved and the session ends; a failed final save can be retried. Hiding the page sends the unsaved data with a beacon and keeps playing; leaving the page (closing the tab, another page) sends it and ends the session. The component completes, and counts toward the course and the certificate, only when the server judges the package\u2019s status and score complete.',
    machine: scormPlayerMachine,
    inputs: [
      { label: 'new session', value: () => ({ componentId: 'component-scorm', sessionId: 'session-demo-0001' }) },
    ],
    samples: {
      'done: launch': [
        {
          label: 'first launch',
          payload: () => ({ output: demoScormLaunch(false) }),
        },
        {
          label: 'resume after a suspend',
          payload: () => ({ output: demoScormLaunch(true) }),
        },
      ],
      'runtime.change': [
        {
          label: 'answer saved',
          payload: () => ({ cmi: { 'cmi.core.lesson_status': 'incomplete', 'cmi.suspend_data': '{"current":3}' } }),
        },
      ],
      'runtime.commit': [
        {
          label: 'mid-way',
          payload: () => ({ cmi: { 'cmi.core.lesson_status': 'incomplete', 'cmi.suspend_data': '{"current":3}' } }),
        },
      ],
      'runtime.finish': [
        {
          label: 'passed',
          payload: () => ({ cmi: { 'cmi.core.lesson_status': 'passed', 'cmi.core.score.raw': '100' } }),
        },
      ],
      'done: commit': [
        { label: 'in progress', payload: () => ({ output: demoScormCommit(false) }) },
        { label: 'component completed', payload: () => ({ output: demoScormCommit(true) }) },
      ],
    },
  },
];

export function findMachine(key: string): MachineEntry | undefined {
  return MACHINES.find((m) => m.key === key);
}
