import { cn } from '../../shared/ui/cn';

/**
 * Small hand-drawn SVG bars (shared/LIBRARIES.md: bars are SVG, no chart library): groups of one or two
 * bars on a common scale, each bar with its value in a `<title>`. The chart is a picture (`role="img"`
 * with its label); the numbers themselves are in the table beside it, which screen readers use.
 * `columns` (default) stand side by side under a time line (months); `rows` lie one under the other with
 * their label before them, for categories whose names are long words (statuses, in German above all) that
 * a column on a phone is too narrow for.
 */
export type BarSeries = { name: string; className: string };
export type BarGroup = { key: string; label: string; values: readonly number[] };

const HEIGHT = 160;
/** The picture's least width in its units: a few groups keep slim bars on a wide screen instead of blocks. */
const MIN_WIDTH = 600;

export function BarChart({
  label,
  series,
  groups,
  format,
  layout = 'columns',
}: {
  label: string;
  series: readonly BarSeries[];
  groups: readonly BarGroup[];
  format: (value: number) => string;
  layout?: 'columns' | 'rows';
}) {
  const max = Math.max(1, ...groups.flatMap((g) => g.values));
  const title = (group: BarGroup, s: number, value: number) =>
    `${group.label} · ${series[s]?.name}: ${format(value)}`;
  if (layout === 'rows')
    return (
      <figure className="grid gap-2">
        <div role="img" aria-label={label} className="grid gap-2">
          {groups.map((group) => (
            <div key={group.key} className="grid grid-cols-[minmax(0,10rem)_1fr] items-center gap-3">
              <span aria-hidden="true" className="text-xs leading-tight text-muted">
                {group.label}
              </span>
              <svg
                aria-hidden="true"
                viewBox={`0 0 100 ${series.length * 10}`}
                preserveAspectRatio="none"
                className="w-full"
                style={{ height: `${series.length * 0.75}rem` }}
              >
                {group.values.map((value, s) => (
                  <rect
                    key={series[s]?.name ?? s}
                    x={0}
                    y={s * 10 + 1}
                    width={Math.max((value / max) * 100, value > 0 ? 0.5 : 0)}
                    height={8}
                    className={series[s]?.className}
                  >
                    <title>{title(group, s, value)}</title>
                  </rect>
                ))}
              </svg>
            </div>
          ))}
        </div>
      </figure>
    );
  const bar = 14;
  const gap = 4;
  const groupWidth = series.length * bar + (series.length - 1) * gap + 16;
  const width = Math.max(groupWidth * groups.length, MIN_WIDTH);
  const step = groups.length > 0 ? width / groups.length : width;
  // Long series: every n-th label only, so they never overlap; in a frame narrower than 32 rem (a phone)
  // more than six labels are halved again, each then centred over its column and the next on one line.
  const every = Math.max(1, Math.ceil(groups.length / 12));
  const thinned = groups.length > 6;
  return (
    <figure className="@container grid gap-2">
      <svg
        role="img"
        aria-label={label}
        viewBox={`0 0 ${width} ${HEIGHT}`}
        className="h-40 w-full"
        preserveAspectRatio="none"
      >
        <line x1={0} x2={width} y1={HEIGHT} y2={HEIGHT} className="stroke-line" strokeWidth={1} />
        {groups.map((group, g) => {
          const x0 = g * step + (step - (groupWidth - 16)) / 2;
          return (
            <g key={group.key}>
              {group.values.map((value, s) => {
                const h = Math.round((value / max) * (HEIGHT - 8));
                return (
                  <rect
                    key={series[s]?.name ?? s}
                    x={x0 + s * (bar + gap)}
                    y={HEIGHT - h}
                    width={bar}
                    height={Math.max(h, value > 0 ? 1 : 0)}
                    rx={2}
                    className={series[s]?.className}
                  >
                    <title>{title(group, s, value)}</title>
                  </rect>
                );
              })}
            </g>
          );
        })}
      </svg>
      {/* The labels are HTML under their groups: they wrap instead of stretching with the picture. */}
      <div
        aria-hidden="true"
        className="grid gap-1 text-center text-[11px] leading-tight text-muted"
        style={{ gridTemplateColumns: `repeat(${Math.max(groups.length, 1)}, minmax(0, 1fr))` }}
      >
        {groups.map((group, g) =>
          g % every !== 0 ? (
            <span key={group.key} />
          ) : thinned ? (
            <span
              key={group.key}
              className={cn(
                'flex justify-center whitespace-nowrap',
                g % (2 * every) !== 0 && '@max-lg:invisible',
              )}
            >
              {group.label}
            </span>
          ) : (
            <span key={group.key} className="break-words">
              {group.label}
            </span>
          ),
        )}
      </div>
      {series.length > 1 ? (
        <figcaption className="flex flex-wrap gap-4 text-xs text-muted">
          {series.map((s) => (
            <span key={s.name} className="inline-flex items-center gap-1.5">
              <svg aria-hidden="true" viewBox="0 0 10 10" className="size-2.5">
                <rect width={10} height={10} rx={2} className={s.className} />
              </svg>
              {s.name}
            </span>
          ))}
        </figcaption>
      ) : null}
    </figure>
  );
}
