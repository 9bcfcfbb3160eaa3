/**
 * Small hand-drawn SVG bars (shared/LIBRARIES.md: bars are SVG, no chart library): groups of one or two
 * bars on a common scale, each bar with its value in a `<title>`. The chart is a picture (`role="img"`
 * with its label); the numbers themselves are in the table beside it, which screen readers use.
 */
export type BarSeries = { name: string; className: string };
export type BarGroup = { key: string; label: string; values: readonly number[] };

const HEIGHT = 160;

export function BarChart({
  label,
  series,
  groups,
  format,
}: {
  label: string;
  series: readonly BarSeries[];
  groups: readonly BarGroup[];
  format: (value: number) => string;
}) {
  const max = Math.max(1, ...groups.flatMap((g) => g.values));
  const bar = 14;
  const gap = 4;
  const groupWidth = series.length * bar + (series.length - 1) * gap + 16;
  const width = Math.max(groupWidth * groups.length, 200);
  const step = groups.length > 0 ? width / groups.length : width;
  // Long series: every n-th label only, so they never overlap.
  const every = Math.max(1, Math.ceil(groups.length / 12));
  return (
    <figure className="grid gap-2">
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
                    <title>{`${group.label} · ${series[s]?.name}: ${format(value)}`}</title>
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
        {groups.map((group, g) => (
          <span key={group.key} className="break-words">
            {g % every === 0 ? group.label : ''}
          </span>
        ))}
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
