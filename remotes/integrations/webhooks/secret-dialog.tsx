import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { toast } from '../../../shared/ui/toaster';
import { useWebhookTexts } from './i18n';

/** The signing secret, shown once (after creating an endpoint or rotating its secret), with a copy button. */
export function SecretDialog({
  secret,
  rotated,
  onClose,
}: {
  secret: string;
  rotated: boolean;
  onClose: () => void;
}) {
  const { t } = useWebhookTexts();
  const copy = async () => {
    await navigator.clipboard.writeText(secret);
    toast.success(t('toast.copied'));
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('secret.title')}
      description={t('secret.body')}
    >
      <div className="grid gap-3">
        <code
          data-testid="webhook-secret"
          className="block break-all rounded-lg border border-line bg-surface p-3 text-sm"
        >
          {secret}
        </code>
        {rotated ? <p className="text-sm text-muted">{t('secret.rotated')}</p> : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => void copy()}>
            {t('secret.copy')}
          </Button>
          <Button onClick={onClose}>{t('secret.done')}</Button>
        </div>
      </div>
    </Dialog>
  );
}
