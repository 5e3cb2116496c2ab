import { chartSummary, type Point } from './panel-model.js';
import { locale, t } from '../i18n/t.js';

const W = 400;
const H = 200;
const PAD = { left: 44, right: 8, top: 10, bottom: 24 };

/** Round figures for an axis from 0 (or the lowest negative value) to the highest value. */
function scale(points: Point[]): { low: number; high: number; ticks: number[] } {
  const values = points.map((p) => p.value);
  const low = Math.min(0, ...values);
  const rawHigh = Math.max(0, ...values);
  const span = rawHigh - low || 1;
  const step = 10 ** Math.floor(Math.log10(span / 4));
  const nice = [1, 2, 5, 10].map((m) => m * step).find((s) => span / s <= 5) ?? step * 10;
  const high = Math.ceil(rawHigh / nice) * nice || nice;
  const ticks: number[] = [];
  for (let v = Math.floor(low / nice) * nice; v <= high + nice / 2; v += nice) ticks.push(Number(v.toPrecision(12)));
  return { low: ticks[0]!, high: ticks[ticks.length - 1]!, ticks };
}

const short = (label: string) => (label.length > 12 ? `${label.slice(0, 11)}…` : label);

/** The numbers behind a chart, for whoever cannot see it (folded away until opened). */
function DataTable({ points, labelHeader, valueHeader }: { points: Point[]; labelHeader: string; valueHeader: string }) {
  return (
    <details class="chart-data">
      <summary>{t('Data table')}</summary>
      <table>
        <thead>
          <tr>
            <th scope="col">{labelHeader}</th>
            <th scope="col">{valueHeader}</th>
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.label}>
              <th scope="row">{p.label}</th>
              <td>{p.value.toLocaleString(locale())}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

function Axes({ low, high, ticks, y }: { low: number; high: number; ticks: number[]; y: (v: number) => number }) {
  return (
    <g class="chart-axis" aria-hidden="true">
      {ticks.map((tick) => (
        <g key={tick}>
          <line x1={PAD.left} x2={W - PAD.right} y1={y(tick)} y2={y(tick)} />
          <text x={PAD.left - 4} y={y(tick) + 4} text-anchor="end">
            {tick.toLocaleString(locale(), { notation: 'compact' })}
          </text>
        </g>
      ))}
      <title>{`${low} to ${high}`}</title>
    </g>
  );
}

export type ChartProps = { points: Point[]; kind: string; labelHeader: string; valueHeader: string; area?: boolean };

/** A line (or area) chart drawn as SVG, with a summary for screen readers and the data as a table. */
export function LineChart({ points, kind, labelHeader, valueHeader, area = false }: ChartProps) {
  const summary = chartSummary(kind, points);
  if (points.length === 0) return <p class="panel-empty">{t('No data.')}</p>;
  const { low, high, ticks } = scale(points);
  const innerW = W - PAD.left - PAD.right;
  const x = (i: number) => PAD.left + (points.length === 1 ? innerW / 2 : (i / (points.length - 1)) * innerW);
  const y = (v: number) => PAD.top + (1 - (v - low) / (high - low)) * (H - PAD.top - PAD.bottom);
  const line = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(p.value).toFixed(1)}`).join(' ');
  const fill = `${line} L${x(points.length - 1).toFixed(1)},${y(Math.max(low, 0)).toFixed(1)} L${x(0).toFixed(1)},${y(Math.max(low, 0)).toFixed(1)} Z`;
  const labelEvery = Math.max(1, Math.ceil(points.length / 5));
  return (
    <figure class="chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={summary} preserveAspectRatio="none">
        <Axes low={low} high={high} ticks={ticks} y={y} />
        {area && <path class="chart-area" d={fill} />}
        <path class="chart-line" d={line} fill="none" />
        {points.map((p, i) => (
          <circle key={p.label} class="chart-dot" cx={x(i)} cy={y(p.value)} r={points.length > 60 ? 0 : 2.5}>
            <title>{`${p.label}: ${p.value}`}</title>
          </circle>
        ))}
        {points.map((p, i) =>
          i % labelEvery === 0 ? (
            <text
              key={p.label}
              class="chart-label"
              x={x(i)}
              y={H - 6}
              text-anchor={i === 0 && points.length > 1 ? 'start' : i === points.length - 1 && points.length > 1 ? 'end' : 'middle'}
              aria-hidden="true"
            >
              {short(p.label)}
            </text>
          ) : null,
        )}
      </svg>
      <DataTable points={points} labelHeader={labelHeader} valueHeader={valueHeader} />
    </figure>
  );
}

/** A bar chart drawn as SVG, with a summary for screen readers and the data as a table. */
export function BarChart({ points, kind, labelHeader, valueHeader }: ChartProps) {
  const summary = chartSummary(kind, points);
  if (points.length === 0) return <p class="panel-empty">{t('No data.')}</p>;
  const { low, high, ticks } = scale(points);
  const innerW = W - PAD.left - PAD.right;
  const slot = innerW / points.length;
  const y = (v: number) => PAD.top + (1 - (v - low) / (high - low)) * (H - PAD.top - PAD.bottom);
  const labelEvery = Math.max(1, Math.ceil(points.length / 8));
  return (
    <figure class="chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={summary} preserveAspectRatio="none">
        <Axes low={low} high={high} ticks={ticks} y={y} />
        {points.map((p, i) => {
          const top = y(Math.max(p.value, 0));
          const bottom = y(Math.min(p.value, 0));
          return (
            <rect
              key={p.label}
              class="chart-bar"
              x={PAD.left + i * slot + slot * 0.15}
              width={slot * 0.7}
              y={top}
              height={Math.max(bottom - top, 0.5)}
            >
              <title>{`${p.label}: ${p.value}`}</title>
            </rect>
          );
        })}
        {points.map((p, i) =>
          i % labelEvery === 0 ? (
            <text key={p.label} class="chart-label" x={PAD.left + (i + 0.5) * slot} y={H - 6} text-anchor="middle" aria-hidden="true">
              {short(p.label)}
            </text>
          ) : null,
        )}
      </svg>
      <DataTable points={points} labelHeader={labelHeader} valueHeader={valueHeader} />
    </figure>
  );
}
