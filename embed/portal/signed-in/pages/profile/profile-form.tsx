import { type FormEvent, useId, useState } from 'react';
import { ApiError } from '../../../../../shared/api/error';
import { PortalProfileUpdate } from '../../../../../shared/contracts/portal-client';
import { Button } from '../../../../../shared/ui/button';
import { Card } from '../../../../../shared/ui/card';
import { Field } from '../../../../../shared/ui/field';
import { Label } from '../../../../../shared/ui/label';
import { toast } from '../../../../../shared/ui/toaster';
import { call } from '../../../api/portal-api';
import { useI18n } from '../../../i18n/i18n-context';
import type { SupportedLanguage } from '../../../i18n/language';
import { store, useAction } from '../../data-store';
import { portalKeys } from '../../portal-data';
import { storeClient } from '../../session-sync';
import { useSignedIn } from '../../signed-in-context';

/** Name and language (the portal and its e-mails follow the language). E-mail is the provider's to change. */
export function ProfileForm() {
  const { t, setLanguage } = useI18n();
  const { portalId, session } = useSignedIn();
  const [name, setName] = useState(session.client.name);
  const [language, setLang] = useState<SupportedLanguage>(session.client.language);
  const [nameError, setNameError] = useState<string>();
  const languageId = useId();

  const save = useAction(
    (body: { name: string; language: SupportedLanguage }) =>
      call(
        (api) => api.PATCH('/api/portal/{portalId}/profile', { params: { path: { portalId } }, body }),
        t('errors.network'),
      ),
    {
      onSuccess: (client) => {
        storeClient(client);
        store.setData(portalKeys.session(portalId), (old: { client: unknown } | undefined) =>
          old ? { ...old, client } : old,
        );
        setLanguage(client.language, { remember: true });
        toast.success(t('toast.profileUpdated'));
      },
      onError: (error) => {
        const field = error instanceof ApiError ? error.fields.find((f) => f.path === 'name') : undefined;
        if (field) setNameError(field.message);
        toast.error(t('toast.profileFailed', { message: error.message }));
      },
    },
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = PortalProfileUpdate.safeParse({ name, language });
    if (!parsed.success) {
      setNameError(t(parsed.error.issues[0]?.message ?? 'validation.invalid'));
      return;
    }
    setNameError(undefined);
    save.mutate({ name: parsed.data.name ?? name, language });
  }

  return (
    <Card className="p-5 sm:p-6">
      <form noValidate onSubmit={submit} className="grid gap-5">
        <h2 className="text-lg font-semibold">{t('profile.details')}</h2>
        <Field
          label={t('profile.name')}
          name="name"
          autoComplete="name"
          value={name}
          error={nameError}
          onChange={(event) => setName(event.target.value)}
        />
        <Field
          label={t('profile.email')}
          name="email"
          type="email"
          value={session.client.email}
          readOnly
          disabled
          hint={t('profile.emailHint')}
        />
        <div className="grid gap-1.5">
          <Label htmlFor={languageId}>{t('profile.language')}</Label>
          <select
            id={languageId}
            value={language}
            onChange={(event) => setLang(event.target.value as SupportedLanguage)}
            aria-describedby={`${languageId}-hint`}
            className="h-10 w-full rounded-lg border border-line bg-canvas px-3 text-base text-ink shadow-xs sm:text-sm"
          >
            <option value="en" lang="en">
              {t('common.en')}
            </option>
            <option value="de" lang="de">
              {t('common.de')}
            </option>
          </select>
          <p id={`${languageId}-hint`} className="text-xs text-subtle">
            {t('profile.languageHint')}
          </p>
        </div>
        <div>
          <Button type="submit" loading={save.isPending}>
            {save.isPending ? t('profile.saving') : t('profile.save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
