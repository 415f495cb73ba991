/** Credits spent per day (bars) with the job count on hover; plain SVG, no chart library. */
import type { UsageDay } from '../api/types';

export function UsageChart({ days }: { days: UsageDay[] }) {
  const width = 640;
  const height = 180;
  const pad = { left: 40, right: 8, top: 10, bottom: 24 };
  const max = Math.max(10, ...days.map((d) => d.credits));
  const innerW = width - pad.left - pad.right;
  const innerH = height - pad.top - pad.bottom;
  const bw = days.length ? innerW / days.length : innerW;
  const ticks = [0, 0.5, 1].map((f) => Math.round(max * f));
  const totalCredits = days.reduce((a, d) => a + d.credits, 0);
  const totalJobs = days.reduce((a, d) => a + d.jobs, 0);
  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={`Credits used per day over the last ${days.length} days: ${totalCredits} credits, ${totalJobs} jobs`}>
        {ticks.map((t) => {
          const y = pad.top + innerH - (t / max) * innerH;
          return (
            <g key={t}>
              <line x1={pad.left} x2={width - pad.right} y1={y} y2={y} className="chart-grid" />
              <text x={pad.left - 6} y={y + 4} textAnchor="end" className="chart-axis">{t}</text>
            </g>
          );
        })}
        {days.map((d, i) => {
          const h = (d.credits / max) * innerH;
          return (
            <rect key={d.date} x={pad.left + i * bw + 1} y={pad.top + innerH - h} width={Math.max(1, bw - 2)} height={h} rx={2} className="chart-bar">
              <title>{`${d.date}: ${d.credits} credits, ${d.jobs} jobs`}</title>
            </rect>
          );
        })}
        {days.length > 0 && (
          <>
            <text x={pad.left} y={height - 6} className="chart-axis">{days[0].date}</text>
            <text x={width - pad.right} y={height - 6} textAnchor="end" className="chart-axis">{days[days.length - 1].date}</text>
          </>
        )}
      </svg>
      <figcaption>{totalCredits} credits · {totalJobs} jobs in {days.length} days</figcaption>
    </figure>
  );
}
