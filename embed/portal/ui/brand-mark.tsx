import { useLayoutEffect, useRef } from 'react';
import type { PortalBranding } from '../../../shared/contracts/portal-client';
import { cn } from '../../../shared/ui/cn';

/**
 * The portal's name on at most two lines, wrapped between words; a name longer than that ends after its
 * last whole word that fits, with an ellipsis, and says itself whole in its title. CSS's line clamp puts
 * its ellipsis wherever the line is full, often inside a word ("Kommunikationsdes…"), so the words are
 * fitted here, again whenever the space changes.
 */
function BrandName({ name, className }: { name: string; className: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    let width = -1;
    const fitWords = () => {
      if (el.clientWidth === width) return;
      width = el.clientWidth;
      const limit = Number.parseFloat(getComputedStyle(el).lineHeight) * 2 + 1;
      el.textContent = name;
      const words = name.trim().split(/\s+/);
      for (let kept = words.length - 1; kept > 0 && el.scrollHeight > limit; kept--) {
        el.textContent = `${words.slice(0, kept).join(' ')}…`;
      }
    };
    fitWords();
    const observer = new ResizeObserver(fitWords);
    observer.observe(el);
    return () => observer.disconnect();
  }, [name]);
  return (
    <span
      ref={ref}
      title={name}
      className={cn('block max-h-[2lh] overflow-hidden leading-tight font-semibold break-words', className)}
    />
  );
}

/**
 * The portal's logo, or (without one) its initial on the primary colour, next to its name. Fixed heights,
 * so nothing shifts when the logo image arrives.
 */
export function BrandMark({
  branding,
  size = 'md',
  showName = true,
  className,
}: {
  branding: Pick<PortalBranding, 'name' | 'logoUrl'>;
  size?: 'md' | 'lg';
  showName?: boolean;
  className?: string;
}) {
  const box = size === 'lg' ? 'h-12' : 'h-9';
  const name = showName ? (
    <BrandName name={branding.name} className={size === 'lg' ? 'text-lg' : 'text-sm sm:text-base'} />
  ) : (
    <span className="sr-only">{branding.name}</span>
  );
  if (branding.logoUrl) {
    // The name beside the logo as without one (a logo alone often does not say it, e.g. a monogram);
    // the name is then the text, so the image is decorative.
    return (
      <span className={cn('inline-flex min-w-0 items-center gap-3', className)}>
        <img
          src={branding.logoUrl}
          alt=""
          className={cn(box, 'w-auto max-w-32 shrink-0 object-contain sm:max-w-48')}
          decoding="async"
        />
        {name}
      </span>
    );
  }
  return (
    <span className={cn('inline-flex min-w-0 items-center gap-3', className)}>
      <span
        aria-hidden="true"
        className={cn(
          box,
          'grid aspect-square shrink-0 place-items-center rounded-xl bg-primary font-semibold text-on-primary',
          size === 'lg' ? 'text-xl' : 'text-base',
        )}
      >
        {[...branding.name.trim()][0]?.toUpperCase() ?? '·'}
      </span>
      {name}
    </span>
  );
}
