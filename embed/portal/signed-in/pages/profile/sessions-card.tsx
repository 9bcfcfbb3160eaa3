import { useState } from 'react';
import { Button } from '../../../../../shared/ui/button';
import { Card } from '../../../../../shared/ui/card';
import { useI18n } from '../../../i18n/i18n-context';
import { signOut } from '../../sign-out';
import { useSignedIn } from '../../signed-in-context';

/** Sign out here, or on every device (spec: the server can revoke a session). */
export function SessionsCard() {
  const i18n = useI18n();
  const { t } = i18n;
  const signedIn = useSignedIn();
  const [leaving, setLeaving] = useState<'this' | 'everywhere' | null>(null);
  const leave = async (scope: 'this' | 'everywhere') => {
    setLeaving(scope);
    await signOut(scope, signedIn, i18n);
  };
  return (
    <Card className="grid gap-4 p-5 sm:p-6">
      <div className="grid gap-1">
        <h2 className="text-lg font-semibold">{t('profile.sessions')}</h2>
        <p className="text-sm text-muted">{t('profile.sessionsBody')}</p>
      </div>
      <div className="flex flex-wrap gap-3">
        <Button
          variant="secondary"
          loading={leaving === 'this'}
          disabled={leaving !== null}
          onClick={() => leave('this')}
        >
          {t('nav.signOut')}
        </Button>
        <Button
          variant="danger"
          loading={leaving === 'everywhere'}
          disabled={leaving !== null}
          onClick={() => leave('everywhere')}
        >
          {t('profile.signOutEverywhere')}
        </Button>
      </div>
    </Card>
  );
}
