import { useTranslation } from '../../../shared/i18n/react';
import { useSearchParams } from '../../../shared/router';
import { Card } from '../../../shared/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../shared/ui/tabs';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { PublicLayout } from '../../layout/public-layout';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

type Mode = 'signin' | 'signup';

/** /auth: sign in and sign up tabs; `?mode=signup` opens sign-up (spec §2). */
export default function AuthPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const mode: Mode = params.get('mode') === 'signup' ? 'signup' : 'signin';
  useDocumentTitle(mode === 'signup' ? t('auth.tabSignUp') : t('auth.tabSignIn'));
  return (
    <PublicLayout>
      <div className="mx-auto grid w-full max-w-md gap-6">
        <div className="grid gap-2 text-center">
          <h1 className="text-3xl font-semibold">{t('auth.title')}</h1>
          <p className="text-muted">{t('auth.subtitle')}</p>
        </div>
        <Card className="p-6 sm:p-8">
          <Tabs
            value={mode}
            onValueChange={(value) =>
              setParams(value === 'signup' ? { mode: 'signup' } : {}, { replace: true })
            }
          >
            <TabsList>
              <TabsTrigger value="signin">{t('auth.tabSignIn')}</TabsTrigger>
              <TabsTrigger value="signup">{t('auth.tabSignUp')}</TabsTrigger>
            </TabsList>
            <TabsContent value="signin">
              <SignInForm />
            </TabsContent>
            <TabsContent value="signup">
              <SignUpForm />
            </TabsContent>
          </Tabs>
        </Card>
        <p className="text-center text-sm text-subtle">{t('auth.trialNote')}</p>
      </div>
    </PublicLayout>
  );
}
