import { useI18n } from '../../i18n/i18n-context';
import { usePageTitle } from '../../ui/use-page-title';
import { useSignedIn } from '../signed-in-context';
import { PageHeader } from '../ui/page-header';
import { PasswordForm } from './profile/password-form';
import { ProfileForm } from './profile/profile-form';
import { SessionsCard } from './profile/sessions-card';

/** The client's profile: name, language, password, and signing out here or everywhere. */
export default function ProfilePage() {
  const { t } = useI18n();
  const { branding } = useSignedIn();
  usePageTitle(t('nav.profile'), branding?.name);
  return (
    <>
      <PageHeader title={t('profile.title')} description={t('profile.subtitle')} />
      <div className="grid max-w-2xl gap-6">
        <ProfileForm />
        <PasswordForm />
        <SessionsCard />
      </div>
    </>
  );
}
