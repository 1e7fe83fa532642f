/**
 * Every query key of the client, in one place. Keys are hierarchical: invalidating a prefix
 * (`queryKeys.admin.courses.all`) refreshes every page and filter of that list after a change.
 */
export const queryKeys = {
  admin: {
    dashboard: ['admin', 'dashboard'] as const,
    courses: {
      all: ['admin', 'courses'] as const,
      detail: (id: string) => ['admin', 'courses', 'detail', id] as const,
      /** A book's courses for a picker (the requirement form). */
      options: (bookId: string) => ['admin', 'courses', 'options', bookId] as const,
      /** A book's courses with their language and family (the course editor's Languages tab). */
      versionsOf: (bookId: string) => ['admin', 'courses', 'versions-of', bookId] as const,
    },
    /** Books: the paged table and the unpaged option lists of the filters share the prefix. */
    domains: { all: ['admin', 'domains'] as const, options: ['admin', 'domains', 'options'] as const },
    materials: {
      all: ['admin', 'materials'] as const,
      options: ['admin', 'materials', 'options'] as const,
      /** A video's caption tracks (under the materials prefix: a change refreshes the table too). */
      captions: (materialId: string) => ['admin', 'materials', 'captions', materialId] as const,
    },
    users: { all: ['admin', 'users'] as const },
    announcements: { all: ['admin', 'announcements'] as const, stats: ['admin', 'announcements', 'stats'] as const },
    submissions: ['admin', 'think'] as const,
    assessments: {
      all: ['admin', 'assessments'] as const,
      attempts: ['admin', 'assessments', 'attempts'] as const,
      summary: ['admin', 'assessments', 'summary'] as const,
      auditLog: (page: number) => ['admin', 'assessments', 'audit-log', page] as const,
      scorm: (page: number) => ['admin', 'assessments', 'scorm', page] as const,
    },
    requirements: { all: ['admin', 'requirements'] as const, list: (includeRetired: boolean) => ['admin', 'requirements', { includeRetired }] as const },
    /** The matrix pages and a person's training record share the prefix: any compliance change refreshes both. */
    compliance: {
      all: ['admin', 'compliance'] as const,
      matrix: (filters: object) => ['admin', 'compliance', 'matrix', filters] as const,
      record: (userId: string) => ['admin', 'compliance', 'record', userId] as const,
    },
  },
  learner: {
    announcements: ['learner', 'announcements'] as const,
    submissions: ['learner', 'think'] as const,
    reports: ['learner', 'reports'] as const,
    dashboard: ['learner', 'dashboard'] as const,
    courses: ['learner', 'courses'] as const,
    requirements: ['learner', 'requirements'] as const,
    review: (componentId: string) => ['learner', 'review', componentId] as const,
    material: (courseId: string, componentId: string) => ['learner', 'material', courseId, componentId] as const,
  },
  /** The signed-in user's own profile (learner and admin alike). */
  profile: (userId: string) => ['profile', userId] as const,
  public: {
    landing: ['public', 'landing'] as const,
    config: ['public', 'config'] as const,
  },
} as const;
