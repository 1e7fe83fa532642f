import type { UserDetailDto } from '@contract/users';
import { ADMIN_PERMISSION_KEYS, type AdminPermissions } from '@contract/auth';
import { Pencil } from 'lucide-react';
import { useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { wrap } from 'styled-system/patterns';
import { KioskProfileCard } from '../../components/kiosk/kiosk-profile-card';
import { PageHeader } from '../../components/page-header';
import { ProfileInformation, ProfileLoading, useProfile } from '../../components/profile-editor';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { Alert, Button, Card, Checkbox, TabContent, TabList, Tabs, TabTrigger } from '../../ui';
import { formatDateTime } from '../../format';
import { t } from '../../i18n';

const ALL_TRUE = Object.fromEntries(ADMIN_PERMISSION_KEYS.map((k) => [k, true])) as AdminPermissions;

/** /admin/profile: tabs 'Profile Information' and 'Admin Permissions'. */
export function AdminProfilePage() {
  useDocumentTitle(t('admin.profile.title'));
  const { profile, loadError, save } = useProfile(t('admin.profile.updateFailed'));
  const [tab, setTab] = useState('info');
  return (
    <>
      <PageHeader
        title={t('admin.profile.title')}
        subtitle={
          profile?.lastLogin
            ? t('admin.profile.lastSignIn', { date: formatDateTime(profile.lastLogin) })
            : t('admin.profile.subtitle')
        }
      />
      {!profile ? (
        <ProfileLoading error={loadError} />
      ) : (
        <Tabs value={tab} onValueChange={setTab}>
          <TabList aria-label={t('admin.profile.title')}>
            <TabTrigger value="info">{t('admin.profile.info')}</TabTrigger>
            <TabTrigger value="permissions">{t('admin.profile.permissions')}</TabTrigger>
          </TabList>
          <TabContent value="info">
            <div className={css({ maxW: '3xl', pt: '4' })}>
              <ProfileInformation profile={profile} rules="admin" onSave={(values) => save(values)} />
              <KioskProfileCard />
            </div>
          </TabContent>
          <TabContent value="permissions">
            <div className={css({ maxW: '3xl', pt: '4' })}>
              <PermissionsPanel profile={profile} onSave={(permissions) => save({ permissions })} />
            </div>
          </TabContent>
        </Tabs>
      )}
    </>
  );
}

/** The six flags, all true by default, editable only in edit mode. */
function PermissionsPanel({
  profile,
  onSave,
}: {
  profile: UserDetailDto;
  onSave: (p: AdminPermissions) => Promise<void>;
}) {
  const stored = profile.permissions ?? ALL_TRUE;
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState<AdminPermissions>(stored);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => setValues(profile.permissions ?? ALL_TRUE), [profile]);

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      await onSave(values);
      setEditing(false);
    } catch (e) {
      setError(e instanceof Error ? e.message : t('admin.profile.updateFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <div className={css({ p: { base: '4', md: '6' }, display: 'flex', flexDirection: 'column', gap: '4' })}>
        <div className={wrap({ align: 'center', justify: 'space-between', gap: '3' })}>
          <h2 className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>{t('admin.profile.permissions')}</h2>
          {!editing ? (
            <Button variant="outline" leftIcon={<Pencil />} onClick={() => setEditing(true)}>
              {t('admin.profile.edit')}
            </Button>
          ) : null}
        </div>
        {error ? <Alert status="error">{error}</Alert> : null}
        <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '3' })}>
          {ADMIN_PERMISSION_KEYS.map((key) => (
            <Checkbox
              key={key}
              checked={values[key]}
              disabled={!editing || busy}
              onCheckedChange={(on) => setValues((c) => ({ ...c, [key]: on }))}
            >
              {t(`admin.profile.permission.${key}`)}
            </Checkbox>
          ))}
        </div>
        {editing ? (
          <div className={css({ display: 'flex', gap: '2', justifyContent: 'flex-end', flexWrap: 'wrap' })}>
            <Button
              variant="outline"
              palette="neutral"
              disabled={busy}
              onClick={() => {
                setValues(stored);
                setError(null);
                setEditing(false);
              }}
            >
              {t('common.cancel')}
            </Button>
            <Button loading={busy} onClick={() => void submit()}>
              {t('admin.users.saveChanges')}
            </Button>
          </div>
        ) : null}
      </div>
    </Card>
  );
}
