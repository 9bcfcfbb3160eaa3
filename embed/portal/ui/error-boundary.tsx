import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '../../../shared/ui/button';
import { cn } from '../../../shared/ui/cn';
import { useEmbed, useFrameContent } from '../embedded/embed-state';
import { useI18n } from '../i18n/i18n-context';

/** Spec §2's generic error screen, in the portal's texts. */
function PortalErrorScreen({ error }: { error: unknown }) {
  const { t } = useI18n();
  const details = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  useFrameContent();
  const inline = useEmbed()?.mode === 'inline';
  return (
    <main
      role="alert"
      className={cn('mx-auto grid max-w-lg content-center gap-6 px-6', inline ? 'py-10' : 'min-h-dvh py-16')}
    >
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

type State = { error: unknown; failed: boolean };

/** Catches render errors (and failed lazy chunks) below it and shows the generic error screen. */
export class PortalErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Render error', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <PortalErrorScreen error={this.state.error} /> : this.props.children;
  }
}
