import type { Role, UserDto } from '@contract/users';
import { css } from 'styled-system/css';
import { useQuery } from '@tanstack/react-query';
import { siteQueries } from '../../../api/site-queries';
import { siteOptions } from '../site-options';
import { t } from '../../../i18n';
import { Select, TextField, type SelectOption } from '../../../ui';

/** A function, not a constant: the labels are read in the current language. */
export const ROLE_OPTIONS = (): readonly SelectOption<Role>[] => [
  { value: 'USER', label: t('role.USER') },
  { value: 'ADMIN', label: t('role.ADMIN') },
];

/** What Add User and Edit User ask: who the person is and where they work (requirements target the work fields). */
export interface UserFormValues {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  department: string;
  jobTitle: string;
  role: Role;
  /** '' for no site. */
  siteId: string;
  /** The manager's username ('' for none): the dialogs look the id up when they save. */
  manager: string;
}
export type UserFormErrors = Partial<Record<keyof UserFormValues, string>>;

export const emptyUserForm = (): UserFormValues => ({
  username: '',
  email: '',
  firstName: '',
  lastName: '',
  department: '',
  jobTitle: '',
  role: 'USER',
  siteId: '',
  manager: '',
});

export const userFormOf = (user: UserDto, managerUsername = ''): UserFormValues => ({
  username: user.username,
  email: user.email,
  firstName: user.firstName ?? '',
  lastName: user.lastName ?? '',
  department: user.department ?? '',
  jobTitle: user.jobTitle ?? '',
  role: user.role,
  siteId: user.siteId ?? '',
  manager: managerUsername,
});

const NO_SITE = 'NONE';

const pair = css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '4' });

/** The fields both user dialogs share, in one order: sign-in, name, work, role. */
export function UserFormFields({
  values,
  errors,
  onChange,
  autoFocus = false,
}: {
  values: UserFormValues;
  errors: UserFormErrors;
  onChange: <K extends keyof UserFormValues>(key: K, value: UserFormValues[K]) => void;
  autoFocus?: boolean;
}) {
  const sites = useQuery(siteQueries.list());
  const siteChoices = siteOptions(sites.data?.sites, values.siteId, {
    value: NO_SITE,
    label: t('admin.users.field.noSite'),
  });
  const text = (key: Exclude<keyof UserFormValues, 'role' | 'siteId'>) => ({
    value: values[key],
    error: errors[key],
    onChange: (e: { target: { value: string } }) => onChange(key, e.target.value),
  });
  return (
    <>
      <TextField
        label={t('admin.users.field.username')}
        required
        autoFocus={autoFocus}
        autoComplete="off"
        {...text('username')}
      />
      <TextField label={t('admin.users.field.email')} type="email" required autoComplete="off" {...text('email')} />
      <div className={pair}>
        <TextField label={t('admin.users.field.firstName')} {...text('firstName')} />
        <TextField label={t('admin.users.field.lastName')} {...text('lastName')} />
      </div>
      <div className={pair}>
        <TextField label={t('admin.users.field.department')} {...text('department')} />
        <TextField label={t('admin.users.field.jobTitle')} {...text('jobTitle')} />
      </div>
      <div className={pair}>
        <Select
          label={t('admin.users.field.site')}
          options={siteChoices}
          value={values.siteId || NO_SITE}
          onValueChange={(id) => onChange('siteId', id === NO_SITE ? '' : id)}
          error={errors.siteId}
        />
        <TextField
          label={t('admin.users.field.manager')}
          helperText={t('admin.users.field.managerHint')}
          autoComplete="off"
          {...text('manager')}
        />
      </div>
      <Select
        label={t('admin.users.field.role')}
        options={ROLE_OPTIONS()}
        value={values.role}
        onValueChange={(role) => onChange('role', role)}
        error={errors.role}
      />
    </>
  );
}

/** An administrator's site limit: every site, or one (they then see and change only its people). */
export function SiteLimitField({ value, onChange }: { value: string; onChange: (siteId: string) => void }) {
  const sites = useQuery(siteQueries.list());
  const options = siteOptions(sites.data?.sites, value, { value: NO_SITE, label: t('admin.users.field.everySite') });
  return (
    <Select
      label={t('admin.users.field.siteLimit')}
      helperText={t('admin.users.field.siteLimitHint')}
      options={options}
      value={value || NO_SITE}
      onValueChange={(id) => onChange(id === NO_SITE ? '' : id)}
    />
  );
}
