import type { ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/react';
import { Card } from '../../../shared/ui/card';
import { cn } from '../../../shared/ui/cn';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { DeleteAccount } from './delete-account';
import { PasswordForm } from './password-form';
import { ProfileForm } from './profile-form';
import { SessionsList } from './sessions-list';

/** /dashboard/settings: profile, password, active sessions and the danger zone (its own lazy chunk). */
export default function SettingsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('nav.settings'));
  return (
    <div className="grid max-w-3xl gap-8">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold">{t('nav.settings')}</h1>
        <p className="text-muted">{t('settings:subtitle')}</p>
      </div>
      <SettingsSection
        id="profile"
        title={t('settings:profile.title')}
        description={t('settings:profile.description')}
      >
        <ProfileForm />
      </SettingsSection>
      <SettingsSection
        id="password"
        title={t('settings:password.title')}
        description={t('settings:password.description')}
      >
        <PasswordForm />
      </SettingsSection>
      <SettingsSection
        id="sessions"
        title={t('settings:sessions.title')}
        description={t('settings:sessions.description')}
      >
        <SessionsList />
      </SettingsSection>
      <SettingsSection
        id="danger"
        title={t('settings:danger.title')}
        description={t('settings:danger.description')}
        danger
      >
        <DeleteAccount />
      </SettingsSection>
    </div>
  );
}

function SettingsSection({
  id,
  title,
  description,
  danger,
  children,
}: {
  id: string;
  title: string;
  description: string;
  danger?: boolean;
  children: ReactNode;
}) {
  const headingId = `settings-${id}`;
  return (
    <Card className={cn('p-6', danger && 'border-danger/40')}>
      <section aria-labelledby={headingId} className="grid gap-5">
        <div className="grid gap-1">
          <h2 id={headingId} className={cn('text-lg font-semibold', danger && 'text-danger')}>
            {title}
          </h2>
          <p className="text-sm text-muted">{description}</p>
        </div>
        {children}
      </section>
    </Card>
  );
}
