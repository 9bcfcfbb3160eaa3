import { AlertTriangle } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from '../../../shared/i18n/react';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { CopyButton } from './copy-button';

/**
 * The one time a new signing secret is shown: the secret and the portal's id (the token's `aud`), each
 * copyable, with the warning that it cannot be shown again. Closing the dialog forgets it (`onDone`); it
 * never reaches the query cache, storage or the URL.
 */
export function SecretDialog({
  portalId,
  secret,
  onDone,
}: {
  portalId: string;
  secret: string | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Dialog
      open={secret !== null}
      onOpenChange={(open) => {
        if (!open) onDone();
      }}
      title={t('portals:sso.secretTitle')}
      description={t('portals:sso.secretBody')}
      className="max-w-lg"
    >
      <p className="flex gap-2 rounded-lg bg-warning-soft p-3 text-sm font-medium text-warning">
        <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {t('portals:sso.secretOnce')}
      </p>
      <SecretValue
        id={`${id}-secret`}
        label={t('portals:sso.secretLabel')}
        value={secret ?? ''}
        copyLabel={t('portals:sso.copySecret')}
      />
      <SecretValue
        id={`${id}-portal`}
        label={t('portals:sso.portalIdLabel')}
        value={portalId}
        copyLabel={t('portals:sso.copyPortalId')}
      />
      <div className="flex justify-end">
        <Button onClick={onDone}>{t('portals:sso.done')}</Button>
      </div>
    </Dialog>
  );
}

function SecretValue({
  id,
  label,
  value,
  copyLabel,
}: {
  id: string;
  label: string;
  value: string;
  copyLabel: string;
}) {
  return (
    <div className="grid gap-1.5">
      <p id={id} className="text-sm font-medium">
        {label}
      </p>
      <div className="flex items-center gap-2">
        <output
          aria-labelledby={id}
          className="min-w-0 flex-1 rounded-lg border border-line bg-surface px-3 py-2 font-mono text-sm break-all select-all"
        >
          {value}
        </output>
        <CopyButton text={value} label={copyLabel} kind="value" iconOnly />
      </div>
    </div>
  );
}
