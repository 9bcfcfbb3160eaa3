import { MailCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '../../../shared/ui/button';
import { useI18n } from '../i18n/i18n-context';

/**
 * Shown instead of the form once the sign-in e-mail is on its way. With `outboxUrl` (development only:
 * the API sends it where e-mail goes to the development outbox) it also links to where the e-mail is.
 */
export function LinkSent({
  email,
  outboxUrl,
  onReset,
}: {
  email: string;
  outboxUrl?: string | undefined;
  onReset: () => void;
}) {
  const { t } = useI18n();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="grid gap-4 text-center">
      <span className="mx-auto grid size-12 place-items-center rounded-full bg-primary-soft text-primary">
        <MailCheck aria-hidden="true" className="size-6" />
      </span>
      <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
        {t('login.sentTitle')}
      </h2>
      <p className="text-sm text-muted">{t('login.sentBody', { email })}</p>
      {outboxUrl ? (
        <p className="rounded-lg border border-dashed border-line px-3 py-2 text-sm text-muted">
          {t('login.outboxHint')}{' '}
          <a href={outboxUrl} target="_blank" rel="noopener" className="font-medium text-ink underline">
            {t('login.openOutbox')}
          </a>
        </p>
      ) : null}
      <Button variant="secondary" onClick={onReset}>
        {t('login.useAnother')}
      </Button>
    </div>
  );
}
