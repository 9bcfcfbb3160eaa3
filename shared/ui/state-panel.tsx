import type { ReactNode } from 'react';

/** A centred message with an icon, a text and actions: empty, no-results, not-found and error states. */
export function StatePanel({
  icon,
  title,
  body,
  children,
  role,
}: {
  icon: ReactNode;
  title: string;
  body?: string;
  children?: ReactNode;
  role?: 'alert' | 'status';
}) {
  return (
    <div
      role={role}
      className="grid place-items-center gap-4 rounded-2xl border border-dashed border-line px-6 py-12 text-center"
    >
      <span className="grid size-12 place-items-center rounded-full bg-primary-soft text-primary">
        {icon}
      </span>
      <div className="grid max-w-md gap-1.5">
        <h2 className="text-lg font-semibold">{title}</h2>
        {body ? <p className="text-sm text-muted">{body}</p> : null}
      </div>
      {children ? <div className="flex flex-wrap justify-center gap-2">{children}</div> : null}
    </div>
  );
}
