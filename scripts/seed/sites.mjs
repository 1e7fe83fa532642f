/*
 * Sites, reporting lines and a task (issue 30) in the demo. Morgan Hale is the site lead of the
 * Riverside Distribution Centre: not an administrator but the manager of its two supervisors, so
 * "My team" shows Morgan both crews (direct and indirect reports). Rosa Delgado runs the warehouse
 * crew (Alex with the forklift course only, 张伟 qualified on the reach truck, Anita whose first-aid
 * certificate expires in 20 days, Ольга); Kwame Mensah the yard and maintenance crew (Jordan, also
 * qualified, Taylor, Fatima). Hilltop Plant is the second site (Sam, Casey). The task "Operate a
 * reach truck" needs the forklift course and the reach-truck practical evaluation (an authorisation).
 */

export const SITES = [
  { key: 'riverside', name: 'Riverside Distribution Centre' },
  { key: 'hilltop', name: 'Hilltop Plant' },
];

/** USERS key -> where they work and whom they report to (a manager comes earlier in USERS). */
export const PLACEMENT = {
  sitelead: { site: 'riverside' },
  rosa: { site: 'riverside', manager: 'sitelead' },
  kwame: { site: 'riverside', manager: 'sitelead' },
  learner: { site: 'riverside', manager: 'rosa' },
  zhang: { site: 'riverside', manager: 'rosa' },
  anita: { site: 'riverside', manager: 'rosa' },
  olga: { site: 'riverside', manager: 'rosa' },
  jordan: { site: 'riverside', manager: 'kwame' },
  taylor: { site: 'riverside', manager: 'kwame' },
  fatima: { site: 'riverside', manager: 'kwame' },
  dana: { site: 'riverside' },
  sam: { site: 'hilltop' },
  casey: { site: 'hilltop' },
};

/** The site rows, by key with their ids (`randomUUID` and `iso`/`at` from the seed). */
export function siteRows({ randomUUID, iso, at }) {
  const created = iso(at(89, '09:00'));
  const byKey = {};
  const rows = SITES.map((site) => {
    byKey[site.key] = randomUUID();
    return { id: byKey[site.key], name: site.name, created_at: created, updated_at: created };
  });
  return { byKey, rows };
}

/** The site and manager columns of a person's users row. */
export function placementColumns(userKey, sites, users) {
  const place = PLACEMENT[userKey];
  return { site_id: place ? sites[place.site] : null, manager_id: place?.manager ? users[place.manager].id : null };
}

/**
 * "Operate a reach truck" (any site): the forklift course and the reach-truck evaluation family,
 * shaped as POST /api/v2/admin/tasks stores them (worker/contract/tasks.ts, migration 0041).
 */
export function taskTables({ randomUUID, iso, at, forkliftCourseId, reachTruckFamilyId }) {
  const id = randomUUID();
  const created = iso(at(3, '11:00'));
  return [
    [
      'tasks',
      [
        {
          id,
          name: 'Operate a reach truck',
          description:
            'Drive a reach truck in the warehouse: the forklift (powered industrial truck) course and a competent reach-truck practical evaluation.',
          site_id: null,
          created_at: created,
          updated_at: created,
          retired_at: null,
        },
      ],
    ],
    [
      'task_evidence',
      [
        { task_id: id, kind: 'course', ref_id: forkliftCourseId, every_days: null },
        { task_id: id, kind: 'evaluation', ref_id: reachTruckFamilyId, every_days: null },
      ],
    ],
  ];
}
