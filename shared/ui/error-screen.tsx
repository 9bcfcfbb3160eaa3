import { Component, type ErrorInfo, type ReactNode } from 'react';
import { LANGUAGE_STORAGE_KEY, type SupportedLanguage, toSupportedLanguage } from '../i18n/languages';
import { safeStore } from '../i18n/safe-store';
import { Button } from './button';
import { cn } from './cn';

/**
 * Spec §2's generic error screen texts, in both languages, bundled with the screen itself rather than
 * kept in the locale files: the screen must read right when nothing else loaded (the locale chunk or the
 * page's chunk failed), which is exactly when it shows. `error-screen.test.tsx` keeps en and de in step.
 */
export const ERROR_SCREEN_TEXTS = {
  en: {
    title: 'Something went wrong',
    body: 'We encountered an unexpected error. Please try refreshing the page.',
    details: 'Error Details',
    refresh: 'Refresh Page',
  },
  de: {
    title: 'Etwas ist schiefgelaufen',
    body: 'Es ist ein unerwarteter Fehler aufgetreten. Bitte laden Sie die Seite neu.',
    details: 'Fehlerdetails',
    refresh: 'Seite neu laden',
  },
} satisfies Record<SupportedLanguage, Record<string, string>>;

/**
 * The error screen's language: the app's current one when it knows it (`current`), else spec §9's order:
 * the stored choice, the browser's languages, the page's `<html lang>`.
 */
export function errorScreenLanguage(current?: string | null): SupportedLanguage {
  const browser = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  const candidates = [
    current,
    safeStore.get(LANGUAGE_STORAGE_KEY),
    ...browser,
    typeof document === 'undefined' ? null : document.documentElement.lang,
  ];
  const match = candidates.find((tag) => /^(en|de)([-_]|$)/i.test(tag ?? ''));
  return toSupportedLanguage(match);
}

/**
 * The generic error screen of spec §2: title, text, expandable details and a reload button. No i18n
 * runtime: it works in the host and in the portal (each passes its current language), and before either
 * has its texts.
 */
export function ErrorScreen({
  error,
  lang,
  className = 'min-h-dvh py-16',
}: {
  error: unknown;
  lang?: string | null | undefined;
  /** Height and vertical padding (the portal inside the widget drops `min-h-dvh`). */
  className?: string;
}) {
  const language = errorScreenLanguage(lang);
  const text = ERROR_SCREEN_TEXTS[language];
  const details = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return (
    <main
      role="alert"
      lang={language}
      className={cn('mx-auto grid max-w-lg content-center gap-6 px-6', className)}
    >
      <div className="grid gap-2">
        <h1 className="text-2xl font-semibold">{text.title}</h1>
        <p className="text-muted">{text.body}</p>
      </div>
      <details className="min-w-0 rounded-lg border border-line bg-surface p-4 text-sm">
        <summary className="cursor-pointer font-medium">{text.details}</summary>
        <pre className="mt-3 font-mono text-xs break-all whitespace-pre-wrap text-muted">{details}</pre>
      </details>
      <div>
        <Button onClick={() => window.location.reload()}>{text.refresh}</Button>
      </div>
    </main>
  );
}

type BoundaryProps = {
  children: ReactNode;
  fallback?: (error: unknown, reset: () => void) => ReactNode;
  /** The app's current language, read when the error screen shows. */
  lang?: () => string | null | undefined;
};
type BoundaryState = { error: unknown; failed: boolean };

/** Catches render errors below it and shows `fallback` (the generic error screen by default). */
export class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Render error', error, info.componentStack);
  }

  reset = (): void => this.setState({ error: null, failed: false });

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return this.props.fallback ? (
      this.props.fallback(this.state.error, this.reset)
    ) : (
      <ErrorScreen error={this.state.error} lang={this.props.lang?.()} />
    );
  }
}
