import { type ReactNode, useEffect } from 'react';
import { useTranslation } from '../../../shared/i18n/react';
import { ApiKeysPanel } from '../../../shared/integrations/api-keys-panel';
import { useLocation } from '../../../shared/router';
import { Card } from '../../../shared/ui/card';
import { cn } from '../../../shared/ui/cn';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { DeleteAccount } from './delete-account';
import { ExportData } from './export-data';
import { InvoiceSettingsCard } from './invoice-settings-card';
import { PasswordForm } from './password-form';
import { PlanCard } from './plan-card';
import { ProfileForm } from './profile-form';
import { ReminderSettingsCard } from './reminder-settings-card';
import { SessionsList } from './sessions-list';
import { StripeCard } from './stripe-card';

/**
 * /dashboard/settings: profile, plan, payments (Stripe), invoice settings, password, active sessions, API
 * keys, the data export and the danger zone (its own lazy chunk). A `#plan`-style hash (the top bar's and the
 * banner's "Subscribe") scrolls to that section.
 */
export default function SettingsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('nav.settings'));
  useScrollToHash();
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
        id="plan"
        title={t('settings:plan.title')}
        description={t('settings:plan.description')}
      >
        <PlanCard />
      </SettingsSection>
      <SettingsSection
        id="payments"
        title={t('settings:stripe.title')}
        description={t('settings:stripe.description')}
      >
        <StripeCard />
      </SettingsSection>
      <SettingsSection
        id="invoices"
        title={t('settings:invoices.title')}
        description={t('settings:invoices.description')}
      >
        <InvoiceSettingsCard />
      </SettingsSection>
      <SettingsSection
        id="reminders"
        title={t('settings:reminders.title')}
        description={t('settings:reminders.description')}
      >
        <ReminderSettingsCard />
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
        id="api-keys"
        title={t('settings:apiKeys.title')}
        description={t('settings:apiKeys.description')}
      >
        <ApiKeysPanel />
      </SettingsSection>
      <SettingsSection
        id="export"
        title={t('settings:export.title')}
        description={t('settings:export.description')}
      >
        <ExportData />
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

/** Scrolls to the section the URL's hash names, once the page is there (links arrive from elsewhere). */
function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (!id) return;
    const section = document.getElementById(id);
    section?.scrollIntoView({ block: 'start' });
    section?.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
  }, [hash]);
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
    <Card id={id} className={cn('scroll-mt-20 p-4 sm:p-6', danger && 'border-danger/40')}>
      <section aria-labelledby={headingId} className="grid gap-5">
        <div className="grid gap-1">
          <h2
            id={headingId}
            tabIndex={-1}
            className={cn('text-lg font-semibold focus:outline-none', danger && 'text-danger')}
          >
            {title}
          </h2>
          <p className="text-sm text-muted">{description}</p>
        </div>
        {children}
      </section>
    </Card>
  );
}
