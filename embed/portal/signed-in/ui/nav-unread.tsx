import { badgeText } from '../../../../shared/notifications/rules';
import { cn } from '../../../../shared/ui/cn';
import { useI18n } from '../../i18n/i18n-context';

/**
 * The unread count on the navigation's Messages item ('99+' above 99, as the bell's): the number drawn,
 * the words for screen readers. Nothing at 0.
 */
export function NavUnread({ count, className }: { count: number; className?: string }) {
  const { t } = useI18n();
  const text = badgeText(count);
  if (!text) return null;
  return (
    <>
      <span
        aria-hidden="true"
        data-testid="nav-unread"
        className={cn(
          'grid h-4.5 min-w-4.5 place-items-center rounded-full bg-danger px-1 text-[0.625rem] leading-none font-semibold text-white tabular-nums',
          className,
        )}
      >
        {text}
      </span>
      <span className="sr-only">{t('nav.unread', { count })}</span>
    </>
  );
}
