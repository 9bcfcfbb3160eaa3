import { describeFailure } from '../../../shared/api/describe';
import { useTranslation } from '../../../shared/i18n/react';
import { Button } from '../../../shared/ui/button';
import { toast } from '../../../shared/ui/toaster';
import { useAction } from '../../lib/use-action';

/**
 * Sends the verification e-mail again. The API answers `{ ok: true }` whether or not the account exists
 * (no account enumeration), so the success text is worded the same way.
 */
export function ResendVerificationButton({ email, label }: { email: string; label?: string }) {
  const { t } = useTranslation();
  const resend = useAction(async (to: string) => {
    try {
      const { authApi } = await import('../../auth/auth-api');
      await authApi.resendVerification(to);
      toast.success(t('auth.verificationResent'));
    } catch (error) {
      toast.error(describeFailure(t, error));
    }
  });
  return (
    <Button
      variant="secondary"
      loading={resend.pending}
      onClick={() => void resend.run(email)}
      disabled={!email}
    >
      {resend.pending ? t('auth.resending') : (label ?? t('auth.resendVerification'))}
    </Button>
  );
}
