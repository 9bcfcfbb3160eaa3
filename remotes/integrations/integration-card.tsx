import { AlertTriangle, CheckCircle2, type LucideIcon, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../../shared/ui/card';

/**
 * One integration on the page: its icon, name and what it is for, its state as a badge, what it shows,
 * and its actions along the bottom. Each card of `cards.tsx` renders its content into this frame.
 */
export function IntegrationCard({
  id,
  icon: Icon,
  title,
  description,
  status,
  children,
  actions,
}: {
  id: string;
  icon: LucideIcon;
  title: string;
  description: string;
  status?: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  const headingId = `integration-${id}`;
  return (
    <Card
      role="region"
      aria-labelledby={headingId}
      data-integration={id}
      className="grid min-w-0 gap-5 p-5 sm:p-6"
    >
      {/* On a phone the description runs under icon and name; from `sm` it sits beside the icon. */}
      <header className="grid grid-cols-[2.75rem_minmax(0,1fr)] items-center gap-x-4 gap-y-2 sm:items-start">
        <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-primary-soft text-primary sm:row-span-2">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 sm:pt-0.5">
          <h2 id={headingId} className="text-base font-semibold">
            {title}
          </h2>
          {status}
        </div>
        <p className="col-span-2 text-sm text-muted sm:col-span-1 sm:col-start-2">{description}</p>
      </header>
      {children}
      {actions ? (
        <div className="flex flex-wrap items-center gap-2 border-t border-line pt-4">{actions}</div>
      ) : null}
    </Card>
  );
}

export type ResultTone = 'ok' | 'warning' | 'danger';

const TONE: Record<ResultTone, { icon: LucideIcon; colour: string }> = {
  ok: { icon: CheckCircle2, colour: 'text-success' },
  warning: { icon: AlertTriangle, colour: 'text-warning' },
  danger: { icon: XCircle, colour: 'text-danger' },
};

/**
 * Where a card says how its last action (a test, a check) went: a live region that is always there, so a
 * screen reader announces each new outcome.
 */
export function ActionResult({ result }: { result: { tone: ResultTone; text: string } | null }) {
  const look = result ? TONE[result.tone] : null;
  return (
    <div role="status" aria-live="polite" className="empty:hidden">
      {result && look ? (
        <p className={`flex items-start gap-2 text-sm font-medium ${look.colour}`}>
          <look.icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span className="min-w-0 break-words">{result.text}</span>
        </p>
      ) : null}
    </div>
  );
}
