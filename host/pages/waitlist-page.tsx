import { CircleCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { fieldErrorsOf } from '../../shared/api/describe';
import type { WaitlistInput } from '../../shared/contracts/waitlist';
import { useTranslation } from '../../shared/i18n/react';
import { Button } from '../../shared/ui/button';
import { Card } from '../../shared/ui/card';
import { Field } from '../../shared/ui/field';
import { useDocumentTitle } from '../../shared/ui/use-document-title';
import { PublicLayout } from '../layout/public-layout';
import { useAction } from '../lib/use-action';
import { loadAuthForms } from './auth/auth-forms-lazy';

/** /waitlist: e-mail and optional name; 3 months free at launch (spec §1, §5, §8). */
export default function WaitlistPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('public:waitlist.title'));
  const [values, setValues] = useState({ email: '', name: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Validation (zod contracts) and the typed client load on first focus or submit, not with the page.
  const join = useAction(async (input: WaitlistInput) => {
    const { WaitlistInput, validateForm, authApi } = await loadAuthForms();
    const result = validateForm(WaitlistInput, input, t);
    if (!result.ok) {
      setErrors(result.errors);
      return undefined;
    }
    setErrors({});
    try {
      return await authApi.joinWaitlist(input);
    } catch (error) {
      setErrors({ form: t('public:waitlist.failed'), ...fieldErrorsOf(t, error) });
      return undefined;
    }
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    void join.run({ email: values.email, name: values.name.trim() || undefined });
  }

  return (
    <PublicLayout>
      <div className="mx-auto grid w-full max-w-md gap-6">
        <div className="grid gap-2 text-center">
          <h1 className="text-3xl font-semibold">{t('public:waitlist.title')}</h1>
          <p className="text-lg text-muted">{t('public:waitlist.subtitle')}</p>
          <p className="text-sm text-subtle">{t('public:waitlist.secondary')}</p>
        </div>
        <Card className="p-6 sm:p-8">
          {join.data ? (
            <div role="status" className="grid justify-items-center gap-3 text-center">
              <CircleCheck aria-hidden="true" className="size-10 text-success" />
              <h2 className="text-xl font-semibold">
                {join.data.alreadyOnList
                  ? t('public:waitlist.alreadyTitle')
                  : t('public:waitlist.successTitle')}
              </h2>
              <p className="text-muted">
                {join.data.alreadyOnList
                  ? t('public:waitlist.alreadyBody', { email: values.email.trim() })
                  : t('public:waitlist.successBody')}
              </p>
            </div>
          ) : (
            <form noValidate onSubmit={submit} onFocus={() => void loadAuthForms()} className="grid gap-4">
              <Field
                label={t('public:waitlist.email')}
                name="email"
                type="email"
                autoComplete="email"
                inputMode="email"
                value={values.email}
                onChange={(e) => setValues((v) => ({ ...v, email: e.target.value }))}
                error={errors.email}
              />
              <Field
                label={t('public:waitlist.name')}
                name="name"
                autoComplete="name"
                value={values.name}
                onChange={(e) => setValues((v) => ({ ...v, name: e.target.value }))}
                error={errors.name}
              />
              {errors.form ? (
                <p role="alert" className="rounded-lg bg-danger-soft p-3 text-sm text-danger">
                  {errors.form}
                </p>
              ) : null}
              <Button type="submit" size="lg" loading={join.pending} className="mt-2 w-full">
                {join.pending ? t('public:waitlist.submitting') : t('public:waitlist.submit')}
              </Button>
            </form>
          )}
        </Card>
      </div>
    </PublicLayout>
  );
}
