import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen } from '../../../shared/ui/error-screen';
import { useEmbed, useFrameContent } from '../embedded/embed-state';
import { useI18n } from '../i18n/i18n-context';

/** Spec §2's generic error screen in the portal's current language; inline in the widget, as tall as it is. */
function PortalErrorScreen({ error }: { error: unknown }) {
  const { lang } = useI18n();
  useFrameContent();
  const inline = useEmbed()?.mode === 'inline';
  return <ErrorScreen error={error} lang={lang} className={inline ? 'py-10' : undefined} />;
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
