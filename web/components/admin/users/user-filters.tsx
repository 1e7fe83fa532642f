import type { Role, UserStatusFilter } from '@contract/users';
import { grid } from 'styled-system/patterns';
import type { UserFilters } from '../../../api/admin-people';
import { t } from '../../../i18n';
import { Select, type SelectOption } from '../../../ui';
import { AllOrOneSelect, ListSearchField } from '../shared/list-filters';

// Functions, not constants: the labels are read in the current language.
const ROLE_FILTERS = (): readonly SelectOption<Role>[] => [
  { value: 'USER', label: t('role.USER') },
  { value: 'ADMIN', label: t('role.ADMIN') },
];

const STATUS_FILTERS = (): readonly SelectOption<UserStatusFilter>[] => [
  { value: 'ACTIVE', label: t('admin.users.status.active') },
  { value: 'DEACTIVATED', label: t('admin.users.status.deactivated') },
  { value: 'ALL', label: t('admin.users.status.all') },
];

/** What the filters read and set of the page's list (`usePagedList`). */
interface UserFilterControls {
  search: string;
  setSearch: (text: string) => void;
  filters: UserFilters;
  setFilter: <K extends keyof UserFilters & string>(name: K, value: UserFilters[K]) => void;
}

/** Search, role, book and status: each lives in the address; a change goes back to page 1. */
export function UserFilterBar({
  list,
  domains,
}: {
  list: UserFilterControls;
  domains: readonly { id: string; name: string }[];
}) {
  const bookOptions: SelectOption[] = domains.map((d) => ({ value: d.id, label: d.name }));
  return (
    <div className={grid({ gap: '3', gridTemplateColumns: { base: '1fr', md: '2fr 1fr 1fr 1fr' }, mb: '4' })}>
      <ListSearchField list={list} label={t('admin.users.search')} placeholder={t('admin.users.searchPlaceholder')} />
      <AllOrOneSelect
        label={t('admin.users.role')}
        allLabel={t('admin.users.allRoles')}
        options={ROLE_FILTERS()}
        value={list.filters.role}
        onChange={(role) => list.setFilter('role', role)}
      />
      <AllOrOneSelect
        label={t('admin.users.book')}
        allLabel={t('admin.users.allBooks')}
        options={bookOptions}
        value={list.filters.domainId}
        onChange={(id) => list.setFilter('domainId', id)}
      />
      <Select
        label={t('admin.users.statusLabel')}
        options={STATUS_FILTERS()}
        value={list.filters.status}
        onValueChange={(status) => list.setFilter('status', status)}
      />
    </div>
  );
}
