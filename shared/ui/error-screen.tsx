import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from '../i18n/react';
import { Button } from './button';

/** The generic error screen of spec §2: title, text, expandable details and a reload button. */
export function ErrorScreen({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const details = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return (
    <main role="alert" className="mx-auto grid min-h-dvh max-w-lg content-center gap-6 px-6 py-16">
      <div className="grid gap-2">
        <h1 className="text-2xl font-semibold">{t('errorScreen.title')}</h1>
        <p className="text-muted">{t('errorScreen.body')}</p>
      </div>
      <details className="rounded-lg border border-line bg-surface p-4 text-sm">
        <summary className="cursor-pointer font-medium">{t('errorScreen.details')}</summary>
        <pre className="mt-3 overflow-x-auto font-mono text-xs whitespace-pre-wrap text-muted">{details}</pre>
      </details>
      <div>
        <Button onClick={() => window.location.reload()}>{t('errorScreen.refresh')}</Button>
      </div>
    </main>
  );
}

type BoundaryProps = { children: ReactNode; fallback?: (error: unknown, reset: () => void) => ReactNode };
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
      <ErrorScreen error={this.state.error} />
    );
  }
}
