import { type FormEvent, useState } from 'react';
import { describeFailure, fieldErrorsOf } from '../../../shared/api/describe';
import { ApiError } from '../../../shared/api/error';
import { DomainInput } from '../../../shared/contracts/domains';
import type { Portal } from '../../../shared/contracts/portals';
import { useTranslation } from '../../../shared/i18n/react';
import { Button } from '../../../shared/ui/button';
import { Field } from '../../../shared/ui/field';
import { toast } from '../../../shared/ui/toaster';
import { validateForm } from '../../lib/form-errors';
import { useDomain } from './portals-api';

/**
 * The domain to serve the portal at, validated with the shared contract (a host name, no scheme or path);
 * the API refuses the platform's own host and a domain another portal uses, shown on the field.
 */
export function DomainForm({
  portal,
  onDone,
  onCancel,
}: {
  portal: Portal;
  onDone: () => void;
  onCancel: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const { set } = useDomain(portal.id);
  const [value, setValue] = useState(portal.customDomain?.domain ?? '');
  const [error, setError] = useState<string | undefined>();

  function submit(event: FormEvent) {
    event.preventDefault();
    // People paste addresses: keep only the host of `https://portal.example.com/login`.
    const typed = value
      .trim()
      .replace(/^[a-z]+:\/\//i, '')
      .replace(/[/?#].*$/, '');
    const result = validateForm(DomainInput, { domain: typed }, t);
    if (!result.ok) {
      setError(result.errors.domain ?? t('validation.domainInvalid'));
      return;
    }
    setError(undefined);
    set.mutate(result.data, {
      onSuccess: () => {
        toast.success(t('portals:domain.saved'));
        onDone();
      },
      onError: (failure) => {
        const field =
          failure instanceof ApiError && failure.code === 'domain_taken'
            ? t('errors.domain_taken')
            : fieldErrorsOf(t, failure).domain;
        setError(field);
        if (!field) toast.error(t('portals:domain.saveFailed'), { description: describeFailure(t, failure) });
      },
    });
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <Field
        label={t('portals:domain.label')}
        name="domain"
        inputMode="url"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="portal.example-agency.com"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        error={error}
        hint={t('portals:domain.hint')}
      />
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel}>
            {t('portals:domain.cancel')}
          </Button>
        ) : null}
        <Button type="submit" loading={set.isPending}>
          {t('portals:domain.save')}
        </Button>
      </div>
    </form>
  );
}
