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
    /** Evaluation templates: the list and each version (a save or publish refreshes both). */
    evaluationTemplates: {
      all: ['admin', 'evaluation-templates'] as const,
      detail: (id: string) => ['admin', 'evaluation-templates', 'detail', id] as const,
    },
    /** The toolbox talk topic library. */
    talkTopics: ['admin', 'talk-topics'] as const,
    users: { all: ['admin', 'users'] as const },
    /** Sites (issue 30): the admin list, also the user form's and the requirement form's options. */
    sites: ['admin', 'sites'] as const,
    /** Company sign-in (issue 32): the identity providers and their last sign-in errors. */
    identityProviders: ['admin', 'identity-providers'] as const,
    /** Directory connections (SCIM, issue 32). */
    scimConnections: ['admin', 'scim-connections'] as const,
    /** Tasks and the evidence their picker offers (issue 30). */
    tasks: { all: ['admin', 'tasks'] as const, evidenceOptions: ['admin', 'tasks', 'evidence-options'] as const },
    announcements: { all: ['admin', 'announcements'] as const, stats: ['admin', 'announcements', 'stats'] as const },
    submissions: ['admin', 'think'] as const,
    assessments: {
      all: ['admin', 'assessments'] as const,
      attempts: ['admin', 'assessments', 'attempts'] as const,
      summary: ['admin', 'assessments', 'summary'] as const,
      auditLog: (page: number) => ['admin', 'assessments', 'audit-log', page] as const,
      scorm: (page: number) => ['admin', 'assessments', 'scorm', page] as const,
    },
    requirements: {
      all: ['admin', 'requirements'] as const,
      list: (includeRetired: boolean) => ['admin', 'requirements', { includeRetired }] as const,
      evidenceOptions: ['admin', 'requirements', 'evidence-options'] as const,
      /** Under the requirements and the people it counts: any requirement or compliance change recounts. */
      audience: (terms: { bookId: string; department: string; jobTitle: string; siteId: string }) =>
        ['admin', 'requirements', 'audience', terms] as const,
    },
    /** The matrix pages and a person's training record share the prefix: any compliance change refreshes both. */
    compliance: {
      all: ['admin', 'compliance'] as const,
      /** The matrix's pages; `usePagedList` appends the page, search and filters. */
      matrix: ['admin', 'compliance', 'matrix'] as const,
      record: (userId: string) => ['admin', 'compliance', 'record', userId] as const,
      mailLog: (userId: string) => ['admin', 'compliance', 'mail-log', userId] as const,
      /** The whole organisation's summary, for the admin dashboard's compliance cards. */
      summary: ['admin', 'compliance', 'summary'] as const,
      /** Who lapses within a forecast bucket, per filter, window and page. */
      lapses: (filters: object) => ['admin', 'compliance', 'lapses', filters] as const,
    },
    /** External credentials: the approval queue's pages (per status) and the credential types. */
    credentials: {
      all: ['admin', 'credentials'] as const,
      queue: ['admin', 'credentials', 'queue'] as const,
      types: ['admin', 'credentials', 'types'] as const,
    },
    /** The mail outbox's pages and counts (a person's mail log is under compliance: it shows on their record). */
    outbox: { all: ['admin', 'outbox'] as const },
  },
  learner: {
    announcements: ['learner', 'announcements'] as const,
    submissions: ['learner', 'think'] as const,
    reports: ['learner', 'reports'] as const,
    dashboard: ['learner', 'dashboard'] as const,
    /** The course list (My Courses); the page, search and filters are appended. */
    courses: ['learner', 'courses'] as const,
    /** One course with its components and enrolment status (the course page). */
    course: (courseId: string) => ['learner', 'course', courseId] as const,
    requirements: ['learner', 'requirements'] as const,
    /** The person's kiosk PIN (set or not, locked) and their badge id (the profile's kiosk card). */
    pin: ['learner', 'pin'] as const,
    badge: ['learner', 'badge'] as const,
    /** The learner's progress: every course's, and one course's with its components. */
    progress: {
      all: ['learner', 'progress'] as const,
      list: ['learner', 'progress', 'list'] as const,
      course: (courseId: string) => ['learner', 'progress', 'course', courseId] as const,
    },
    /** An assessment component: its questions and the learner's attempts at it. */
    assessment: {
      all: ['learner', 'assessment'] as const,
      questions: (componentId: string) => ['learner', 'assessment', componentId, 'questions'] as const,
      attempts: (componentId: string) => ['learner', 'assessment', componentId, 'attempts'] as const,
    },
    attempt: (attemptId: string) => ['learner', 'attempt', attemptId] as const,
    /** Attempts left open (the incomplete-attempts dialog, the assessment page's resume). */
    incomplete: ['learner', 'incomplete'] as const,
    review: (componentId: string) => ['learner', 'review', componentId] as const,
    /** The material viewer's component, progress and file record. */
    material: (courseId: string, componentId: string) => ['learner', 'material', courseId, componentId] as const,
    /** A material's file record (name, type, size). */
    materialFile: (materialId: string) => ['learner', 'material-file', materialId] as const,
    scorm: (componentId: string) => ['learner', 'scorm', componentId] as const,
    /** The signed-in person's scheduled report e-mails (team and matrix reports, issue 30). */
    reportSubscriptions: ['learner', 'report-subscriptions'] as const,
    /** A supervisor's team (issue 30): its people and its compliance matrix's pages. */
    team: {
      all: ['learner', 'team'] as const,
      members: ['learner', 'team', 'members'] as const,
      matrix: ['learner', 'team', 'matrix'] as const,
      lapses: ['learner', 'team', 'lapses'] as const,
      sessions: ['learner', 'team', 'sessions'] as const,
      credentials: ['learner', 'team', 'credentials'] as const,
      record: (userId: string) => ['learner', 'team', 'record', userId] as const,
      /** The tasks to ask about, and who of the team can do one (per task, site and day). */
      tasks: ['learner', 'team', 'tasks'] as const,
      qualified: (taskId: string, siteId: string) => ['learner', 'team', 'tasks', taskId, siteId] as const,
    },
    /** The worker's own external credentials and the types they may submit. */
    credentials: ['learner', 'credentials'] as const,
    /** Classroom sessions the learner is invited to (the dashboard's My sessions). */
    sessions: ['learner', 'sessions'] as const,
    certificates: {
      all: ['learner', 'certificates'] as const,
      /** Every certificate of every training cycle (My certificates). */
      list: ['learner', 'certificates', 'list'] as const,
      course: (courseId: string) => ['learner', 'certificates', 'course', courseId] as const,
    },
  },
  /** The classroom kiosk's session as the tablet's kiosk token shows it (no one signed in). */
  kiosk: (sessionId: string) => ['kiosk', sessionId] as const,
  /** Practical evaluations: the evaluator's templates and people, and the records either side can read. */
  evaluations: {
    all: ['evaluations'] as const,
    templates: ['evaluations', 'templates'] as const,
    trainees: (query: string) => ['evaluations', 'trainees', query] as const,
    mine: (as: 'trainee' | 'evaluator') => ['evaluations', 'mine', as] as const,
    one: (id: string) => ['evaluations', 'one', id] as const,
  },
  /** Classroom sessions as their runners see them (admin path or trainer path): lists, one roster, person searches. */
  classroomSessions: {
    all: ['classroom-sessions'] as const,
    list: (scope: 'admin' | 'trainer') => ['classroom-sessions', 'list', scope] as const,
    one: (scope: 'admin' | 'trainer', id: string) => ['classroom-sessions', 'one', scope, id] as const,
    people: (path: string, query: string) => ['classroom-sessions', 'people', path, query] as const,
    sites: ['classroom-sessions', 'sites'] as const,
  },
  /** Toolbox talks: the foreman's topics and crew (kept on the device), talks led or attended. */
  talks: {
    all: ['talks'] as const,
    topics: ['talks', 'topics'] as const,
    crew: (query: string) => ['talks', 'crew', query] as const,
    mine: (as: 'foreman' | 'attendee') => ['talks', 'mine', as] as const,
    /** Who signed a talk on their own phone (the foreman's device, online), and the caller's own signature. */
    ownPhone: (id: string) => ['talks', 'own-phone', id] as const,
    selfSignature: (id: string) => ['talks', 'self-signature', id] as const,
  },
  /** The signed-in user's own profile (learner and admin alike). */
  profile: (userId: string) => ['profile', userId] as const,
  /** The session's user as the server knows it (GET /auth/user). */
  session: ['session', 'user'] as const,
  /** Whether a password-reset link is still good. */
  resetToken: (token: string) => ['auth', 'reset-token', token] as const,
  /** The sign-in page's "Sign in with <company>" providers. */
  signInProviders: ['auth', 'sign-in-providers'] as const,
  /** How the signed-in person signs (password, or their company provider: issue 32 item 5). */
  signingMethod: ['session', 'signing-method'] as const,
  public: {
    landing: ['public', 'landing'] as const,
    config: ['public', 'config'] as const,
  },
} as const;

/**
 * Everything the server works out from a learner's progress: a component started, a material
 * viewed, an attempt graded or a course enrolled changes these (course and component status,
 * enrolment on the course list, the dashboard and reports, required-training status, certificates).
 */
export const progressReads = [
  queryKeys.learner.progress.all,
  queryKeys.learner.courses,
  queryKeys.learner.dashboard,
  queryKeys.learner.reports,
  queryKeys.learner.requirements,
  queryKeys.learner.certificates.all,
  ['learner', 'review'],
  ['learner', 'material'],
] as const satisfies readonly (readonly string[])[];
