import { MessageSquare } from 'lucide-react';
import { useI18n } from '../../i18n/i18n-context';

/** "3 unread messages" beside a project, when the provider wrote something the client has not read. */
export function UnreadMessages({ count }: { count: number }) {
  const { t } = useI18n();
  if (count === 0) return null;
  return (
    <span className="inline-flex items-center gap-1 text-sm font-medium text-primary">
      <MessageSquare aria-hidden="true" className="size-4" />
      {t('projects.unread', { count })}
    </span>
  );
}
