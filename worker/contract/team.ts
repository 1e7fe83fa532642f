import * as v from 'valibot';
import { idString } from './common';
import type { INVITATION_STATUSES } from './session-values';

/**
 * A supervisor's actions on their team (issue 30): the team's upcoming sessions and one-tap
 * reminders. The team's people, matrix and record read through contract/sites.ts and compliance.ts.
 */

/** `POST /api/v2/team/reminders`: one person of the team, reminded of everything they have not done. */
export const teamReminderBody = v.object({ userId: idString });

/** One upcoming classroom session with the team's people on it (`GET /api/v2/team/sessions`). */
export interface TeamSessionDto {
  id: string;
  title: string;
  location: string;
  siteName: string | null;
  startsAt: string;
  endsAt: string;
  /** The team's people invited to it, their answer, and whether they were marked present (null: not yet). */
  people: {
    id: string;
    name: string;
    status: (typeof INVITATION_STATUSES)[number];
    present: boolean | null;
  }[];
}
export interface TeamSessionsResponse {
  sessions: TeamSessionDto[];
}
