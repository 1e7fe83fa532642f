import type { MessageId } from './index';

/**
 * Each /statecharts machine's catalog ids (title, account), by registry key: apart from
 * statechart-text.ts so that a test reads them without the i18n runtime.
 */
export const MACHINE_TEXT: Readonly<Record<string, readonly [title: MessageId, description: MessageId]>> = {
  session: ['statecharts.machine.session.title', 'statecharts.machine.session.description'],
  assessment: ['statecharts.machine.assessment.title', 'statecharts.machine.assessment.description'],
  'incomplete-attempts': [
    'statecharts.machine.incompleteAttempts.title',
    'statecharts.machine.incompleteAttempts.description',
  ],
  enrollment: ['statecharts.machine.enrollment.title', 'statecharts.machine.enrollment.description'],
  'course-progress': ['statecharts.machine.courseProgress.title', 'statecharts.machine.courseProgress.description'],
  recertification: ['statecharts.machine.recertification.title', 'statecharts.machine.recertification.description'],
  'material-progress': [
    'statecharts.machine.materialProgress.title',
    'statecharts.machine.materialProgress.description',
  ],
  'certificate-dialog': [
    'statecharts.machine.certificateDialog.title',
    'statecharts.machine.certificateDialog.description',
  ],
  certification: ['statecharts.machine.certification.title', 'statecharts.machine.certification.description'],
  evaluation: ['statecharts.machine.evaluation.title', 'statecharts.machine.evaluation.description'],
  'classroom-session': [
    'statecharts.machine.classroomSession.title',
    'statecharts.machine.classroomSession.description',
  ],
  'check-in-code': ['statecharts.machine.checkInCode.title', 'statecharts.machine.checkInCode.description'],
  'reset-password': ['statecharts.machine.resetPassword.title', 'statecharts.machine.resetPassword.description'],
  'bulk-import': ['statecharts.machine.bulkImport.title', 'statecharts.machine.bulkImport.description'],
  'scorm-player': ['statecharts.machine.scormPlayer.title', 'statecharts.machine.scormPlayer.description'],
};
