/* Demo people, announcements and feedback. Every learner password is the same on purpose. */

export const ADMIN_PASSWORD = 'Admin#2026demo';
export const LEARNER_PASSWORD = 'Learner#2026demo';

export const ALL_PERMISSIONS = {
  moduleManagement: true,
  userManagement: true,
  domainConfiguration: true,
  reportGeneration: true,
  aiContentGeneration: true,
  systemConfiguration: true,
};

/** books: BOOKS keys from ./courses.mjs. lastLogin: days ago (fractions allowed) or null. */
export const USERS = [
  {
    key: 'admin',
    username: 'admin',
    password: ADMIN_PASSWORD,
    role: 'ADMIN',
    firstName: 'Priya',
    lastName: 'Sharma',
    email: 'admin@safework.example',
    department: 'Environment, Health & Safety',
    jobTitle: 'EHS Manager',
    createdDaysAgo: 90,
    lastLogin: 0.05,
    books: [],
  },
  // The Riverside site lead and its two supervisors (issue 30, ./sites.mjs): managers before their reports.
  {
    key: 'sitelead',
    username: 'morgan',
    password: LEARNER_PASSWORD,
    role: 'USER',
    firstName: 'Morgan',
    lastName: 'Hale',
    email: 'morgan.hale@safework.example',
    department: 'Operations',
    jobTitle: 'Site Lead',
    createdDaysAgo: 300,
    lastLogin: 1,
    books: ['fire'],
  },
  {
    key: 'rosa',
    username: 'rosa',
    password: LEARNER_PASSWORD,
    role: 'USER',
    firstName: 'Rosa',
    lastName: 'Delgado',
    email: 'rosa.delgado@safework.example',
    department: 'Warehouse',
    jobTitle: 'Warehouse Shift Supervisor',
    createdDaysAgo: 260,
    lastLogin: 0.5,
    books: ['fire', 'handling'],
  },
  {
    key: 'kwame',
    username: 'kwame',
    password: LEARNER_PASSWORD,
    role: 'USER',
    firstName: 'Kwame',
    lastName: 'Mensah',
    email: 'kwame.mensah@safework.example',
    department: 'Maintenance',
    jobTitle: 'Yard and Maintenance Supervisor',
    createdDaysAgo: 240,
    lastLogin: 2,
    books: ['fire', 'electrical'],
  },
  {
    key: 'learner',
    username: 'learner',
    password: LEARNER_PASSWORD,
    role: 'USER',
    firstName: 'Alex',
    lastName: 'Morgan',
    email: 'alex.morgan@safework.example',
    department: 'Warehouse',
    jobTitle: 'Warehouse Associate',
    createdDaysAgo: 75,
    lastLogin: 0.02,
    books: ['fire', 'hazcom', 'heights', 'handling'],
  },
  {
    key: 'jordan',
    username: 'jordan',
    password: LEARNER_PASSWORD,
    role: 'USER',
    firstName: 'Jordan',
    lastName: 'Reyes',
    email: 'jordan.reyes@safework.example',
    department: 'Maintenance',
    jobTitle: 'Maintenance Technician',
    createdDaysAgo: 400,
    lastLogin: 7,
    books: ['electrical', 'heights', 'fire', 'handling'],
  },
  {
    key: 'sam',
    username: 'sam',
    password: LEARNER_PASSWORD,
    role: 'USER',
    firstName: 'Sam',
    lastName: 'Okafor',
    email: 'sam.okafor@safework.example',
    department: 'Construction',
    jobTitle: 'Site Carpenter',
    createdDaysAgo: 21,
    lastLogin: 3,
    books: ['heights'],
  },
  {
    key: 'taylor',
    username: 'taylor',
    password: LEARNER_PASSWORD,
    role: 'USER',
    firstName: 'Taylor',
    lastName: 'Nguyen',
    email: 'taylor.nguyen@safework.example',
    department: 'Logistics',
    jobTitle: 'Shipping Coordinator',
    createdDaysAgo: 14,
    lastLogin: 1,
    books: ['hazcom', 'fire'],
  },
  {
    // A new starter not yet given a book: the admin dashboard's Pending Action.
    key: 'casey',
    username: 'casey',
    password: LEARNER_PASSWORD,
    role: 'USER',
    firstName: 'Casey',
    lastName: 'Brooks',
    email: 'casey.brooks@safework.example',
    department: 'Construction',
    jobTitle: 'Apprentice Electrician',
    createdDaysAgo: 1,
    lastLogin: null,
    books: [],
  },
  {
    // The qualified forklift evaluator (issue 28): holds an approved "Forklift evaluator
    // qualification" credential, the reach-truck template's evaluator qualification.
    key: 'dana',
    username: 'dana',
    password: LEARNER_PASSWORD,
    role: 'USER',
    firstName: 'Dana',
    lastName: 'Whitfield',
    email: 'dana.whitfield@safework.example',
    department: 'Operations',
    jobTitle: 'Forklift Trainer and Evaluator',
    createdDaysAgo: 420,
    lastLogin: 1,
    // Leads the warehouse crew's toolbox talks (issue 29) and attended the bloodborne pathogens session.
    leadsTalks: true,
    books: ['handling', 'health'],
  },
  // Learners whose names are written in other scripts (certificates must print them as written).
  // 张伟 is one name, family name first, so it is kept whole in firstName.
  ...[
    {
      key: 'zhang',
      username: 'zhangwei',
      firstName: '张伟',
      lastName: null,
      email: 'zhang.wei@safework.example',
      department: 'Warehouse',
      jobTitle: 'Forklift Operator',
      createdDaysAgo: 30,
      lastLogin: 2,
      books: ['fire', 'handling', 'health'],
    },
    {
      key: 'olga',
      username: 'olga',
      firstName: 'Ольга',
      lastName: 'Смирнова',
      email: 'olga.smirnova@safework.example',
      department: 'Logistics',
      jobTitle: 'Dispatcher',
      createdDaysAgo: 28,
      lastLogin: 0.1,
      books: ['fire', 'health'],
    },
    {
      key: 'anita',
      username: 'anita',
      firstName: 'अनीता',
      lastName: 'शर्मा',
      email: 'anita.sharma@safework.example',
      department: 'Warehouse',
      jobTitle: 'Inventory Clerk',
      createdDaysAgo: 25,
      lastLogin: 4,
      books: ['fire', 'handling', 'health'],
    },
    {
      key: 'fatima',
      username: 'fatima',
      firstName: 'فاطمة',
      lastName: 'الزهراء',
      email: 'fatima.alzahra@safework.example',
      department: 'Logistics',
      jobTitle: 'Shipping Coordinator',
      createdDaysAgo: 12,
      lastLogin: 1,
      books: ['fire', 'health'],
    },
  ].map((person) => ({ books: ['fire'], ...person, password: LEARNER_PASSWORD, role: 'USER' })),
];

const DAY = 86_400_000;
const endOfDay = (date) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), 23, 59, 0));

/** Announcements relative to `now`, so "expiring soon" and active/expired hold whenever the seed runs. */
export function announcements(now) {
  const drill = new Date(now.getTime() + 2 * DAY);
  drill.setUTCHours(10, 0, 0, 0);
  const drillDay = drill.toLocaleDateString('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });
  const drillEnd = new Date(drill.getTime() + 2 * 3_600_000);
  return [
    {
      title: 'Fire alarm test and evacuation drill: Building B',
      content: `The Building B fire alarm system will be tested on ${drillDay} at 10:00, followed by a full evacuation drill. Treat the alarm as real: stop work, leave by the nearest exit, do not use the elevators and report to your fire warden at Assembly Point 3 (north car park). The drill takes about 20 minutes. Contractors on site must take part.`,
      authorName: 'Priya Sharma',
      priority: 'URGENT',
      isActive: true,
      expiresAt: drillEnd,
      createdDaysAgo: 1,
    },
    {
      title: 'Fall protection refresher due for all site and maintenance staff',
      content:
        'Following last month\'s near miss on the mezzanine, everyone who works at height must complete "Fall Protection: Guardrails and Personal Fall Arrest Systems" within the next 30 days. Bring your harness to the next toolbox talk for a competent-person inspection. Harnesses past their inspection date will be tagged out.',
      authorName: 'Marcus Bell',
      priority: 'HIGH',
      isActive: true,
      expiresAt: endOfDay(new Date(now.getTime() + 30 * DAY)),
      createdDaysAgo: 4,
    },
    {
      title: 'New SDS stations in Warehouse 2',
      content:
        'Safety Data Sheet binders in Warehouse 2 have moved to the new yellow SDS stations next to each eyewash station. The electronic SDS library on the intranet (EHS > Chemical Safety) remains the master copy. If a product you use is missing, tell your supervisor before using it.',
      authorName: 'Priya Sharma',
      priority: 'MEDIUM',
      isActive: true,
      expiresAt: null,
      createdDaysAgo: 9,
    },
    {
      title: 'Safety Week 2026: thank you',
      content:
        'Thank you to everyone who joined Safety Week. More than 140 of you took part in the hazard-spotting walk and the fire extinguisher demonstrations. Congratulations to the Maintenance team, who logged the most hazard reports. Photos are on the intranet.',
      authorName: 'Elena Kowalski',
      priority: 'LOW',
      isActive: false,
      expiresAt: null,
      createdDaysAgo: 41,
    },
  ];
}

/** user / respondedBy: USERS keys; user null = an anonymous submission. */
export const FEEDBACK = [
  {
    user: 'learner',
    type: 'QUERY',
    subject: 'Can we use the PASS video in toolbox talks?',
    description:
      "The PASS technique video in the fire extinguisher course is short and clear. Can team leads show it at the Monday toolbox talk in Warehouse 1, and would that count towards anyone's training record?",
    status: 'RESOLVED',
    response:
      'Yes, please use it. The video and the Portable Fire Extinguisher Field Guide are approved for toolbox talks. A toolbox talk does not replace the course, but record attendance on the sign-in sheet and send it to EHS so we can add it to the training records.',
    respondedBy: 'admin',
    createdDaysAgo: 10,
    respondedDaysAgo: 9,
  },
  {
    user: 'jordan',
    type: 'COMPLAINT',
    subject: 'Ladder rack in the maintenance bay blocks the eyewash station',
    description:
      'Since the new ladder rack was installed in the maintenance bay, the extension ladders stick out across the path to the eyewash station. In an emergency you would have to squeeze past them. Can the rack be moved or the ladders stored somewhere else?',
    status: 'IN_PROGRESS',
    createdDaysAgo: 6,
  },
  {
    user: 'sam',
    type: 'NEW_IDEA',
    subject: 'Printable harness inspection checklist',
    description:
      'It would help to have a one-page harness and lanyard inspection checklist we can print and keep in the gang box, matching what the fall protection course says to check before each use.',
    status: 'OPEN',
    createdDaysAgo: 2,
  },
  {
    user: null,
    type: 'COMPLAINT',
    subject: 'Fire exit blocked by pallets on night shift',
    description:
      'On night shift the fire exit at the back of Warehouse 1 (near dock door 12) is regularly blocked by stacked pallets waiting for pickup. It has been like this for about two weeks.',
    status: 'OPEN',
    createdDaysAgo: 1,
  },
];
