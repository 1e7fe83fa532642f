import { certificateDialogMachine } from '../../certificate-dialog.machine';
import { courseProgressMachine } from '../../course-progress.machine';
import { enrollmentMachine } from '../../enrollment.machine';
import { recertificationMachine } from '../../recertification.machine';
import type { MachineEntry } from './shared';

// Courses: enrollment, progress on the course page, recertification and the certificate dialog.

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
      id: 'component-classroom',
      type: 'CLASSROOM',
      order: 3,
      orderIndex: 3,
      required: true,
      data: { title: 'Extinguisher practice', description: null, nextSession: null },
    },
    {
      id: 'component-post',
      type: 'POST_ASSESSMENT',
      order: 4,
      orderIndex: 4,
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

export const enrollmentEntry: MachineEntry = {
  key: 'enrollment',
  title: 'Course enrollment',
  description:
    'Enrolling in a course. The learner asks to enroll; once the server confirms, the page waits one second, shows "Successfully enrolled in this course! Your progress will now be tracked." for about three seconds, then reloads the course so progress tracking starts. A failed enrollment returns to the not-enrolled state with the server\'s message.',
  machine: enrollmentMachine,
  inputs: [
    { label: 'not enrolled', value: () => ({ courseId: 'course-1', enrolled: false }) },
    { label: 'already enrolled', value: () => ({ courseId: 'course-1', enrolled: true }) },
  ],
};

export const courseProgressEntry: MachineEntry = {
  key: 'course-progress',
  title: 'Course progress',
  description:
    'A course and the learner\'s progress in it, as shown on the course page. The course and the progress record load together; no progress record means the learner is not enrolled, and then every component says "Enroll to access". Components unlock strictly in order (a component opens only when the one before it is completed; the first is always open) and "Continue" goes to the component in progress, else the first unfinished one whose predecessor is done. A classroom session step is completed only by the trainer\'s signed-off attendance: while the learner has reached it, it awaits the trainer (no button, no Continue), and the steps after it stay locked. When the course becomes COMPLETED during the session the certificate dialog opens, once; a reload that fails keeps the page as it was.',
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
};

export const recertificationEntry: MachineEntry = {
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
};

/** The certificate the dialog's samples find or issue (one learner, one course). */
const SAMPLE_CERTIFICATE = {
  certificateId: 'cert-1',
  certificateNumber: 'CERT-2026-123456',
  issuedDate: '2026-01-15T09:00:00Z',
  expiryDate: '2027-01-15T09:00:00Z',
};

export const certificateDialogEntry: MachineEntry = {
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
        payload: () => ({ output: SAMPLE_CERTIFICATE }),
      },
      { label: 'none yet', payload: () => ({ output: null }) },
    ],
    'done: generateCertificate': [
      {
        label: 'issued',
        payload: () => ({ output: SAMPLE_CERTIFICATE }),
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
};
