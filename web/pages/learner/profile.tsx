import { css } from 'styled-system/css';
import { PageHeader } from '../../components/page-header';
import { ProfileInformation, ProfileLoading, ReadOnlyFacts, useProfile } from '../../components/profile-editor';
import { useDocumentTitle } from '../../hooks/use-document-title';

/** /profile: "My Profile": the learner's names, username and email; role and books read-only. */
export function ProfilePage() {
  useDocumentTitle('My Profile');
  const { profile, loadError, save } = useProfile('Failed to update profile. Please try again.');
  return (
    <>
      <PageHeader title="My Profile" subtitle="Your account details. Your role and books are managed by an administrator." />
      {!profile ? (
        <ProfileLoading error={loadError} />
      ) : (
        <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', lg: '2fr 1fr' }, gap: '5', alignItems: 'start' })}>
          <section aria-label="Profile Information">
            <h2 className={css({ fontSize: 'lg', fontWeight: 'semibold', mb: '3' })}>Profile Information</h2>
            <ProfileInformation profile={profile} rules="learner" onSave={(values) => save(values)} />
          </section>
          <section aria-label="Account">
            <h2 className={css({ fontSize: 'lg', fontWeight: 'semibold', mb: '3' })}>Account</h2>
            <ReadOnlyFacts profile={profile} />
          </section>
        </div>
      )}
    </>
  );
}
