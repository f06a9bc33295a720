// A small SVG line chart for monitoring series: a time axis, a value axis from zero to a rounded
// maximum, at most two series, and the values under the pointer on hover. No chart library. With
// `pointLink`, every point of every series is a link (a dot, reachable by keyboard) to what it counts.
import { type MouseEvent, useState } from "react";

const WIDTH = 640;
const HEIGHT = 220;
const PAD = { left: 52, right: 16, top: 16, bottom: 28 };
const PLOT_W = WIDTH - PAD.left - PAD.right;
const PLOT_H = HEIGHT - PAD.top - PAD.bottom;
const TICKS = 4;
const SWATCH = { display: "inline-block", width: 12, height: 2, marginRight: 4, verticalAlign: "middle" };

export type ChartSeries = { name: string; color: string; values: readonly number[] };

/** The smallest 1, 2, 2.5 or 5 × 10ⁿ at or above the largest value (1 when there is nothing above 0). */
export function niceMax(values: readonly number[]): number {
  const max = Math.max(0, ...values.filter(Number.isFinite));
  if (max <= 0) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 2.5, 5, 10].find((s) => s * magnitude >= max) ?? 10;
  return step * magnitude;
}

/** SVG x of point i of n (a lone point sits in the middle). */
export const xAt = (i: number, n: number): number =>
  PAD.left + (n <= 1 ? PLOT_W / 2 : (i / (n - 1)) * PLOT_W);

/** SVG y of a value on an axis from 0 to max (values outside are held at the edges). */
export const yAt = (value: number, max: number): number =>
  PAD.top + PLOT_H - (Math.min(Math.max(value, 0), max) / max) * PLOT_H;

/** The "x,y x,y…" of a polyline. */
export const polylinePoints = (values: readonly number[], max: number): string =>
  values.map((v, i) => `${xAt(i, values.length).toFixed(1)},${yAt(v, max).toFixed(1)}`).join(" ");

const fmt = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(v < 10 ? 2 : 1));

type Props = {
  title: string;
  unit: string;
  /** Labels of the points, shown on the time axis (first, middle, last) and in the tooltip. */
  labels: readonly string[];
  series: readonly ChartSeries[];
  /** A fixed top of the axis (100 for percentages); otherwise rounded up from the data. */
  max?: number;
  testId?: string;
  /**
   * Makes each point a link: `href` of series `s`'s point `i`, opened by `open` (the router's
   * navigation) rather than by reloading the page.
   */
  pointLink?: { href(s: number, i: number): string; open(href: string): void };
};

/** The points of the shown series as links (a dot, and a larger invisible target around it). */
function PointLinks({
  shown,
  labels,
  top,
  unit,
  link,
  testId,
}: {
  shown: readonly ChartSeries[];
  labels: readonly string[];
  top: number;
  unit: string;
  link: NonNullable<Props["pointLink"]>;
  testId?: string;
}) {
  return shown.map((s, k) =>
    s.values.map((value, i) => {
      const href = link.href(k, i);
      const [cx, cy] = [xAt(i, labels.length), yAt(value, top)];
      return (
        <a
          key={`${s.name}-${labels[i]}`}
          href={href}
          aria-label={`${s.name} ${labels[i]}: ${fmt(value)} ${unit}`}
          onClick={(event) => {
            event.preventDefault();
            link.open(href);
          }}
          data-testid={testId && `${testId}-point-${k}-${i}`}
        >
          <circle cx={cx} cy={cy} r={8} fill="transparent" />
          <circle cx={cx} cy={cy} r={2.5} fill={s.color} />
        </a>
      );
    }),
  );
}

export function LineChart({ title, unit, labels, series, max, testId, pointLink }: Props) {
  const [hover, setHover] = useState<number | null>(null);
  const top = max ?? niceMax(series.flatMap((s) => s.values));
  const n = labels.length;
  const shown = series.slice(0, 2);
  const valueTicks = Array.from({ length: TICKS + 1 }, (_, k) => (top / TICKS) * k);
  const onMove = (event: MouseEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (n === 0 || box.width === 0) return;
    const x = ((event.clientX - box.left) / box.width) * WIDTH;
    const i = n <= 1 ? 0 : Math.round(((x - PAD.left) / PLOT_W) * (n - 1));
    setHover(Math.min(Math.max(i, 0), n - 1));
  };
  const timeTicks = n > 2 ? [0, Math.floor((n - 1) / 2), n - 1] : [...Array(n).keys()];
  const tipX = hover === null ? 0 : Math.min(xAt(hover, n) + 8, WIDTH - PAD.right - 150);

  return (
    <figure style={{ margin: 0 }} data-testid={testId}>
      <figcaption style={{ fontWeight: 600, marginBottom: 4 }}>
        {title} <span style={{ fontWeight: 400, color: "#8c8c8c" }}>({unit})</span>
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        role="img"
        aria-label={title}
        onMouseMove={onMove}
        onMouseLeave={() => setHover(null)}
        style={{ display: "block", fontSize: 11 }}
      >
        {valueTicks.map((value) => {
          const y = yAt(value, top);
          return (
            <g key={value}>
              <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y} y2={y} stroke="#f0f0f0" />
              <text x={PAD.left - 6} y={y + 4} textAnchor="end" fill="#8c8c8c">
                {fmt(value)}
              </text>
            </g>
          );
        })}
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={yAt(0, top)} y2={yAt(0, top)} stroke="#bfbfbf" />
        {timeTicks.map((i) => (
          <text
            key={i}
            x={xAt(i, n)}
            y={HEIGHT - 8}
            textAnchor={i === 0 && n > 1 ? "start" : i === n - 1 && n > 1 ? "end" : "middle"}
            fill="#8c8c8c"
          >
            {labels[i]}
          </text>
        ))}
        {shown.map((s) => (
          <polyline
            key={s.name}
            points={polylinePoints(s.values, top)}
            fill="none"
            stroke={s.color}
            strokeWidth={1.8}
            data-series={s.name}
          />
        ))}
        {pointLink && (
          <PointLinks shown={shown} labels={labels} top={top} unit={unit} link={pointLink} testId={testId} />
        )}
        {/* A series of one point (a resource created a moment ago) draws no line: a dot shows it. */}
        {n === 1 &&
          shown.map((s) => (
            <circle
              key={s.name}
              cx={xAt(0, 1)}
              cy={yAt(s.values[0] ?? 0, top)}
              r={3}
              fill={s.color}
              data-series-point={s.name}
            />
          ))}
        {hover !== null && (
          <g pointerEvents="none" data-testid={testId && `${testId}-tooltip`}>
            <line x1={xAt(hover, n)} x2={xAt(hover, n)} y1={PAD.top} y2={yAt(0, top)} stroke="#d9d9d9" />
            <rect
              x={tipX}
              y={PAD.top}
              width={150}
              height={20 + 16 * series.length}
              rx={4}
              fill="#fff"
              stroke="#d9d9d9"
            />
            <text x={tipX + 8} y={PAD.top + 15} fill="#595959">
              {labels[hover]}
            </text>
            {shown.map((s, k) => (
              <text key={s.name} x={tipX + 8} y={PAD.top + 31 + 16 * k} fill={s.color}>
                {`${s.name}: ${fmt(s.values[hover] ?? 0)} ${unit}`}
              </text>
            ))}
          </g>
        )}
      </svg>
      <div style={{ display: "flex", gap: 16, fontSize: 12, marginLeft: PAD.left / 2 }}>
        {shown.map((s) => (
          <span key={s.name}>
            <span style={{ ...SWATCH, background: s.color }} />
            {s.name}
          </span>
        ))}
      </div>
    </figure>
  );
}
