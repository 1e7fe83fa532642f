/**
 * Classroom sessions (issue 29): the closed value lists shared by the schema, the Worker and the
 * client. Request bodies and answers are in `sessions.ts`.
 */

/** SCHEDULED until a trainer signs the roster; SIGNED_OFF locks it (changes become amendments). */
export const SESSION_STATUSES = ['SCHEDULED', 'SIGNED_OFF'] as const;

/** An invitation's answer; WAITLISTED people wait in order for a freed place. */
export const INVITATION_STATUSES = ['INVITED', 'ACCEPTED', 'DECLINED', 'WAITLISTED'] as const;

/** How attendance was recorded: the rotating QR code, the trainer's roster, or the kiosk (by PIN or by badge). */
export const ATTENDANCE_METHODS = ['ROSTER', 'QR', 'KIOSK_PIN', 'KIOSK_BADGE'] as const;
