/**
 * The statecharts' own texts (they keep English in their context and events) by the constant that
 * writes them, for the learner screens that show them. Apart from web/i18n/error-text.ts so that
 * the machines load with those screens, not with the start-up chunk.
 */
import { ASSESSMENT_MESSAGES, TIME_ANNOUNCEMENTS } from '../../statecharts/assessment.machine';
import { ENROLLMENT_MESSAGES } from '../../statecharts/enrollment.machine';
import { MATERIAL_MESSAGES } from '../../statecharts/material-progress.machine';
import { RESET_PASSWORD_MESSAGES } from '../../statecharts/reset-password.machine';
import { SCORM_PLAYER_MESSAGES } from '../../statecharts/scorm-player.machine';
import { declaredText } from './error-text';
import type { MessageId } from './index';
import { catalogText, currentLocale } from './locale';

const MACHINE_TEXTS: readonly (readonly [string, MessageId])[] = [
  [ASSESSMENT_MESSAGES.loadFailed, 'assessment.loadFailed'],
  [ASSESSMENT_MESSAGES.submitFailed, 'assessment.submitFailed'],
  [ASSESSMENT_MESSAGES.reviewFailed, 'assessment.reviewFailed'],
  [ASSESSMENT_MESSAGES.duplicateWait, 'assessment.duplicateWait'],
  [ASSESSMENT_MESSAGES.noOptions, 'assessment.noOptions'],
  [TIME_ANNOUNCEMENTS.fiveMinutes.message, 'assessment.timer.fiveMinutes'],
  [TIME_ANNOUNCEMENTS.oneMinute.message, 'assessment.timer.oneMinute'],
  [TIME_ANNOUNCEMENTS.timeUp.message, 'assessment.timer.timeUp'],
  [ENROLLMENT_MESSAGES.failed, 'enrollment.failed'],
  [MATERIAL_MESSAGES.completeFailed, 'material.completeFailed'],
  [RESET_PASSWORD_MESSAGES.badRequest, 'resetPassword.badRequest'],
  [RESET_PASSWORD_MESSAGES.failed, 'resetPassword.failed'],
  [RESET_PASSWORD_MESSAGES.success, 'resetPassword.success'],
  [SCORM_PLAYER_MESSAGES.launchFailed, 'scorm.player.launchFailed'],
  [SCORM_PLAYER_MESSAGES.commitFailed, 'scorm.player.commitFailed'],
  [SCORM_PLAYER_MESSAGES.finishFailed, 'scorm.player.finishFailed'],
];
const machineIds = new Map<string, MessageId>(MACHINE_TEXTS);

/** A statechart's text, or any contract text, in the reader's language; anything else as written. */
export function machineText(english: string): string {
  if (currentLocale() === 'en' || !english) return english;
  const id = machineIds.get(english);
  return (id && catalogText(id)) || declaredText(english);
}
