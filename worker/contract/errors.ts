/**
 * The closed list of machine-readable error codes and the HTTP status each one answers with.
 * The Worker throws them (`new ApiError(code, message)`); the client switches on `code`, never on
 * the HTTP status, and shows `message`.
 */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  MAX_ATTEMPTS_REACHED: 400,
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  TOKEN_EXPIRED: 401,
  RESET_TOKEN_INVALID: 401,
  ACCOUNT_DEACTIVATED: 401,
  FORBIDDEN: 403,
  PASSWORD_CHANGE_REQUIRED: 403,
  COURSE_NOT_AVAILABLE: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  COMPONENT_LOCKED: 409,
  ALREADY_SUBMITTED: 409,
  ATTEMPT_EXPIRED: 409,
  COURSE_LOCKED: 409,
  IN_USE: 409,
  COURSE_NOT_COMPLETED: 409,
  NOT_ENOUGH_VIEWING: 409,
  RECERTIFICATION_NOT_DUE: 409,
  /** A caption track in that language already exists for the video. */
  CAPTION_EXISTS: 409,
  /** Captions are only for VIDEO materials. */
  NOT_A_VIDEO: 409,
  /** The course family already has a version in the asked language. */
  FAMILY_LANGUAGE_TAKEN: 409,
  PAYLOAD_TOO_LARGE: 413,
  /** A SCORM package that cannot be played (no manifest, unsafe paths, ...): the message names the problem. */
  INVALID_PACKAGE: 422,
  /** A PDF (certificate, training record) with a name or title in characters no bundled font can print. */
  UNPRINTABLE_TEXT: 422,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

/** Every code a Worker error body can carry. */
export type ErrorCode = keyof typeof ERROR_STATUS;

/** Codes the client makes up itself when no error body arrived. */
export type ClientErrorCode = 'NETWORK_ERROR' | 'HTTP_ERROR';

/** The one error body of every failed API call. */
export interface ErrorBody {
  message: string;
  code: ErrorCode;
  /** The specific refusal (REFUSALS below), when the message is one; `code` stays the general class. */
  reason?: RefusalReason;
  /** The values the reason's message names (counts, titles), when it names any. */
  params?: RefusalParams;
  /** Per-field validation messages (400 VALIDATION_FAILED). */
  fields?: Record<string, string>;
}

/**
 * The closed list of specific refusals: a reason id and the English message the Worker sends for
 * it (the specs' wording, kept exactly). The Worker adds `reason` (and `params` for a message with
 * values) to the error body of any refusal whose message is one of these, so a client translates
 * it by id, never by its English words; a message changed here keeps its translation. Field
 * messages (`fields`) and the client's own checks with the contract's schemas use the same texts.
 * A `{name}` in a message is a value carried in `params`.
 */
export const REFUSALS = {
  // Accounts and people
  'user.usernameRequired': 'Username is required',
  'user.usernameSpaces': 'Username cannot contain spaces',
  'user.usernameLength': 'Username must be at most 50 characters',
  'user.usernameEmailLike': 'A username that is an email address must be the account’s own email',
  'user.currentPasswordForEmail': 'Enter your current password to change your email',
  'user.firstNameLength': 'First name must be less than 50 characters',
  'user.lastNameLength': 'Last name must be less than 50 characters',
  'user.role': 'Role must be ADMIN or USER',
  'user.usernameTaken': 'Username already exists',
  'user.emailTaken': 'Email already exists',
  'user.duplicateUsernameInFile': 'Duplicate username in file',
  'user.duplicateEmailInFile': 'Duplicate email in file',
  'user.notFound': 'User not found',
  'user.deleteSelf': 'You cannot delete your own account',
  'user.deleteLastAdmin': 'You cannot delete the last administrator',
  'user.deleteCertified':
    'Users who hold certificates cannot be deleted: inspectors must still be able to verify them. Remove their books instead.',
  'user.demoteLastAdmin': 'You cannot remove the administrator role from the last administrator',
  'user.bookRequired': 'Please select at least one book',
  'user.usersRequired': 'Please select at least one user',
  'book.notFound': 'Book not found',
  'user.adminHasAllBooks': 'Administrators have global access to all books; books are assigned only to non-admin users',
  'user.adminOnlyByAdmin': 'Only an administrator can create an administrator',
  'user.tooManyRows': 'Import at most 200 rows per request',
  'user.accountDeactivated': 'This account has been deactivated. Contact your administrator.',
  'common.reasonRequired': 'A reason is required',
  'user.reasonLength': 'The reason must be at most 1000 characters',
  'user.deactivateSelf': 'You cannot deactivate your own account',
  'user.deactivateLastManager': 'You cannot deactivate the last administrator who can manage users',
  'user.removeOwnUserManagement': 'You cannot remove your own User Management permission',
  'user.removeLastManager': 'You cannot remove User Management from the last administrator who has it',
  'user.permissionsNeedUserManagement': 'Changing permissions needs the User Management permission',
  'user.tooManyUsers': 'Deactivate at most 1000 users per request',
  'user.noRows': 'The file contains no users',
  /** A bulk-import row refused without a reason of its own. */
  'user.notImported': 'Not imported',
  'user.csvMissingColumns': 'The CSV file must have a header row with username and email columns',
  'user.csvMissingUsernameColumn': 'The CSV file must have a header row with a username column',
  'user.currentPasswordWrong': 'Current password is incorrect',
  // Passwords and sign-in
  'password.length': 'Password must be at least 8 characters',
  'password.classes': 'Password must include uppercase, lowercase, number, and special character',
  'password.banned': 'Password cannot contain common safety terms',
  'password.confirmRequired': 'Please confirm your password',
  'password.mismatch': 'Passwords do not match',
  'password.resetLinkInvalid': 'Invalid or expired password reset link. Please request a new one.',
  'password.resetLinkExpired': 'Your password reset link has expired. Please request a new one.',
  'auth.crossSite': 'This request did not come from this site and was refused. Reload the page and try again.',
  // Books
  'book.nameRequired': 'Domain name is required',
  'book.nameLength': 'Book name must be at most 120 characters',
  'book.nameTaken': 'A book named "{name}" already exists',
  // Required training
  'requirement.notFound': 'Requirement not found',
  'requirement.courseRequired': 'Course is required',
  'course.notFound': 'Course not found',
  'requirement.bookRequired': 'Book is required',
  'requirement.courseNotInBook': 'The course must belong to the chosen book',
  'requirement.evidenceRequired': 'Choose what satisfies the requirement: a course, an evaluation or a credential type',
  'requirement.oneCourse': 'A requirement can name one course only',
  'requirement.templateNotFound': 'Evaluation template not found or not published',
  'requirement.credentialTypeNotFound': 'Credential type not found or retired',
  'requirement.talkEveryDays': 'A talk must be repeated every 1 to 366 days',
  'requirement.retired': 'This requirement has been retired',
  'requirement.alreadyRetired': 'This requirement has already been retired',
  'requirement.duplicate': 'An active requirement with the same course and audience already exists',
  'requirement.userRequired': 'User is required',
  'requirement.notCovered': 'This person is not covered by the requirement',
  'requirement.untilFuture': 'The end date must be in the future',
  'record.noteRequired': 'A note is required',
  'record.kindInvalid':
    'Choose what happened: incident, near miss, unsafe practice, new equipment or process, or other',
  'record.occurredFuture': 'The date cannot be in the future',
  // The texts COMPLIANCE_MESSAGES.daysRange and dateFormat write for each of their fields.
  'requirement.dueWithinDays': 'Due within days must be a whole number from 1 to 3650',
  'requirement.dueSoonDays': 'Due soon days must be a whole number from 1 to 3650',
  'requirement.activeFromDate': 'Active from must be a date (YYYY-MM-DD)',
  'requirement.endDate': 'End date must be a date (YYYY-MM-DD)',
  'record.date': 'Date must be a date (YYYY-MM-DD)',
  'user.departmentLength': 'Department must be at most 100 characters',
  'user.jobTitleLength': 'Job title must be at most 100 characters',
  'requirement.reasonLength': 'The reason must be at most 500 characters',
  'record.noteLength': 'The note must be at most 1000 characters',
  'reminder.nobody': 'Choose the people to remind, or a filter',
  'reminder.tooMany': 'At most {max} people can be reminded at once',
  'outbox.notFound': 'Message not found',
  'outbox.notFailed': 'Only a failed message can be sent again',
  // External credentials
  'credentialType.name': 'Name is required',
  'credentialType.nameLength': 'Name must be at most 120 characters',
  'credentialType.descriptionLength': 'Description must be at most 1000 characters',
  'credentialType.nameTaken': 'A credential type with this name already exists',
  'credentialType.notFound': 'Credential type not found',
  'credentialType.alreadyRetired': 'This credential type has already been retired',
  'credential.typeRequired': 'Choose the type of credential',
  'credential.typeUnknown': 'Unknown credential type',
  'credential.issuerRequired': 'Issuer is required for this credential type',
  'credential.issuerLength': 'Issuer must be at most 200 characters',
  'credential.numberRequired': 'Number is required for this credential type',
  'credential.numberLength': 'Number must be at most 100 characters',
  'credential.issuedRequired': 'Issue date is required for this credential type',
  'credential.expiresRequired': 'Expiry date is required for this credential type',
  'credential.issuedFuture': 'The issue date cannot be in the future',
  'credential.expiresOrder': 'The expiry date must be after the issue date',
  'credential.expiresPast': 'This credential has already expired',
  'credential.scanRequired': 'A scan or photo of the credential is required for this credential type',
  'credential.scanTooLarge': 'The scan must be at most 10 MB',
  'credential.scanType': 'The scan must be a JPEG, PNG or WebP photo or a PDF',
  'credential.notFound': 'Credential not found',
  'credential.resubmitNotRejected': 'Only a rejected credential of yours can be resubmitted, once',
  'credential.resubmitType': 'A resubmission must be of the same credential type',
  'credential.notPending': 'This credential has already been reviewed',
  'credential.ownReview': 'You cannot review your own credential',
  'credential.reasonRequired': 'Give the reason for the rejection',
  'credential.statusFilter': 'Status must be PENDING, APPROVED or REJECTED',
  'credential.noScan': 'This credential has no scan',
  'credential.linkExpired': 'This scan link has expired. Please reopen the credential.',
  // Practical evaluations and authorisations
  'template.nameRequired': 'Template name is required',
  'template.nameLength': 'Template name must be at most 200 characters',
  'template.descriptionLength': 'The description must be at most 2000 characters',
  'template.grantsRequired': 'Say what a pass authorises',
  'template.grantsLength': 'What a pass authorises must be at most 200 characters',
  'template.validity': 'Validity must be a whole number of days from 1 to 36500, or no expiry',
  'template.qualificationKind': 'The evaluator qualification must be a course, an evaluation or a credential type',
  'template.qualificationNotFound': 'The evaluator qualification was not found',
  'template.itemsCount': 'A template needs from 1 to 50 items',
  'template.itemText': 'Item text is required',
  'template.itemTextLength': 'An item must be at most 500 characters',
  'template.alreadyPublished': 'This version is already published',
  'template.notLatest': 'Only the latest version of a template can be edited or published',
  'evaluation.templateNotFound': 'Evaluation template not found',
  'evaluation.templateNotPublished': 'This evaluation template is not published',
  'evaluation.traineeNotFound': 'Trainee not found',
  'evaluation.self': 'You cannot evaluate yourself. Another qualified evaluator must conduct this evaluation.',
  'evaluation.notQualified':
    'You do not hold the evaluator qualification this evaluation needs ({qualification}) on {date}, so you cannot sign it.',
  'evaluation.adminOnly': 'Only an administrator can conduct an evaluation with this template',
  'evaluation.unknownItem': 'An item does not belong to this version of the template',
  'evaluation.duplicateItem': 'An item was answered more than once',
  'evaluation.itemsMissing': 'Every item of the template needs a result',
  'evaluation.itemResult': 'An item result must be PASS, NOT_YET or NOT_APPLICABLE',
  'evaluation.outcome': 'The outcome must be COMPETENT or NOT_YET_COMPETENT',
  'evaluation.competentWithNotYet': 'The trainee cannot be found competent while an item is not yet passed',
  'evaluation.criticalNotApplicable': 'A critical item cannot be marked not applicable',
  'evaluation.conductedAt': 'The evaluation time must be an ISO date and time',
  'evaluation.conductedFuture': 'The evaluation time cannot be in the future',
  'evaluation.conductedTooOld': 'An evaluation must be sent within 30 days of being conducted',
  'evaluation.photoCount': 'An evaluation can have from 0 to 10 photos',
  'evaluation.noteLength': 'A note is too long',
  'evaluation.idInvalid': 'The evaluation id must be a UUID made by the device',
  'evaluation.idReused': 'An evaluation with this id was already sent with different content',
  'evaluation.passwordRequired': 'Enter your password to sign the evaluation',
  'evaluation.passwordWrong': 'Your password is incorrect, so the evaluation was not signed',
  'evaluation.envelopeUnreadable':
    'The sealed signature could not be opened (it was changed, or its key has expired), so the evaluation was not signed. Sign it again',
  'evaluation.envelopeMismatch':
    'The sealed signature was made for another evaluation or other content, so it was not accepted',
  'evaluation.notFound': 'Evaluation not found',
  'evaluation.refresherNotFound': 'The refresher course was not found',
  'evaluation.refresherCompetent': 'A refresher course can only be assigned when the trainee is not yet competent',
  'evaluation.queryLength': 'The search must be at most 100 characters',
  'evaluation.listAs': 'List as trainee or evaluator',
  'evaluation.photoTooLarge': 'A photo may be at most 10 MB',
  'evaluation.photoType': 'A photo must be a JPEG, PNG or WebP image',
  'evaluation.photoTooMany': 'This evaluation was signed with {count} photo(s); no more can be added',
  'evaluation.photoNotEvaluator': 'Only the evaluator who signed this evaluation can add its photos',
  'evaluation.ackMethod': 'Acknowledge with a password, a signature or your own account',
  'evaluation.ackCredentials': 'The trainee’s username and password are required',
  'evaluation.ackWrongPerson': 'Only the trainee of this evaluation can acknowledge it',
  'evaluation.ackPasswordWrong': 'The trainee’s username or password is incorrect',
  'evaluation.signatureName': 'Type the trainee’s name beside the signature',
  'evaluation.signatureInvalid': 'The signature must be a PNG image',
  'evaluation.signatureTooLarge': 'The signature image may be at most 300 KB',
  'evaluation.alreadyAcknowledged': 'This evaluation has already been acknowledged',
  'authorisation.notFound': 'Authorisation not found',
  // Toolbox talks (issue 29)
  'talkTopic.title': 'The talk topic needs a title',
  'talkTopic.titleLength': 'The title of a talk topic must be at most 200 characters',
  'talkTopic.body': 'The text of the talk is required',
  'talkTopic.bodyLength': 'The text of a talk must fit on one page (at most 6000 characters)',
  'talkTopic.languages': 'Choose the languages the text is written in',
  'talkTopic.notFound': 'Talk topic not found',
  'talkTopic.alreadyRetired': 'This talk topic has already been retired',
  'talkTopic.pdfType': 'The handout must be a PDF file',
  'talkTopic.pdfTooLarge': 'The handout may be at most 800 KB: keep it to a page or two',
  'talkTopic.noPdf': 'This talk topic has no PDF handout',
  // Scheduled compliance reports (issue 30)
  'report.scope': 'Choose which report to e-mail: your team or the compliance matrix',
  'report.cadence': 'Choose how often to e-mail the report: weekly or monthly',
  'report.noTeam': 'Nobody reports to you, so there is no team report to e-mail',
  'report.matrixAdminOnly':
    'Only an administrator with the Report Generation permission can have the compliance matrix e-mailed',
  'report.duplicate': 'You already get this report by e-mail at this frequency',
  'report.tooMany': 'You can have at most 20 reports e-mailed: cancel one first',
  'report.notFound': 'Report e-mail not found',
  'report.linkInvalid': 'This report link is not valid or has expired. Open the compliance page for a fresh report.',
  // Sites and reporting lines (issue 30)
  'site.name': 'The site needs a name',
  'site.nameLength': 'A site name must be at most 100 characters',
  'site.nameTaken': 'A site with this name already exists',
  'site.notFound': 'Site not found',
  'site.unknown': 'This site does not exist or has been retired. Add it under Sites first.',
  'site.alreadyRetired': 'This site has already been retired',
  'site.outsideLimit': 'You manage the people of one site only: this person or record belongs to another site',
  'site.limitNeedsUnlimited': 'Only an administrator who is not limited to a site can limit an administrator to a site',
  // Company sign-in through OpenID Connect (issue 32)
  'idp.notFound': 'Identity provider not found',
  'idp.name': 'The identity provider needs a name (at most 100 characters)',
  'idp.nameTaken': 'An identity provider with this name already exists',
  'idp.issuer': 'The issuer must be an https:// address (http:// only for this computer)',
  'idp.clientId': 'The client ID is required',
  'idp.clientSecret': 'The client secret is required',
  'idp.domain': 'Each e-mail domain must look like example.com',
  'idp.domainTaken': 'The e-mail domain {domain} already goes to another identity provider',
  'idp.passwordOff': 'People at {domain} sign in with {provider}: use "Sign in with {provider}"',
  'oidc.signInFailed': 'Company sign-in did not complete. Try again, or ask your administrator.',
  'oidc.linkRefused':
    'This account cannot be signed in through {provider}: it belongs to an administrator or to another sign-in. Ask your administrator.',
  'oidc.noEmail':
    'Your company account has no verified e-mail address of a domain that signs in here. Ask your administrator.',
  'oidc.handoffInvalid': 'This sign-in has expired or was already used. Sign in again.',
  'oidc.tooManyStarts':
    'Too many company sign-ins were started from this network. Please wait 15 minutes and try again.',
  // E-signatures through the company's provider (issue 32 item 5)
  'signature.purpose': 'Say what is being signed: an evaluation, a roster or a talk',
  'signature.noProvider': 'You do not sign in through a company account: sign with your password',
  'signature.passwordOff': 'Your company turned password signatures off: confirm with {provider}',
  'signature.reauthFailed': 'The confirmation with your company account did not complete. Try again.',
  'signature.reauthStale':
    'Your company account did not ask you to sign in again, so this cannot count as a signature. Try again.',
  'signature.reauthOtherPerson':
    'You confirmed as someone else at your company account. Confirm again, signed in there as yourself.',
  'signature.proofUsed': 'This confirmation was already used or is not known. Confirm with your company account again.',
  'signature.proofExpired':
    'This confirmation has expired (it lasts 5 minutes). Confirm with your company account again.',
  'signature.proofOtherPerson': 'This confirmation was given by someone else, so nothing was signed',
  'signature.proofOtherPurpose':
    'This confirmation was given for something else, so nothing was signed. Confirm again for this one.',
  'team.notMember': 'This person is not in your team',
  // Directory connections (SCIM, issue 32)
  'scim.connectionName': 'The directory connection needs a name',
  'scim.connectionNameLength': 'A directory connection name must be at most 100 characters',
  'scim.connectionNotFound': 'Directory connection not found',
  'scim.connectionRevoked': 'This directory connection has been revoked: create a new one',
  // Task qualifications (issue 30)
  'task.name': 'The task needs a name',
  'task.nameLength': 'A task name must be at most 100 characters',
  'task.descriptionLength': 'A task description must be at most 2000 characters',
  'task.nameTaken': 'An active task with this name already exists at this site',
  'task.notFound': 'Task not found',
  'task.evidenceRequired':
    'A task needs at least one piece of evidence: a course, an evaluation, a credential type or a toolbox talk',
  'task.alreadyRetired': 'This task has already been retired',
  'task.retired': 'This task has been retired: it can no longer be changed',
  'task.date': 'The date must be a calendar date (YYYY-MM-DD)',
  'user.managerNotFound': 'The manager was not found',
  'user.managerLeaver': 'The manager has left (their account is deactivated): choose an active manager',
  'user.managerSelf': 'A person cannot be their own manager',
  'user.managerCycle': 'A person cannot manage their own manager, directly or through others',
  'user.managerLaterRow': 'The manager must be an existing person or appear on an earlier row of the file',
  'talk.leaderFlag': 'Say whether the person may lead toolbox talks',
  'talk.notLeader': 'Only a foreman may lead a toolbox talk. Ask an administrator to make you a foreman.',
  'talk.idInvalid': 'The talk id must be a UUID made by the device',
  'talk.idReused': 'A different talk was already submitted with this id',
  'talk.topicNotFound': 'Talk topic not found or retired',
  'talk.startedAt': 'The start of the talk must be a date and time',
  'talk.signedOffAt': 'The sign-off time must be a date and time',
  'talk.signedAt': 'Each signature needs the date and time it was made',
  'talk.startedFuture': 'The talk cannot start in the future',
  'talk.startedTooOld': 'A talk older than 30 days cannot be submitted',
  'talk.signedOffOrder': 'The sign-off cannot be before the start of the talk or in the future',
  'talk.signedAtOrder': 'An attendee cannot sign before the talk starts, after its sign-off or in the future',
  'talk.noAttendees': 'A talk needs at least one attendee',
  'talk.tooManyAttendees': 'A talk can have at most 100 attendees',
  'talk.attendeeMethod': 'Each attendee signs with a drawn signature, or the foreman signs on their behalf',
  'talk.attendeeName': 'Each attendee needs a name',
  'talk.attendeeNotFound': 'An attendee was not found or has left',
  'talk.attendeeTwice': 'The same person is on the sheet twice',
  'talk.foremanAttendee': 'The foreman signs the talk off and is not an attendee',
  'talk.onBehalfReason': 'Say why you signed on their behalf (at most 300 characters)',
  'talk.signatureInvalid': 'A signature must be a PNG image',
  'talk.signatureTooLarge': 'A signature image may be at most 300 KB',
  'talk.tooLarge': 'A talk with its signatures may be at most 8 MB: send a smaller crew, or draw smaller signatures',
  'talk.foremanSignature': 'The foreman signs the talk off with their password or a drawn signature',
  'talk.passwordRequired': 'Enter your password to sign the talk off',
  'talk.passwordWrong': 'The password is not correct. The talk was not signed off.',
  'talk.notFound': 'Talk not found',
  'talk.closed': 'This talk is already signed off and recorded: it cannot be signed any more',
  'talk.qrInvalid': 'This code does not name a talk you can sign. Ask the foreman to show the code again.',
  'authorisation.alreadyRevoked': 'This authorisation has already been revoked',
  'session.titleRequired': 'Session title is required',
  'session.titleLength': 'A session title must be at most 200 characters',
  'session.locationRequired': 'Where the session takes place is required',
  'session.locationLength': 'A location must be at most 200 characters',
  'session.startsAt': 'The start must be an ISO date and time',
  'session.endsAt': 'The end must be an ISO date and time',
  'session.inPast': 'A session cannot be scheduled in the past',
  'session.endBeforeStart': 'A session must end after it starts',
  'session.tooLong': 'A session can last at most 24 hours',
  'session.capacity': 'Capacity must be a whole number from 1 to 500',
  'session.outlineLength': 'An outline must be at most 5000 characters',
  'session.outlineRequired': 'Give the session an outline: text, a material or both',
  'session.trainersRequired': 'A session needs from 1 to 10 trainers',
  'session.trainerNotFound': 'A trainer was not found or has left',
  'session.componentNotFound': 'The course component was not found',
  'session.componentNotClassroom': 'A session can only be of a classroom session component',
  'session.materialNotFound': 'The outline material was not found',
  'session.notFound': 'Session not found',
  'session.inviteWhom': 'Invite a list of people (userIds) or everyone a requirement needs (requirementId), not both',
  'session.inviteCount': 'Invite from 1 to 500 people at a time',
  'session.inviteeNotFound': 'A person to invite was not found or has left',
  'session.closed': 'This session has been signed off; its invitations are closed',
  'session.ended': 'This session has already ended',
  'session.notInvited': 'You are not invited to this session',
  'session.notTrainer': 'Only a trainer of this session or an administrator with Module Management can do this',
  'session.codeRequired': 'Scan the code shown in the room',
  'session.codeInvalid': 'This is not a valid check-in code',
  'session.codeOtherSession': 'This code is for another session',
  'session.codeExpired': 'This code has expired. Scan the code on the screen in the room again',
  'session.codeReplayed':
    'This code was already used by someone else and is no longer valid. Scan the code on the screen in the room',
  'session.checkInClosed': 'Check-in is open from 30 minutes before the start until the end of the session',
  'session.signedOffCheckIn': 'This session has been signed off; ask the trainer to amend the roster',
  'session.personNotFound': 'Person not found or has left',
  'session.presentRequired': 'Say whether the person was present (true or false)',
  'session.reasonLength': 'A reason must be at most 500 characters',
  'session.amendReasonRequired': 'This session has been signed off: give a reason for the change',
  'session.amendUnchanged': 'The person’s attendance is already recorded that way',
  'session.alreadySignedOff': 'This session has already been signed off',
  'session.notStarted': 'A session can be signed off once it has started',
  'session.passwordRequired': 'Enter your password to sign the roster',
  'session.passwordWrong': 'Your password is incorrect, so the roster was not signed',
  // The classroom kiosk and the personal PIN
  'kiosk.pinFormat': 'A PIN is 4 to 8 digits',
  'kiosk.pinGuessable': 'Choose a PIN that is harder to guess than repeated or consecutive digits',
  'kiosk.passwordRequired': 'Enter your password',
  'kiosk.passwordWrong': 'Your password is incorrect',
  'kiosk.usernameRequired': 'Enter your username',
  'kiosk.pinRequired': 'Enter your PIN',
  'kiosk.badgeRequired': 'Scan your badge',
  'kiosk.methodRequired': 'Sign in with your username and PIN, or with your badge',
  'kiosk.pinWrong': 'Username or PIN not recognised. Check them and try again (your PIN is set on your profile)',
  'kiosk.pinLocked':
    'This PIN is locked after 10 wrong tries. Set a new PIN on your profile, or ask the trainer to mark you on the roster',
  'kiosk.badgeInvalid': 'This badge is not recognised. Ask the trainer to mark you on the roster',
  'kiosk.tokenRequired': 'This kiosk is not open. Ask the trainer to open it',
  'kiosk.closed': 'This kiosk has been closed. Ask the trainer to open it again',
  'kiosk.tooManyFailures': 'Too many failed sign-ins at this kiosk, so it has closed. Ask the trainer to open it again',
  'kiosk.otherSession': 'This kiosk is open for another session',
  'kiosk.sessionClosed': 'A kiosk can only be opened for a session that has not ended or been signed off',
  // Badge cards and the badge page's full status (issue 30)
  'badge.notAllowed':
    'Only the person, their supervisors and administrators who manage their users can open this badge',
  'badge.invalid': 'This badge is not recognised, or its holder no longer works here',
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

/** A specific refusal's id (sent as `reason` beside the general `code`). */
export type RefusalReason = keyof typeof REFUSALS;

/** The values a refusal's message names (`{count}`), sent as `params`. */
export type RefusalParams = Record<string, string | number>;

/** `reason`'s message with `params` put in: the English text the Worker sends. */
export function refusalText(reason: RefusalReason, params: RefusalParams = {}): string {
  return REFUSALS[reason].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

const EXACT_REASONS = new Map<string, RefusalReason>();
const PATTERN_REASONS: { reason: RefusalReason; pattern: RegExp; names: string[] }[] = [];
for (const reason of Object.keys(REFUSALS) as RefusalReason[]) {
  const text: string = REFUSALS[reason];
  const names = [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');
  if (names.length === 0) {
    EXACT_REASONS.set(text, reason);
    continue;
  }
  const parts = text.split(/\{\w+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  PATTERN_REASONS.push({ reason, names, pattern: new RegExp(`^${parts.join('(.+?)')}$`, 's') });
}

/**
 * The reason (and values) of a message written from this list, or null for any other text. Built
 * from REFUSALS itself, so it follows every change of wording.
 */
export function reasonOf(message: string): { reason: RefusalReason; params?: RefusalParams } | null {
  const exact = EXACT_REASONS.get(message);
  if (exact) return { reason: exact };
  for (const { reason, pattern, names } of PATTERN_REASONS) {
    const match = pattern.exec(message);
    if (!match) continue;
    const params: RefusalParams = {};
    names.forEach((name, index) => {
      const value = match[index + 1] ?? '';
      params[name] = /^\d+$/.test(value) ? Number(value) : value;
    });
    return { reason, params };
  }
  return null;
}
