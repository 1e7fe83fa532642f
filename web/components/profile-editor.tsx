import { adminProfileForm, profileBody, type UserDetailDto } from '@contract/users';
import type { AdminPermissions, InterfaceLanguage } from '@contract/auth';
import { Pencil } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import * as v from 'valibot';
import { usersApi } from '../api/admin-people';
import { authQueries } from '../api/auth-queries';
import { hasErrorCode } from '../api/client';
import { queryClient } from '../api/query-client';
import { queryKeys } from '../api/query-keys';
import { userWrites } from '../api/user-queries';
import { runWrite } from '../api/writes';
import { useSession, useSessionActor } from '../state/session';
import { userDisplayName, userInitials } from '../state/user-display';
import { Alert, Avatar, Button, Card, Chip, LoadingBlock, TextField, toaster } from '../ui';
import { changeLocale, currentLocale, isLocale, LOCALE_NAMES, LOCALES, t } from '../i18n';
import { declaredText, errorText, fieldErrors } from '../i18n/error-text';
import { languageSelect } from './language-switcher';

type Fields = { firstName: string; lastName: string; username: string; email: string };
/** Sent only with a change of the e-mail address, which the server accepts only with the current password. */
type SaveValues = Fields & { currentPassword?: string; language?: InterfaceLanguage | null };
type FieldErrors = Partial<Record<keyof Fields | 'currentPassword', string>>;

/**
 * Loads the signed-in user's profile (GET /api/users/{id}) and saves it (PUT), then refreshes the
 * session copy so the shells show the new name. Used by /profile and /admin/profile.
 */
export function useProfile(failedUpdateFallback: string) {
  const userId = useSession((s) => s.context.user?.id ?? null);
  const session = useSessionActor();
  const queryKey = queryKeys.profile(userId ?? '');
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => usersApi.get(userId ?? '', signal),
    enabled: userId !== null,
  });
  const profile: UserDetailDto | null = query.data ?? null;
  const loadError = !userId
    ? t('profile.noUserId')
    : query.isError
      ? t('profile.loadFailed', {
          reason: query.error instanceof Error ? declaredText(query.error.message) : t('common.unknownError'),
        })
      : null;

  const save = useCallback(
    async (body: Partial<SaveValues> & { permissions?: Partial<AdminPermissions> }) => {
      if (!profile) throw new Error(t('profile.notAvailable'));
      try {
        await runWrite(userWrites.update, {
          userId: profile.id,
          body: {
            ...body,
            ...(body.firstName !== undefined ? { firstName: body.firstName.trim() || null } : {}),
            ...(body.lastName !== undefined ? { lastName: body.lastName.trim() || null } : {}),
          },
        });
      } catch (e) {
        throw new SaveError(
          errorText(e, failedUpdateFallback),
          hasErrorCode(e, 'VALIDATION_FAILED', 'CONFLICT') ? (fieldErrors(e.fields) as FieldErrors) : {},
        );
      }
      toaster.create({ type: 'success', title: t('profile.updated'), duration: 6000 });
      queryClient.fetchQuery(authQueries.currentUser()).then(
        (user) => session.send({ type: 'user.update', user }),
        () => undefined,
      );
    },
    [profile, session, failedUpdateFallback],
  );

  return { profile, loadError, save };
}

export class SaveError extends Error {
  constructor(
    message: string,
    readonly fields: FieldErrors,
  ) {
    super(message);
  }
}

function validate(rules: 'learner' | 'admin', values: Fields): FieldErrors {
  const result = rules === 'admin' ? v.safeParse(adminProfileForm, values) : v.safeParse(profileBody, values);
  if (result.success) return {};
  const out: FieldErrors = {};
  for (const issue of result.issues) {
    const key = v.getDotPath(issue) as keyof Fields | null;
    if (key && !out[key]) out[key] = declaredText(issue.message);
  }
  return out;
}

/** The "Profile Information" card: view mode, then Edit → fields → Cancel / Save Changes. */
export function ProfileInformation({
  profile,
  rules,
  onSave,
  extra,
}: {
  profile: UserDetailDto;
  rules: 'learner' | 'admin';
  onSave: (values: SaveValues) => Promise<void>;
  extra?: ReactNode;
}) {
  const initial = (): Fields => ({
    firstName: profile.firstName ?? '',
    lastName: profile.lastName ?? '',
    username: profile.username,
    email: profile.email,
  });
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState<Fields>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [currentPassword, setCurrentPassword] = useState('');
  const [language, setLanguage] = useState<InterfaceLanguage | null>(profile.language ?? null);
  const emailChanged = values.email.trim().toLowerCase() !== profile.email.toLowerCase();

  // biome-ignore lint/correctness/useExhaustiveDependencies: `initial` reads `profile`; the form resets when the saved profile changes
  useEffect(() => {
    setValues(initial());
    setLanguage(profile.language ?? null);
  }, [profile]);

  const cancel = () => {
    setValues(initial());
    setLanguage(profile.language ?? null);
    setCurrentPassword('');
    setErrors({});
    setError(null);
    setEditing(false);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate(rules, values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setError(null);
    try {
      await onSave({
        ...values,
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        username: values.username.trim(),
        email: values.email.trim(),
        language,
        ...(emailChanged ? { currentPassword } : {}),
      });
      // The preferred language is also this device's language from now on.
      if (language && language !== currentLocale()) void changeLocale(language);
      setCurrentPassword('');
      setEditing(false);
    } catch (e) {
      setError(e instanceof Error ? declaredText(e.message) : t('profile.updateFailed'));
      if (e instanceof SaveError) setErrors(e.fields);
    } finally {
      setBusy(false);
    }
  };

  const field = (key: keyof Fields, label: string, type = 'text', required = false) => (
    <TextField
      label={label}
      type={type}
      required={required}
      value={values[key]}
      error={errors[key]}
      readOnly={!editing}
      disabled={busy}
      onChange={(e) => {
        setValues((c) => ({ ...c, [key]: e.target.value }));
        // A field's error clears as soon as the field is edited.
        if (errors[key]) setErrors((c) => ({ ...c, [key]: undefined }));
      }}
    />
  );

  return (
    <Card>
      <form
        noValidate
        onSubmit={submit}
        className={css({ p: { base: '4', md: '6' }, display: 'flex', flexDirection: 'column', gap: '5' })}
      >
        <div className={css({ display: 'flex', alignItems: 'center', gap: '4', flexWrap: 'wrap' })}>
          <Avatar size="lg" initials={userInitials(profile)} />
          <div className={css({ flex: '1', minW: 0 })}>
            <h2 className={css({ fontSize: 'xl', fontWeight: 'bold', overflowWrap: 'anywhere' })}>
              {userDisplayName(profile)}
            </h2>
            <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>@{profile.username}</p>
            <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>
              {profile.role ? t(profile.role === 'ADMIN' ? 'role.ADMIN' : 'role.USER') : t('profile.noRole')}
            </p>
          </div>
          {!editing ? (
            <Button variant="outline" leftIcon={<Pencil />} onClick={() => setEditing(true)}>
              {t('profile.edit')}
            </Button>
          ) : null}
        </div>
        {error ? <Alert status="error">{error}</Alert> : null}
        <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '4' })}>
          {field('firstName', t('profile.firstName'), 'text', rules === 'admin')}
          {field('lastName', t('profile.lastName'), 'text', rules === 'admin')}
          {field('username', t('profile.username'), 'text', true)}
          {field('email', t('profile.email'), 'email', true)}
          {editing && emailChanged ? (
            <TextField
              label={t('profile.currentPassword')}
              type="password"
              autoComplete="current-password"
              required
              value={currentPassword}
              error={errors.currentPassword}
              disabled={busy}
              onChange={(e) => {
                setCurrentPassword(e.target.value);
                if (errors.currentPassword) setErrors((c) => ({ ...c, currentPassword: undefined }));
              }}
            />
          ) : null}
        </div>
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '1.5' })}>
          <label
            htmlFor="profile-language"
            className={css({ fontSize: 'sm', fontWeight: 'medium', color: 'fg.default' })}
          >
            {t('profile.language')}
          </label>
          <select
            id="profile-language"
            value={language ?? ''}
            disabled={!editing || busy}
            aria-describedby="profile-language-help"
            onChange={(e) => setLanguage(isLocale(e.target.value) ? e.target.value : null)}
            className={cx(
              languageSelect,
              css({ h: '10', px: '3', maxW: 'sm', _disabled: { bg: 'bg.muted', cursor: 'default' } }),
            )}
          >
            <option value="">{t('profile.languageBrowser')}</option>
            {LOCALES.map((value) => (
              <option key={value} value={value} lang={value}>
                {LOCALE_NAMES[value]}
              </option>
            ))}
          </select>
          <p id="profile-language-help" className={css({ fontSize: 'xs', color: 'fg.muted' })}>
            {t('profile.languageHelp')}
          </p>
        </div>
        {extra}
        {editing ? (
          <div className={css({ display: 'flex', gap: '2', justifyContent: 'flex-end', flexWrap: 'wrap' })}>
            <Button variant="outline" palette="neutral" onClick={cancel} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('profile.save')}
            </Button>
          </div>
        ) : null}
      </form>
    </Card>
  );
}

export function ProfileLoading({ error }: { error: string | null }) {
  return error ? <Alert status="error">{error}</Alert> : <LoadingBlock label={t('profile.loading')} />;
}

export function ReadOnlyFacts({ profile }: { profile: UserDetailDto }) {
  return (
    <Card>
      <div className={css({ p: { base: '4', md: '6' }, display: 'flex', flexDirection: 'column', gap: '4' })}>
        <div>
          <h3 className={css({ fontSize: 'sm', fontWeight: 'semibold', color: 'fg.muted', mb: '1' })}>
            {t('profile.role')}
          </h3>
          <p>{profile.role ? t(profile.role === 'ADMIN' ? 'role.ADMIN' : 'role.USER') : t('profile.noRole')}</p>
        </div>
        <div>
          <h3 className={css({ fontSize: 'sm', fontWeight: 'semibold', color: 'fg.muted', mb: '2' })}>
            {t('profile.domains')}
          </h3>
          {profile.domains.length === 0 ? (
            <p className={css({ color: 'fg.muted' })}>{t('profile.noDomains')}</p>
          ) : (
            <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
              {profile.domains.map((d) => (
                <Chip key={d.id} palette="info">
                  {d.name}
                </Chip>
              ))}
            </div>
          )}
        </div>
      </div>
    </Card>
  );
}
