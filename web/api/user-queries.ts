/**
 * Writes to people (admin User Management and the own profile), each with what it changes. The
 * users table reads through `usePagedList` (usersApi.page) and a profile through queryKeys.profile.
 */
import type { ImportRowInput } from '@contract/user-import';
import type { AdminUpdateUserBody, CreateUserBody } from '@contract/users';
import { usersApi } from './admin-people';
import { queryKeys } from './query-keys';
import { defineWrite } from './writes';

/** What a change to people alters: the users table, the dashboard's counts, the compliance matrix (its rows are people). */
const peopleReads = [queryKeys.admin.users.all, queryKeys.admin.dashboard, queryKeys.admin.compliance.all];

export const userWrites = {
  create: defineWrite({ run: (body: CreateUserBody) => usersApi.create(body), invalidates: () => peopleReads }),
  /** Also the signed-in user's own profile: the profile screen and the session's copy (names in the shells). */
  update: defineWrite({
    run: ({ userId, body }: { userId: string; body: AdminUpdateUserBody }) => usersApi.update(userId, body),
    invalidates: ({ userId }) => [...peopleReads, queryKeys.profile(userId), queryKeys.session],
  }),
  /** One user or several (the bulk delete). */
  remove: defineWrite({
    run: (userIds: string[]) => (userIds.length === 1 ? usersApi.remove(userIds[0]) : usersApi.removeMany(userIds)),
    invalidates: () => peopleReads,
  }),
  assignBooks: defineWrite({
    run: ({ userIds, bookIds }: { userIds: string[]; bookIds: string[] }) => usersApi.assignDomains(userIds, bookIds),
    invalidates: () => peopleReads,
  }),
  deactivate: defineWrite({
    run: ({ userId, reason }: { userId: string; reason: string }) => usersApi.deactivate(userId, reason),
    invalidates: () => peopleReads,
  }),
  reactivate: defineWrite({
    run: ({ userId, reason }: { userId: string; reason: string }) => usersApi.reactivate(userId, reason),
    invalidates: () => peopleReads,
  }),
  deactivateMany: defineWrite({
    run: (body: { userIds?: string[]; usernames?: string[]; reason: string }) => usersApi.deactivateMany(body),
    invalidates: () => peopleReads,
  }),
  importChunk: defineWrite({
    run: ({ rows, signal }: { rows: ImportRowInput[]; signal?: AbortSignal }) => usersApi.importChunk(rows, signal),
    invalidates: () => peopleReads,
  }),
};
