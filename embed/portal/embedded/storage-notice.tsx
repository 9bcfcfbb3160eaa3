import { useI18n } from '../i18n/i18n-context';
import { currentLocation } from '../navigation/history';
import { sessionPersists } from '../session/session-store';
import { useEmbed } from './embed-state';

/**
 * Inside the widget, where the browser blocks the frame's storage (third-party storage off): the client
 * can still sign in for this visit (the session is kept in memory), and is offered the standalone portal
 * in a new tab, where it can stay signed in.
 */
export function StorageNotice() {
  const { t } = useI18n();
  const embed = useEmbed();
  if (!embed || sessionPersists()) return null;
  return (
    <p role="note" className="rounded-lg border border-line bg-canvas p-3 text-sm text-muted">
      {t('frame.storageBlocked')}{' '}
      <a
        href={currentLocation().split('?')[0]}
        target="_blank"
        rel="noopener noreferrer"
        className="font-medium text-primary underline underline-offset-2"
      >
        {t('frame.storageOpen')}
      </a>
    </p>
  );
}
