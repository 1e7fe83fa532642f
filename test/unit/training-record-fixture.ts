import type { TrainingRecordCourse, TrainingRecordResponse } from '../../worker/contract/compliance';

/** A person two years into their training: a renewed certificate, an overdue course, an exemption and an incident. */

export const HEIGHTS =
  'Working at Heights: Fall Protection, Ladders, Scaffolding, Aerial Work Platforms and Rescue Planning for Supervisors';

export function heightsCourse(): TrainingRecordCourse {
  return {
    courseId: 'c-heights',
    courseTitle: HEIGHTS,
    language: 'en',
    required: true,
    compliance: {
      requirementId: 'r-1',
      courseId: 'c-heights',
      status: 'due-soon',
      dueAt: '2026-12-10T09:00:00.000Z',
      validUntil: '2026-12-10T09:00:00.000Z',
      certificateNumber: 'CERT-2025-530917',
    },
    cycles: [
      {
        cycle: 1,
        status: 'COMPLETED',
        progress: 100,
        enrolledAt: '2024-02-01T08:00:00.000Z',
        startedAt: '2024-02-02T08:10:00.000Z',
        completedAt: '2024-02-09T15:40:00.000Z',
        current: false,
        attempts: [
          {
            attemptId: 'a-1',
            componentTitle: 'Final assessment',
            attemptNumber: 1,
            score: 62.5,
            passed: false,
            startedAt: '2024-02-08T10:00:00.000Z',
            submittedAt: '2024-02-08T10:25:00.000Z',
          },
          {
            attemptId: 'a-2',
            componentTitle: 'Final assessment',
            attemptNumber: 2,
            score: 91.67,
            passed: true,
            startedAt: '2024-02-09T15:00:00.000Z',
            submittedAt: '2024-02-09T15:38:00.000Z',
          },
        ],
        certificate: {
          certificateId: 'certificate-c1',
          certificateNumber: 'CERT-2024-118402',
          issuedAt: '2024-02-09T15:40:00.000Z',
          expiresAt: '2025-02-09T15:40:00.000Z',
          revokedAt: null,
          revokedReason: null,
          status: 'EXPIRED',
          renews: null,
          renewedBy: 'CERT-2025-530917',
          language: 'en',
        },
        language: 'en',
      },
      {
        cycle: 2,
        status: 'COMPLETED',
        progress: 100,
        enrolledAt: '2024-12-15T08:00:00.000Z',
        startedAt: '2024-12-16T09:00:00.000Z',
        completedAt: '2024-12-20T11:02:00.000Z',
        current: true,
        attempts: [
          {
            attemptId: 'a-3',
            componentTitle: 'Final assessment',
            attemptNumber: 1,
            score: 88,
            passed: true,
            startedAt: '2024-12-20T10:30:00.000Z',
            submittedAt: '2024-12-20T11:00:00.000Z',
          },
        ],
        certificate: {
          certificateId: 'certificate-c2',
          certificateNumber: 'CERT-2025-530917',
          issuedAt: '2024-12-20T11:02:00.000Z',
          expiresAt: '2026-12-10T09:00:00.000Z',
          revokedAt: null,
          revokedReason: null,
          status: 'ACTIVE',
          renews: 'CERT-2024-118402',
          renewedBy: null,
          language: 'es',
        },
        language: 'es',
      },
    ],
  };
}

export function record(overrides: Partial<TrainingRecordResponse> = {}): TrainingRecordResponse {
  return {
    user: {
      id: 'u-1',
      name: 'José Ñúñez',
      username: 'jnunez',
      email: 'jose.nunez@plant-7.example.com',
      department: 'Warehouse & Logistics',
      jobTitle: 'Forklift operator',
      status: 'ACTIVE',
    },
    generatedAt: '2026-11-25T08:49:00.000Z',
    courses: [
      heightsCourse(),
      {
        courseId: 'c-hazcom',
        courseTitle: 'Hazard Communication (GHS labels and safety data sheets)',
        language: 'en',
        required: true,
        compliance: {
          requirementId: 'r-2',
          courseId: 'c-hazcom',
          status: 'overdue',
          dueAt: '2026-11-01T00:00:00.000Z',
          validUntil: null,
          certificateNumber: null,
        },
        cycles: [
          {
            cycle: 1,
            status: 'IN_PROGRESS',
            progress: 40,
            enrolledAt: '2026-10-02T08:00:00.000Z',
            startedAt: '2026-10-03T08:00:00.000Z',
            completedAt: null,
            current: true,
            attempts: [
              {
                attemptId: 'a-4',
                componentTitle: 'Knowledge check',
                attemptNumber: 1,
                score: 40,
                passed: false,
                startedAt: '2026-10-20T13:00:00.000Z',
                submittedAt: '2026-10-20T13:20:00.000Z',
              },
            ],
            certificate: null,
            language: 'en',
          },
        ],
      },
    ],
    exemptions: [
      {
        id: 'x-1',
        requirementId: 'r-3',
        courseTitle: 'Confined Space Entry',
        reason:
          'On long-term medical leave; no confined space work until the occupational health review clears the return to full duties.',
        until: '2027-03-31T00:00:00.000Z',
        createdAt: '2026-09-14T10:00:00.000Z',
        createdBy: 'u-admin',
      },
    ],
    events: [
      {
        id: 'e-1',
        requirementId: 'r-2',
        courseTitle: 'Hazard Communication (GHS labels and safety data sheets)',
        kind: 'INCIDENT',
        note: 'Unlabelled secondary container of sodium hypochlorite found in warehouse bay 4; the operator decanted it without checking the safety data sheet. Retraining ordered before the next shift on chemical handling duties.',
        occurredOn: '2026-10-01T00:00:00.000Z',
        createdAt: '2026-10-01T12:00:00.000Z',
        createdBy: 'u-admin',
      },
    ],
    ...overrides,
  };
}
