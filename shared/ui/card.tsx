import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from './cn';

/** A bordered surface for grouped content. */
export function Card({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('rounded-2xl border border-line bg-canvas shadow-sm', className)} {...rest} />;
}

/** A section of a detail page: a card with its heading; `className` sets the gap between its parts. */
export function TitledCard({
  title,
  children,
  className = 'gap-4',
}: {
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Card className={cn('grid min-w-0 content-start p-5', className)}>
      <h2 className="text-base font-semibold">{title}</h2>
      {children}
    </Card>
  );
}

/** One fact of a detail card, inside a `<dl>`: its label above its value. */
export function DetailItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-medium text-subtle">{label}</dt>
      <dd className="text-sm break-words text-ink">{children}</dd>
    </div>
  );
}
