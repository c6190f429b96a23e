// A bar chart of revenue per day, week or month, drawn by hand in SVG. It is an image with a title and a description
// that name the figures; the same numbers are in the table beside it, which assistive technology can read row by row.
import type { SalesBucket } from '#contracts/sales/model.ts';
import { formatPence } from '#contracts/shared/money.ts';

const width = 640;
const height = 260;
const fontSize = 12;
/** Room for a label of `chars` characters at the axis font (a generous average glyph width, digits being widest). */
const textWidth = (chars: number) => Math.ceil(chars * fontSize * 0.62);

/** Round steps for the axis: 1, 2 or 5 times a power of ten, in pence. */
function niceMax(value: number): number {
  if (value <= 0) return 1000;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((s) => s * power >= value)!;
  return step * power;
}

/**
 * An axis value: whole pounds once the axis reaches £100 (its steps are then round pounds, and the pence would only
 * widen the labels), else pounds and pence.
 */
const tickLabel = (pence: number, max: number) =>
  max >= 10_000 ? `£${Math.round(pence / 100).toLocaleString('en-GB')}` : formatPence(pence);

export function RevenueChart({ buckets, label }: { buckets: SalesBucket[]; label: (key: string) => string }) {
  const max = niceMax(Math.max(0, ...buckets.map((b) => b.revenue)));
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => Math.round(max * f));
  // The left margin fits the longest axis label, so none is cut at the chart's edge however large the figures.
  const margin = {
    top: 16,
    right: 12 + textWidth(4),
    bottom: 48,
    left: 8 + textWidth(Math.max(...ticks.map((t) => tickLabel(t, max).length))),
  };
  const plotW = width - margin.left - margin.right;
  const plotH = height - margin.top - margin.bottom;
  const slot = buckets.length ? plotW / buckets.length : plotW;
  const barW = Math.max(2, Math.min(48, slot * 0.7));
  const every = Math.max(1, Math.ceil(buckets.length / 8));
  const description = buckets.length
    ? buckets
        .map(
          (b) => `${label(b.key)}: ${formatPence(b.revenue)} from ${b.orders} ${b.orders === 1 ? 'order' : 'orders'}`,
        )
        .join('; ')
    : 'No sales in this range.';
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-labelledby="revenue-chart-title revenue-chart-desc"
      className="sales-chart"
      data-testid="sales-chart"
    >
      <title id="revenue-chart-title">Revenue per {buckets.length ? 'period' : 'period (none yet)'}</title>
      <desc id="revenue-chart-desc">{description}</desc>
      <g aria-hidden="true">
        {ticks.map((t) => {
          const y = margin.top + plotH - (t / max) * plotH;
          return (
            <g key={t}>
              <line
                x1={margin.left}
                x2={width - margin.right}
                y1={y}
                y2={y}
                stroke="currentColor"
                strokeOpacity={0.15}
              />
              <text x={margin.left - 8} y={y + 4} textAnchor="end" fontSize={fontSize} fill="currentColor">
                {tickLabel(t, max)}
              </text>
            </g>
          );
        })}
        {buckets.map((b, i) => {
          const h = (b.revenue / max) * plotH;
          const x = margin.left + i * slot + (slot - barW) / 2;
          return (
            <g key={b.key}>
              <rect x={x} y={margin.top + plotH - h} width={barW} height={h} rx={3} fill="var(--accent-9)" />
              {i % every === 0 && (
                <text
                  x={x + barW / 2}
                  y={height - margin.bottom + 18}
                  textAnchor="middle"
                  fontSize={fontSize}
                  fill="currentColor"
                >
                  {label(b.key)}
                </text>
              )}
            </g>
          );
        })}
        <line
          x1={margin.left}
          x2={width - margin.right}
          y1={margin.top + plotH}
          y2={margin.top + plotH}
          stroke="currentColor"
        />
      </g>
    </svg>
  );
}
