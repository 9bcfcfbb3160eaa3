import { CalendarCheck, CalendarClock, FileText, FolderOpen, Repeat } from 'lucide-react';
import type { CalendarEntry } from '../../shared/contracts/calendar';
import { Link } from '../../shared/router';
import { cn } from '../../shared/ui/cn';
import { timeOf } from './dates';
import { useCalendarTexts } from './i18n';

/** What a click on an entry does: events and bookings open a dialog; project and invoice days link to their page. */
export type OpenEntry = (entry: CalendarEntry) => void;

const TONE: Record<CalendarEntry['kind'], string> = {
  event: 'border-primary/30 bg-primary/10 text-ink',
  booking: 'border-emerald-300 bg-emerald-50 text-emerald-950',
  project_start: 'border-amber-300 bg-amber-50 text-amber-950',
  project_end: 'border-amber-300 bg-amber-50 text-amber-950',
  invoice_due: 'border-rose-300 bg-rose-50 text-rose-950',
};

const ICON = {
  event: CalendarClock,
  booking: CalendarCheck,
  project_start: FolderOpen,
  project_end: FolderOpen,
  invoice_due: FileText,
} as const;

/** The page an entry of another kind links to. */
export function entryHref(entry: CalendarEntry): string | null {
  if ((entry.kind === 'project_start' || entry.kind === 'project_end') && entry.projectId)
    return `/dashboard/projects/${entry.projectId}`;
  if (entry.kind === 'invoice_due' && entry.invoiceId) return `/dashboard/invoices/${entry.invoiceId}`;
  return null;
}

/** The entry's one-line label: time (timed ones), what it is, and its title. */
export function useEntryLabel() {
  const { t } = useCalendarTexts();
  return (entry: CalendarEntry) => {
    const time = !entry.allDay && entry.startsAt ? `${timeOf(entry.startsAt)} ` : '';
    switch (entry.kind) {
      case 'project_start':
        return t('entry.projectStart', { name: entry.title });
      case 'project_end':
        return t('entry.projectEnd', { name: entry.title });
      case 'invoice_due':
        return t('entry.invoiceDue', { number: entry.invoiceNumber ?? entry.title });
      case 'booking':
        return `${time}${entry.title} · ${entry.clientName ?? ''}`;
      default:
        return `${time}${entry.title}`;
    }
  };
}

/**
 * One entry as a small chip (month and week views) or a row (agenda): a link to the project or invoice, or
 * a button that opens the event or booking. A cancelled booking is struck through and says so.
 */
export function EntryItem({
  entry,
  onOpen,
  variant = 'chip',
  className: extra,
  lines,
}: {
  entry: CalendarEntry;
  onOpen: OpenEntry;
  variant?: 'chip' | 'block' | 'row';
  className?: string;
  /** A block's label in at most this many lines (the week grid's height of the entry). */
  lines?: number;
}) {
  const { t } = useCalendarTexts();
  const label = useEntryLabel()(entry);
  const Icon = ICON[entry.kind];
  const cancelled = entry.status === 'cancelled';
  const className = cn(
    'flex w-full min-w-0 items-center gap-1.5 rounded-md border text-left focus-visible:outline-2 focus-visible:outline-primary',
    variant === 'chip'
      ? 'px-1.5 py-0.5 text-xs'
      : variant === 'block'
        ? 'items-start px-1.5 py-1 text-xs'
        : 'px-3 py-2 text-sm',
    TONE[entry.kind],
    cancelled && 'opacity-70',
    extra,
  );
  const content = (
    <>
      <Icon aria-hidden="true" className={variant === 'row' ? 'size-4 shrink-0' : 'mt-px size-3 shrink-0'} />
      <span
        className={cn(
          'min-w-0',
          variant === 'block' ? 'line-clamp-3 break-words' : 'truncate',
          cancelled && 'line-through',
        )}
        style={lines ? { WebkitLineClamp: lines } : undefined}
      >
        {label}
      </span>
      {entry.recurring ? <Repeat aria-label={t('entry.recurring')} className="size-3 shrink-0" /> : null}
      {cancelled ? <span className="sr-only">{t('entry.cancelled')}</span> : null}
    </>
  );
  const href = entryHref(entry);
  return href ? (
    <Link to={href} className={className} data-kind={entry.kind} title={label}>
      {content}
    </Link>
  ) : (
    <button
      type="button"
      className={className}
      data-kind={entry.kind}
      title={label}
      onClick={() => onOpen(entry)}
    >
      {content}
    </button>
  );
}
