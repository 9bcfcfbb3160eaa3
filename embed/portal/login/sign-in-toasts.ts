import { translate } from '../../../shared/portal/translate';
import { type ToastOptions, toast } from '../../../shared/ui/toaster';
import { messagesFor, type SupportedLanguage } from '../i18n/language';

/**
 * The sign-in form's outcome toasts (spec §8) share one id: a new outcome replaces the last one instead of
 * stacking up, and a successful sign-in takes the last one away, so a "wrong password" never stays on
 * screen above the welcome.
 */
const SIGN_IN_TOAST = 'portal-sign-in';

/** An outcome of the sign-in form, as a toast with the shared id. */
export const signInToast = {
  success: (title: string, options?: ToastOptions) => toast.success(title, { ...options, id: SIGN_IN_TOAST }),
  error: (title: string, options?: ToastOptions) => toast.error(title, { ...options, id: SIGN_IN_TOAST }),
};

/** Spec §8 "Welcome back!" in the client's language (the page's texts may still be in another one). */
export function welcomeBack(lang: SupportedLanguage): void {
  toast.dismiss(SIGN_IN_TOAST);
  const messages = messagesFor(lang);
  toast.success(translate(messages, lang, 'toast.welcomeTitle'), {
    description: translate(messages, lang, 'toast.welcomeBody'),
  });
}
