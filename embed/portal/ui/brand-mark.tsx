import type { PortalBranding } from '../../../shared/contracts/portal-client';
import { cn } from '../../../shared/ui/cn';

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
  // A long name (German ones are) wraps onto a second line, broken between words (inside a word only when
  // one alone is wider than the space); past two lines it ends with an ellipsis after a word, the whole
  // name in its title.
  const name = showName ? (
    <span
      title={branding.name}
      className={cn(
        'line-clamp-2 leading-tight font-semibold break-words hyphens-auto',
        size === 'lg' ? 'text-lg' : 'text-base',
      )}
    >
      {branding.name}
    </span>
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
