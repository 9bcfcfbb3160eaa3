import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { Button } from '../../../shared/ui/button';
import { Field } from '../../../shared/ui/field';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../shared/ui/tabs';
import { embedState } from '../embedded/embed-state';
import { useI18n } from '../i18n/i18n-context';
import type { PortalMode } from '../navigation/paths';
import { finishSignIn } from './finish-sign-in';
import { loadLoginDeps } from './load-login-deps';
import { signInToast } from './sign-in-toasts';

type Deps = Awaited<ReturnType<typeof loadLoginDeps>>;
type Method = 'magic' | 'password';
type Errors = { email?: string; password?: string };

/** Field errors from a contract's issues (their messages are i18n keys). */
function fieldErrors(issues: { path: PropertyKey[]; message: string }[], t: (key: string) => string): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const field = String(issue.path[0]);
    if ((field === 'email' || field === 'password') && !errors[field]) errors[field] = t(issue.message);
  }
  return errors;
}

/**
 * Spec §8's demo-link text with the link clickable. Inside the widget the link leads back to the
 * provider's page, so it opens there (the whole tab), not inside the frame.
 */
function demoLinkText(text: string, link: string): ReactNode {
  const [before = '', after = ''] = text.split('\u0000');
  return (
    <span>
      {before}
      <a href={link} target={embedState() ? '_top' : undefined} className="font-medium break-all underline">
        {link}
      </a>
      {after}
    </span>
  );
}

/**
 * The sign-in form: e-mail, then a magic link, or (when the client has one, spec §7 `client_has_password`)
 * a password. Validated with the API's own contracts, loaded on first focus; every outcome is one of
 * spec §8's toasts.
 */
export function LoginForm({
  mode,
  portalId,
  onLinkSent,
}: {
  mode: PortalMode;
  portalId: string | null;
  /** The e-mail is on its way; `outboxUrl` only in development (where it went instead of a mailbox). */
  onLinkSent: (email: string, outboxUrl: string | undefined) => void;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [method, setMethod] = useState<Method>('magic');
  const [hasPassword, setHasPassword] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);
  const checkedEmail = useRef('');
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const scope = portalId ? { portalId } : {};

  // Offer the password once the typed address belongs to a client who has one.
  useEffect(() => {
    if (!/^\S+@\S+\.\S+$/.test(email.trim())) return;
    const timer = window.setTimeout(async () => {
      const deps = await loadLoginDeps().catch(() => null);
      const parsed = deps?.MagicLinkRequest.safeParse({ email, ...(portalId ? { portalId } : {}) });
      if (!deps || !parsed?.success || parsed.data.email === checkedEmail.current) return;
      checkedEmail.current = parsed.data.email;
      // Refused by the per-address limit (perhaps by someone else's many checks), both ways are offered:
      // the password sign-in tells nothing more than this answer would have.
      const has = await deps
        .clientHasPassword(parsed.data, t('errors.network'))
        .catch((error: unknown) => error instanceof deps.ApiError && error.code === 'rate_limited');
      if (checkedEmail.current === parsed.data.email) setHasPassword(has);
    }, 450);
    return () => window.clearTimeout(timer);
  }, [email, portalId, t]);

  async function sendLink(deps: Deps) {
    // Inside the widget the link returns to the embedding page (the server checks it is allowed).
    const returnTo = embedState()?.pageUrl;
    const parsed = deps.MagicLinkRequest.safeParse({ email, ...scope, ...(returnTo ? { returnTo } : {}) });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues, t));
      emailInput.current?.focus();
      return;
    }
    setErrors({});
    try {
      const sent = await deps.requestMagicLink(parsed.data, t('errors.network'));
      // Spec §8: the demo link only when the e-mail failed (development only; the API never sends one in
      // production). Delivered to the development outbox is delivered: "Magic Link Sent!".
      if (sent.demoLink) {
        signInToast.error(t('toast.demoTitle'), {
          description: demoLinkText(t('toast.demoBody', { link: '\u0000' }), sent.demoLink),
          duration: 15_000,
        });
      } else {
        signInToast.success(t('toast.linkSentTitle'), {
          description: t('toast.linkSentBody'),
          duration: 10_000,
        });
        onLinkSent(parsed.data.email, sent.outboxUrl);
      }
    } catch (error) {
      const failure = error instanceof deps.ApiError ? error : null;
      if (failure?.fields.some((field) => field.path === 'returnTo')) {
        signInToast.error(t('toast.error'), { description: t('frame.returnRefused') });
      } else if (failure?.code === 'portal_account_not_found' || failure?.code === 'account_not_found') {
        signInToast.error(t('toast.accessDenied'), { description: failure.message });
      } else if (failure?.code === 'rate_limited' || failure?.code === 'network') {
        signInToast.error(t('toast.error'), { description: failure.message });
      } else {
        signInToast.error(t('toast.error'), { description: t('toast.linkFailed') });
      }
    }
  }

  async function signIn(deps: Deps) {
    const parsed = deps.PortalSignInInput.safeParse({ email, password, ...scope });
    if (!parsed.success) {
      const found = fieldErrors(parsed.error.issues, t);
      setErrors(found);
      (found.email ? emailInput : passwordInput).current?.focus();
      return;
    }
    setErrors({});
    try {
      await finishSignIn(
        await deps.signInWithPassword(parsed.data, t('errors.network')),
        mode,
        i18n,
        'password',
      );
    } catch (error) {
      const failure = error instanceof deps.ApiError ? error : null;
      if (failure?.status === 401) {
        signInToast.error(t('toast.invalidCredentials'), { description: failure.message });
        passwordInput.current?.select();
      } else if (failure?.code === 'rate_limited') {
        signInToast.error(t('toast.error'), { description: failure.message });
      } else {
        signInToast.error(t('toast.authError'), { description: t('toast.authErrorBody') });
      }
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    try {
      const deps = await loadLoginDeps();
      await (hasPassword && method === 'password' ? signIn(deps) : sendLink(deps));
    } catch {
      signInToast.error(t('toast.error'), { description: t('errors.network') });
    } finally {
      setPending(false);
    }
  }

  const magic = (
    <div className="grid gap-4">
      <p className="text-sm text-muted">{t('login.magicHint')}</p>
      <Button type="submit" size="lg" className="w-full" loading={pending}>
        {pending ? t('login.sending') : t('login.sendLink')}
      </Button>
    </div>
  );
  const withPassword = (
    <div className="grid gap-4">
      <Field
        ref={passwordInput}
        label={t('login.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        error={errors.password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <Button type="submit" size="lg" className="w-full" loading={pending}>
        {pending ? t('login.signingIn') : t('login.signIn')}
      </Button>
    </div>
  );

  return (
    <form
      noValidate
      onSubmit={submit}
      onFocus={() => void loadLoginDeps().catch(() => {})}
      className="grid gap-5"
    >
      <Field
        ref={emailInput}
        label={t('login.email')}
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        placeholder={t('login.emailPlaceholder')}
        value={email}
        error={errors.email}
        onChange={(event) => setEmail(event.target.value)}
      />
      {hasPassword ? (
        // One grid cell for the tabs and their panel: the panel's own top margin spaces them.
        <div>
          <Tabs value={method} onValueChange={(value) => setMethod(value as Method)}>
            <TabsList aria-label={t('login.methods')}>
              <TabsTrigger value="magic">{t('login.magicTab')}</TabsTrigger>
              <TabsTrigger value="password">{t('login.passwordTab')}</TabsTrigger>
            </TabsList>
            <TabsContent value="magic">{magic}</TabsContent>
            <TabsContent value="password">{withPassword}</TabsContent>
          </Tabs>
        </div>
      ) : (
        magic
      )}
    </form>
  );
}
