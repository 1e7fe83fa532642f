import { css } from 'styled-system/css';
import { grid } from 'styled-system/patterns';
import { KioskProfileCard } from '../../components/kiosk/kiosk-profile-card';
import { PageHeader } from '../../components/page-header';
import { ProfileInformation, ProfileLoading, ReadOnlyFacts, useProfile } from '../../components/profile-editor';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { t } from '../../i18n';

/** /profile: "My Profile": the learner's names, username and email; role and books read-only. */
export function ProfilePage() {
  useDocumentTitle(t('profile.title'));
  const { profile, loadError, save } = useProfile(t('profile.updateFailedRetry'));
  return (
    <>
      <PageHeader title={t('profile.title')} subtitle={t('profile.subtitle')} />
      {!profile ? (
        <ProfileLoading error={loadError} />
      ) : (
        <div className={grid({ gap: '5', gridTemplateColumns: { base: '1fr', lg: '2fr 1fr' }, alignItems: 'start' })}>
          <section aria-label={t('profile.info')}>
            <h2 className={css({ fontSize: 'lg', fontWeight: 'semibold', mb: '3' })}>{t('profile.info')}</h2>
            <ProfileInformation profile={profile} rules="learner" onSave={(values) => save(values)} />
          </section>
          <section aria-label={t('profile.account')}>
            <h2 className={css({ fontSize: 'lg', fontWeight: 'semibold', mb: '3' })}>{t('profile.account')}</h2>
            <ReadOnlyFacts profile={profile} />
          </section>
        </div>
      )}
      {profile && <KioskProfileCard />}
    </>
  );
}
