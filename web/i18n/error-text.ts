/**
 * The one way a message that did not start in a catalog reaches the screen: a server refusal, a
 * field message (the server's `fields` or the contract's own checks run here); a statechart's text
 * goes through ./machine-text.ts. Each is known by an id, never by its English words: a refusal by
 * its `code` and `reason` (worker/contract/errors.ts), a contract text by the declaration that writes it.
 * The tables below are the one map from those ids to catalog ids. English shows the text as
 * written (the specs' wording); other languages show the catalog's text, else `fallback` (already
 * translated by the caller), else the text as written.
 */
import * as v from 'valibot';
// Relative, not @contract: the unit tests import this module in Node without the app's aliases.
import { reasonOf, type RefusalParams, type RefusalReason } from '../../worker/contract/errors';
import { ApiClientError, type ApiErrorCode } from '../api/client';
import type { MessageId, MessageValues } from './index';
import { catalogText, currentLocale } from './locale';

const CODE_IDS: Record<ApiErrorCode, MessageId> = {
  BAD_REQUEST: 'error.code.BAD_REQUEST',
  VALIDATION_FAILED: 'error.code.VALIDATION_FAILED',
  MAX_ATTEMPTS_REACHED: 'error.code.MAX_ATTEMPTS_REACHED',
  UNAUTHORIZED: 'error.code.UNAUTHORIZED',
  INVALID_CREDENTIALS: 'error.code.INVALID_CREDENTIALS',
  TOKEN_EXPIRED: 'error.code.TOKEN_EXPIRED',
  RESET_TOKEN_INVALID: 'error.code.RESET_TOKEN_INVALID',
  ACCOUNT_DEACTIVATED: 'error.code.ACCOUNT_DEACTIVATED',
  FORBIDDEN: 'error.code.FORBIDDEN',
  PASSWORD_CHANGE_REQUIRED: 'error.code.PASSWORD_CHANGE_REQUIRED',
  COURSE_NOT_AVAILABLE: 'error.code.COURSE_NOT_AVAILABLE',
  NOT_FOUND: 'error.code.NOT_FOUND',
  CONFLICT: 'error.code.CONFLICT',
  COMPONENT_LOCKED: 'error.code.COMPONENT_LOCKED',
  ALREADY_SUBMITTED: 'error.code.ALREADY_SUBMITTED',
  ATTEMPT_EXPIRED: 'error.code.ATTEMPT_EXPIRED',
  COURSE_LOCKED: 'error.code.COURSE_LOCKED',
  IN_USE: 'error.code.IN_USE',
  COURSE_NOT_COMPLETED: 'error.code.COURSE_NOT_COMPLETED',
  NOT_ENOUGH_VIEWING: 'error.code.NOT_ENOUGH_VIEWING',
  RECERTIFICATION_NOT_DUE: 'error.code.RECERTIFICATION_NOT_DUE',
  CAPTION_EXISTS: 'error.code.CAPTION_EXISTS',
  NOT_A_VIDEO: 'error.code.NOT_A_VIDEO',
  FAMILY_LANGUAGE_TAKEN: 'error.code.FAMILY_LANGUAGE_TAKEN',
  PAYLOAD_TOO_LARGE: 'error.code.PAYLOAD_TOO_LARGE',
  INVALID_PACKAGE: 'error.code.INVALID_PACKAGE',
  UNPRINTABLE_TEXT: 'error.code.UNPRINTABLE_TEXT',
  UNSUPPORTED_MEDIA_TYPE: 'error.code.UNSUPPORTED_MEDIA_TYPE',
  RATE_LIMITED: 'error.code.RATE_LIMITED',
  INTERNAL: 'error.code.INTERNAL',
  SERVICE_UNAVAILABLE: 'error.code.SERVICE_UNAVAILABLE',
  NETWORK_ERROR: 'error.code.NETWORK_ERROR',
  HTTP_ERROR: 'error.code.HTTP_ERROR',
};

/** Every refusal reason's catalog id (the general code's text where no own translation exists yet). */
const REASON_IDS: Record<RefusalReason, MessageId> = {
  'user.usernameRequired': 'error.user.usernameRequired',
  'user.usernameSpaces': 'error.user.usernameSpaces',
  'user.usernameLength': 'error.user.usernameLength',
  'user.usernameEmailLike': 'error.user.usernameEmailLike',
  'user.currentPasswordForEmail': 'error.user.currentPasswordForEmail',
  'user.firstNameLength': 'error.user.firstNameLength',
  'user.lastNameLength': 'error.user.lastNameLength',
  'user.role': 'error.user.role',
  'user.usernameTaken': 'error.user.usernameTaken',
  'user.emailTaken': 'error.user.emailTaken',
  'user.duplicateUsernameInFile': 'error.user.duplicateUsernameInFile',
  'user.duplicateEmailInFile': 'error.user.duplicateEmailInFile',
  'user.notFound': 'error.user.notFound',
  'user.deleteSelf': 'error.user.deleteSelf',
  'user.deleteLastAdmin': 'error.user.deleteLastAdmin',
  'user.deleteCertified': 'error.user.deleteCertified',
  'user.demoteLastAdmin': 'error.user.demoteLastAdmin',
  'user.bookRequired': 'error.user.bookRequired',
  'user.usersRequired': 'error.user.usersRequired',
  'book.notFound': 'error.book.notFound',
  'user.adminHasAllBooks': 'error.user.adminHasAllBooks',
  'user.adminOnlyByAdmin': 'error.user.adminOnlyByAdmin',
  'user.tooManyRows': 'error.user.tooManyRows',
  'user.accountDeactivated': 'error.user.accountDeactivated',
  'common.reasonRequired': 'error.common.reasonRequired',
  'user.reasonLength': 'error.user.reasonLength',
  'user.deactivateSelf': 'error.user.deactivateSelf',
  'user.deactivateLastManager': 'error.user.deactivateLastManager',
  'user.removeOwnUserManagement': 'error.user.removeOwnUserManagement',
  'user.removeLastManager': 'error.user.removeLastManager',
  'user.permissionsNeedUserManagement': 'error.user.permissionsNeedUserManagement',
  'user.tooManyUsers': 'error.user.tooManyUsers',
  'user.noRows': 'error.user.noRows',
  'user.notImported': 'admin.import.notImported',
  'user.csvMissingColumns': 'error.user.csvMissingColumns',
  'user.csvMissingUsernameColumn': 'error.user.csvMissingUsernameColumn',
  'password.length': 'error.password.length',
  'password.classes': 'error.password.classes',
  'password.banned': 'error.password.banned',
  'password.confirmRequired': 'error.password.confirmRequired',
  'password.mismatch': 'error.password.mismatch',
  'password.resetLinkInvalid': 'error.password.resetLinkInvalid',
  'password.resetLinkExpired': 'error.password.resetLinkExpired',
  'book.nameRequired': 'error.book.nameRequired',
  'book.nameLength': 'error.book.nameLength',
  'requirement.notFound': 'error.requirement.notFound',
  'requirement.courseRequired': 'error.requirement.courseRequired',
  'course.notFound': 'error.course.notFound',
  'requirement.bookRequired': 'error.requirement.bookRequired',
  'requirement.courseNotInBook': 'error.requirement.courseNotInBook',
  'requirement.evidenceRequired': 'error.requirement.evidenceRequired',
  'requirement.oneCourse': 'error.requirement.oneCourse',
  'requirement.templateNotFound': 'error.requirement.templateNotFound',
  'requirement.credentialTypeNotFound': 'error.requirement.credentialTypeNotFound',
  'requirement.retired': 'error.requirement.retired',
  'requirement.alreadyRetired': 'error.requirement.alreadyRetired',
  'requirement.duplicate': 'error.requirement.duplicate',
  'requirement.userRequired': 'error.requirement.userRequired',
  'requirement.notCovered': 'error.requirement.notCovered',
  'requirement.untilFuture': 'error.requirement.untilFuture',
  'record.noteRequired': 'error.record.noteRequired',
  'record.kindInvalid': 'error.record.kindInvalid',
  'record.occurredFuture': 'error.record.occurredFuture',
  'requirement.dueWithinDays': 'error.requirement.dueWithinDays',
  'requirement.dueSoonDays': 'error.requirement.dueSoonDays',
  'requirement.activeFromDate': 'error.requirement.activeFromDate',
  'requirement.endDate': 'error.requirement.endDate',
  'record.date': 'error.record.date',
  'user.departmentLength': 'error.user.departmentLength',
  'user.jobTitleLength': 'error.user.jobTitleLength',
  'requirement.reasonLength': 'error.requirement.reasonLength',
  'record.noteLength': 'error.record.noteLength',
  'reminder.nobody': 'error.reminder.nobody',
  'reminder.tooMany': 'error.reminder.tooMany',
  'outbox.notFound': 'error.outbox.notFound',
  'outbox.notFailed': 'error.outbox.notFailed',
  'credentialType.name': 'error.credentialType.name',
  'credentialType.nameLength': 'error.credentialType.nameLength',
  'credentialType.descriptionLength': 'error.credentialType.descriptionLength',
  'credentialType.nameTaken': 'error.credentialType.nameTaken',
  'credentialType.notFound': 'error.credentialType.notFound',
  'credentialType.alreadyRetired': 'error.credentialType.alreadyRetired',
  'credential.typeRequired': 'error.credential.typeRequired',
  'credential.typeUnknown': 'error.credential.typeUnknown',
  'credential.issuerRequired': 'error.credential.issuerRequired',
  'credential.issuerLength': 'error.credential.issuerLength',
  'credential.numberRequired': 'error.credential.numberRequired',
  'credential.numberLength': 'error.credential.numberLength',
  'credential.issuedRequired': 'error.credential.issuedRequired',
  'credential.expiresRequired': 'error.credential.expiresRequired',
  'credential.issuedFuture': 'error.credential.issuedFuture',
  'credential.expiresOrder': 'error.credential.expiresOrder',
  'credential.expiresPast': 'error.credential.expiresPast',
  'credential.scanRequired': 'error.credential.scanRequired',
  'credential.scanTooLarge': 'error.credential.scanTooLarge',
  'credential.scanType': 'error.credential.scanType',
  'credential.notFound': 'error.credential.notFound',
  'credential.resubmitNotRejected': 'error.credential.resubmitNotRejected',
  'credential.resubmitType': 'error.credential.resubmitType',
  'credential.noScan': 'error.credential.noScan',
  'credential.linkExpired': 'error.credential.linkExpired',
  'credential.notPending': 'error.credential.notPending',
  'credential.ownReview': 'error.credential.ownReview',
  'credential.reasonRequired': 'error.credential.reasonRequired',
  'credential.statusFilter': 'error.credential.statusFilter',
  'template.nameRequired': 'error.template.nameRequired',
  'template.nameLength': 'error.template.nameLength',
  'template.descriptionLength': 'error.template.descriptionLength',
  'template.grantsRequired': 'error.template.grantsRequired',
  'template.grantsLength': 'error.template.grantsLength',
  'template.validity': 'error.template.validity',
  'template.qualificationKind': 'error.template.qualificationKind',
  'template.qualificationNotFound': 'error.template.qualificationNotFound',
  'template.itemsCount': 'error.template.itemsCount',
  'template.itemText': 'error.template.itemText',
  'template.itemTextLength': 'error.template.itemTextLength',
  'template.alreadyPublished': 'error.template.alreadyPublished',
  'template.notLatest': 'error.template.notLatest',
  'evaluation.templateNotFound': 'error.evaluation.templateNotFound',
  'evaluation.templateNotPublished': 'error.evaluation.templateNotPublished',
  'evaluation.traineeNotFound': 'error.evaluation.traineeNotFound',
  'evaluation.self': 'error.evaluation.self',
  'evaluation.notQualified': 'error.evaluation.notQualified',
  'evaluation.adminOnly': 'error.evaluation.adminOnly',
  'evaluation.unknownItem': 'error.evaluation.unknownItem',
  'evaluation.duplicateItem': 'error.evaluation.duplicateItem',
  'evaluation.itemsMissing': 'error.evaluation.itemsMissing',
  'evaluation.itemResult': 'error.evaluation.itemResult',
  'evaluation.outcome': 'error.evaluation.outcome',
  'evaluation.competentWithNotYet': 'error.evaluation.competentWithNotYet',
  'evaluation.criticalNotApplicable': 'error.evaluation.criticalNotApplicable',
  'evaluation.conductedAt': 'error.evaluation.conductedAt',
  'evaluation.conductedFuture': 'error.evaluation.conductedFuture',
  'evaluation.conductedTooOld': 'error.evaluation.conductedTooOld',
  'evaluation.photoCount': 'error.evaluation.photoCount',
  'evaluation.noteLength': 'error.evaluation.noteLength',
  'evaluation.idInvalid': 'error.evaluation.idInvalid',
  'evaluation.idReused': 'error.evaluation.idReused',
  'evaluation.passwordRequired': 'error.evaluation.passwordRequired',
  'evaluation.passwordWrong': 'error.evaluation.passwordWrong',
  'evaluation.notFound': 'error.evaluation.notFound',
  'evaluation.refresherNotFound': 'error.evaluation.refresherNotFound',
  'evaluation.refresherCompetent': 'error.evaluation.refresherCompetent',
  'evaluation.queryLength': 'error.evaluation.queryLength',
  'evaluation.listAs': 'error.evaluation.listAs',
  'evaluation.photoTooLarge': 'error.evaluation.photoTooLarge',
  'evaluation.photoType': 'error.evaluation.photoType',
  'evaluation.photoTooMany': 'error.evaluation.photoTooMany',
  'evaluation.photoNotEvaluator': 'error.evaluation.photoNotEvaluator',
  'evaluation.ackMethod': 'error.evaluation.ackMethod',
  'evaluation.ackCredentials': 'error.evaluation.ackCredentials',
  'evaluation.ackWrongPerson': 'error.evaluation.ackWrongPerson',
  'evaluation.ackPasswordWrong': 'error.evaluation.ackPasswordWrong',
  'evaluation.signatureName': 'error.evaluation.signatureName',
  'evaluation.signatureInvalid': 'error.evaluation.signatureInvalid',
  'evaluation.signatureTooLarge': 'error.evaluation.signatureTooLarge',
  'evaluation.alreadyAcknowledged': 'error.evaluation.alreadyAcknowledged',
  'authorisation.notFound': 'error.authorisation.notFound',
  'authorisation.alreadyRevoked': 'error.authorisation.alreadyRevoked',
  'upload.tooLarge': 'error.code.PAYLOAD_TOO_LARGE',
  'content.title': 'admin.editor.v.title',
  'content.book': 'admin.editor.v.book',
  'content.timeLimit': 'admin.editor.v.timeLimit',
  'content.passingScore': 'admin.editor.v.passingScore',
  'content.assessmentTitle': 'admin.editor.v.assessmentTitle',
  'content.questionsRequired': 'admin.editor.v.questionsRequired',
  'content.questionText': 'admin.editor.v.questionText',
  'content.options': 'admin.editor.v.options',
  'content.optionsDistinct': 'admin.editor.v.optionsDistinct',
  'content.correctAnswer': 'admin.editor.v.correctAnswer',
  'content.trueFalse': 'admin.editor.v.trueFalse',
  'content.points': 'admin.editor.v.points',
  'content.maxAttempts': 'admin.editor.v.maxAttempts',
  'content.certificateValidity': 'admin.editor.v.certificateValidity',
  'content.material': 'admin.component.v.material',
  'content.classroomTitle': 'admin.component.v.classroomTitle',
  'content.uploadMissing': 'admin.upload.v.missing',
  'content.materialTitle': 'admin.materials.v.title',
  'content.invalidFileType': 'admin.upload.v.fileType',
  'content.bookGone': 'admin.editor.v.bookGone',
  'content.materialGone': 'admin.component.v.materialGone',
  'content.questionType': 'admin.editor.v.questionType',
  'content.tooLong': 'admin.editor.v.maxLength',
  'course.publishedEdit': 'admin.courses.e.publishedEdit',
  'course.publishedDelete': 'admin.courses.e.publishedDelete',
  'course.noComponents': 'admin.courses.e.noComponents',
  'course.noMaterial': 'admin.courses.e.noMaterial',
  'course.incompleteAssessment': 'admin.courses.e.incomplete',
  'course.requirementsRefer': 'admin.courses.e.requirements',
  'course.hasRecords': 'admin.courses.e.records',
  'component.everPublished': 'admin.component.e.everPublished',
  'component.typeChange': 'admin.component.e.typeChange',
  'material.inUse': 'admin.materials.e.inUse',
  'language.invalid': 'admin.languages.v.invalid',
  'language.familyCourseNotFound': 'admin.languages.v.notFound',
  'language.sameCourse': 'admin.languages.v.sameCourse',
  'language.otherBook': 'admin.languages.v.otherBook',
  'language.taken': 'admin.languages.v.taken',
  'caption.fileMissing': 'admin.captions.v.fileMissing',
  'caption.wrongExtension': 'admin.captions.v.wrongExtension',
  'caption.notUtf8': 'admin.captions.v.notUtf8',
  'caption.tooMany': 'admin.captions.v.tooMany',
  'caption.notVtt': 'admin.captions.v.notVtt',
  'caption.tooLarge': 'admin.captions.v.tooLarge',
  'caption.languageRequired': 'admin.captions.v.languageRequired',
  'caption.languageInvalid': 'admin.captions.v.languageInvalid',
  'caption.labelTooLong': 'admin.captions.v.labelTooLong',
  'caption.notVideo': 'admin.captions.v.notVideo',
  'caption.exists': 'admin.captions.v.exists',
  'scorm.tooManyFiles': 'admin.upload.scorm.tooManyFiles',
  'scorm.tooLargeExpanded': 'admin.upload.scorm.tooLargeExpanded',
  'scorm.tooLargeZip': 'admin.upload.scorm.tooLargeZip',
  'scorm.notZip': 'admin.upload.scorm.notZip',
  'scorm.broken': 'admin.upload.scorm.broken',
  'scorm.sizeMismatch': 'admin.upload.scorm.sizeMismatch',
  'scorm.badCrc': 'admin.upload.scorm.badCrc',
  'scorm.overlap': 'admin.upload.scorm.overlap',
  'scorm.duplicateName': 'admin.upload.scorm.duplicateName',
  'scorm.noManifest': 'admin.upload.scorm.noManifest',
  'scorm.badManifest': 'admin.upload.scorm.badManifest',
  'scorm.version': 'admin.upload.scorm.version',
  'scorm.noLaunch': 'admin.upload.scorm.noLaunch',
  'scorm.launchMissing': 'admin.upload.scorm.launchMissing',
  'scorm.traversal': 'admin.upload.scorm.traversal',
  'scorm.absolute': 'admin.upload.scorm.absolute',
  'scorm.tooSoon': 'scorm.e.tooSoon',
  'scorm.staleCycle': 'scorm.e.staleCycle',
  'scorm.unknownSession': 'scorm.e.unknownSession',
  'scorm.badDuration': 'scorm.e.badDuration',
  'scorm.scoreRange': 'scorm.e.scoreRange',
  'scorm.scoreInteractions': 'scorm.e.scoreInteractions',
  'scorm.minimumRange': 'admin.component.scormMinimumRange',
  'intervention.score': 'admin.assessments.v.score',
  'intervention.notAllowed': 'admin.assessments.e.notAllowed',
  'intervention.notFound': 'admin.assessments.e.notFound',
  'announcement.authorName': 'admin.announcements.v.authorName',
  'announcement.content': 'admin.announcements.v.content',
  'announcement.priority': 'admin.announcements.v.priority',
  'announcement.expiresAt': 'admin.announcements.v.expiresAt',
  'think.response': 'admin.think.v.response',
  'progress.enrollFirst': 'error.progress.enrollFirst',
  'progress.classroomByTrainer': 'error.progress.classroomByTrainer',
  'pdf.unprintableText': 'error.pdf.unprintableText',
  'book.nameTaken': 'error.book.nameTaken',
  'user.currentPasswordWrong': 'error.user.currentPasswordWrong',
};

/** The reason's catalog text with its values, or null while that text's catalog is not loaded. */
function reasonText(reason: RefusalReason, params: RefusalParams | undefined): string | null {
  const values: MessageValues = {};
  // A value that is itself a contract text (the first problem of an incomplete assessment) is translated too.
  for (const [name, value] of Object.entries(params ?? {}))
    values[name] = typeof value === 'string' ? declaredText(value) : value;
  return catalogText(REASON_IDS[reason], values);
}

/** A text the contract declares (a field message, a refusal's words) in the reader's language; any other as written. */
export function declaredText(english: string): string {
  if (currentLocale() === 'en' || !english) return english;
  const known = reasonOf(english);
  return (known && reasonText(known.reason, known.params)) || english;
}

/** What to show for a failed call: the refusal by its reason, else by its code, else `fallback`. */
export function errorText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiClientError)) return fallback;
  if (currentLocale() === 'en') return error.hasServerMessage ? error.message : fallback;
  const known = error.reason
    ? { reason: error.reason, params: error.params }
    : error.hasServerMessage
      ? reasonOf(error.message)
      : null;
  const specific = known ? reasonText(known.reason, known.params) : null;
  if (specific) return specific;
  // No text of its own (or its area's catalog is not loaded): the code's general text, then the screen's.
  const general = CODE_IDS[error.code];
  return (general && catalogText(general)) || fallback;
}

/** Field messages (a 400's `fields`, or a screen's own checks), each in the reader's language. */
export function fieldErrors<K extends string>(
  fields: Readonly<Partial<Record<K, string | undefined>>>,
): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const key of Object.keys(fields) as K[]) {
    const message = fields[key];
    if (message) out[key] = declaredText(message);
  }
  return out;
}

/** The first message per field of a failed contract check, translated. */
export function issueErrors<K extends string>(issues: readonly v.BaseIssue<unknown>[]): Partial<Record<K, string>> {
  const out: Record<string, string> = {};
  for (const issue of issues) out[v.getDotPath(issue) ?? '_'] ??= declaredText(issue.message);
  return out as Partial<Record<K, string>>;
}
