import type { ComplianceCell, EventDto, ExemptionDto } from './compliance';
import type { TalkSummary } from './talks';
import type { TrainingRecordCredential, TrainingRecordEvaluation } from './training-record-offscreen';

/**
 * A person's training record (GET /api/v2/admin/users/{id}/training-record, and its PDF): every
 * course cycle with its attempts and certificate, beside the requirements, exemptions, events,
 * evaluations, credentials and talks that stand on the record.
 */

export interface TrainingRecordAttempt {
  attemptId: string;
  componentTitle: string;
  attemptNumber: number;
  score: number | null;
  passed: boolean | null;
  startedAt: string;
  submittedAt: string | null;
}

export interface TrainingRecordCertificate {
  /** For the administrator's actions on it (revoke). */
  certificateId: string;
  certificateNumber: string;
  issuedAt: string;
  expiresAt: string;
  revokedAt: string | null;
  /** Why it was revoked (the administrator's words), when it was. */
  revokedReason: string | null;
  status: 'ACTIVE' | 'EXPIRED' | 'REVOKED';
  renews: string | null;
  renewedBy: string | null;
  /** The language the course was delivered in (ISO code). */
  language: string;
}

export interface TrainingRecordCycle {
  cycle: number;
  status: string;
  progress: number;
  enrolledAt: string;
  startedAt: string | null;
  completedAt: string | null;
  current: boolean;
  attempts: TrainingRecordAttempt[];
  certificate: TrainingRecordCertificate | null;
  /** The language this cycle was delivered in (its certificate's, else its enrollment's or attempts', else the course's). */
  language: string;
}

export interface TrainingRecordCourse {
  courseId: string;
  courseTitle: string;
  /** The course version's delivery language (ISO code). */
  language: string;
  required: boolean;
  compliance: ComplianceCell | null;
  cycles: TrainingRecordCycle[];
}

export interface TrainingRecordResponse {
  user: {
    id: string;
    name: string;
    username: string;
    email: string;
    department: string | null;
    jobTitle: string | null;
    status: 'ACTIVE' | 'DEACTIVATED';
  };
  generatedAt: string;
  courses: TrainingRecordCourse[];
  /**
   * Requirements covering the person that need more than a course, or none (an evaluation, a
   * credential): each with its title and status; exemptions and events can name them too.
   */
  evidenceRequirements?: { requirementId: string; title: string; compliance: ComplianceCell }[];
  exemptions: ExemptionDto[];
  events: EventDto[];
  /** Practical evaluations, newest first. */
  evaluations: TrainingRecordEvaluation[];
  /** Credentials earned elsewhere, newest submission first (pending and rejected ones included). */
  credentials: TrainingRecordCredential[];
  /** Toolbox talks the person is on the sheet of (issue 29), newest first. */
  talks: TalkSummary[];
}
