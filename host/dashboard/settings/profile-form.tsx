import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { describeFailure, fieldErrorsOf } from '../../../shared/api/describe';
import { type Profile, ProfileUpdateInput } from '../../../shared/contracts/profile';
import { browserTimeZone, timeZoneOptions } from '../../../shared/contracts/time-zone';
import { chooseLanguage, currentLanguage } from '../../../shared/i18n/index';
import { SUPPORTED_LANGUAGES, type SupportedLanguage } from '../../../shared/i18n/languages';
import { useTranslation } from '../../../shared/i18n/react';
import { Button } from '../../../shared/ui/button';
import { Field } from '../../../shared/ui/field';
import { SelectField } from '../../../shared/ui/select-field';
import { toast } from '../../../shared/ui/toaster';
import { useAuth } from '../../auth/auth-provider';
import { validateForm } from '../../lib/form-errors';
import { dashboardApi } from '../dashboard-api';
import { dashboardKeys } from '../dashboard-keys';
import { useRememberProfileLanguage } from '../shell/profile-language';
import { LoadFailed } from './load-failed';

/** Currencies offered in the picker; a profile's other valid ISO code is kept and shown too. */
const CURRENCIES = ['EUR', 'USD', 'GBP', 'CHF', 'CAD', 'AUD', 'SEK', 'NOK', 'DKK', 'PLN', 'CZK', 'JPY'];

/** The profile form (spec §3 fields + optional currency) with the spec §8 messages. */
export function ProfileForm() {
  const { t } = useTranslation();
  const profile = useQuery({ queryKey: dashboardKeys.profile, queryFn: dashboardApi.profile });
  if (profile.isError) return <LoadFailed error={profile.error} onRetry={() => void profile.refetch()} />;
  if (!profile.data)
    return (
      <div role="status" aria-label={t('app.loading')} className="grid gap-4">
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-16 animate-pulse rounded-lg bg-surface" />
        ))}
      </div>
    );
  return <ProfileFields profile={profile.data} />;
}

type Values = {
  fullName: string;
  businessName: string;
  website: string;
  preferredLanguage: SupportedLanguage;
  currency: string;
  timeZone: string;
};

const toValues = (profile: Profile): Values => ({
  fullName: profile.fullName,
  businessName: profile.businessName ?? '',
  website: profile.website ?? '',
  preferredLanguage: profile.preferredLanguage,
  currency: profile.currency ?? '',
  timeZone: profile.timeZone ?? browserTimeZone(),
});

function ProfileFields({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation();
  const auth = useAuth();
  const queryClient = useQueryClient();
  const rememberLanguage = useRememberProfileLanguage();
  const [values, setValues] = useState<Values>(() => toValues(profile));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const save = useMutation({
    mutationFn: dashboardApi.updateProfile,
    onSuccess: (saved) => {
      queryClient.setQueryData(dashboardKeys.profile, saved);
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.overview });
      setValues(toValues(saved));
      if (auth.status === 'signedIn' && auth.user.fullName !== saved.fullName) {
        auth.setSession({ user: { ...auth.user, fullName: saved.fullName }, session: auth.session });
      }
      rememberLanguage(saved.preferredLanguage);
      // Spec §4: the profile language wins; switch the interface when it changed, then confirm in it.
      const switched =
        saved.preferredLanguage === currentLanguage(i18n)
          ? Promise.resolve()
          : chooseLanguage(saved.preferredLanguage, i18n);
      void switched.finally(() => toast.success(i18n.t('settings:profile.updated')));
    },
    onError: (error) => {
      setErrors(fieldErrorsOf(t, error));
      toast.error(t('settings:profile.failed', { message: describeFailure(t, error) }));
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const body = { ...values, currency: values.currency || null };
    const result = validateForm(ProfileUpdateInput, body, t);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    save.mutate(body);
  }

  const update = (field: keyof Values) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  const currencies =
    values.currency && !CURRENCIES.includes(values.currency) ? [values.currency, ...CURRENCIES] : CURRENCIES;
  const defaultCurrency = values.preferredLanguage === 'de' ? 'EUR' : 'USD';

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t('settings:profile.fullName')}
          name="fullName"
          autoComplete="name"
          value={values.fullName}
          onChange={update('fullName')}
          error={errors.fullName}
        />
        <Field
          label={t('settings:profile.businessName')}
          name="businessName"
          autoComplete="organization"
          value={values.businessName}
          onChange={update('businessName')}
          error={errors.businessName}
        />
      </div>
      <Field
        label={t('settings:profile.website')}
        name="website"
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder="https://"
        value={values.website}
        onChange={update('website')}
        error={errors.website}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t('settings:profile.language')}
          name="preferredLanguage"
          value={values.preferredLanguage}
          onChange={update('preferredLanguage')}
          error={errors.preferredLanguage}
          options={SUPPORTED_LANGUAGES.map((lang) => ({ value: lang, label: t(`language.${lang}`) }))}
        />
        <SelectField
          label={t('settings:profile.currency')}
          name="currency"
          value={values.currency}
          onChange={update('currency')}
          error={errors.currency}
          hint={t('settings:profile.currencyHint')}
          options={[
            { value: '', label: t('settings:profile.currencyDefault', { currency: defaultCurrency }) },
            ...currencies.map((code) => ({ value: code, label: code })),
          ]}
        />
      </div>
      <SelectField
        label={t('settings:profile.timeZone')}
        name="timeZone"
        value={values.timeZone}
        onChange={update('timeZone')}
        error={errors.timeZone}
        hint={t('settings:profile.timeZoneHint')}
        options={timeZoneOptions(values.timeZone).map((zone) => ({
          value: zone,
          label: zone.replaceAll('_', ' '),
        }))}
      />
      <Field label={t('auth.email')} name="email" type="email" value={profile.email} readOnly disabled />
      <div>
        <Button type="submit" loading={save.isPending}>
          {save.isPending ? t('settings:saving') : t('settings:profile.save')}
        </Button>
      </div>
    </form>
  );
}
