import { type AnchorHTMLAttributes, type MouseEvent, useEffect } from 'react';
import { navigate } from './history';

/** A link inside the portal: a real `<a href>` (new tab, copy link work) that navigates without a reload. */
export function Link({
  to,
  onClick,
  ...rest
}: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string }) {
  function follow(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    const modified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
    if (event.defaultPrevented || event.button !== 0 || modified || rest.target) return;
    event.preventDefault();
    navigate(to);
  }
  return <a href={to} onClick={follow} {...rest} />;
}

/** Replaces the current entry with `to` once rendered (a redirect). */
export function Redirect({ to }: { to: string }) {
  useEffect(() => navigate(to, { replace: true }), [to]);
  return null;
}
