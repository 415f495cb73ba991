/**
 * The summary table shared by the random-body sweeps (`eval:rig-sweep`, `eval:quadruped-sweep`,
 * `eval:avian-sweep`): per engine and half (tune, holdout, all) the mean, median and 90th percentile of the
 * error, how many bodies are over 3% and 5%, how many of those over 3% the rig report flagged, how many
 * failed and how many joints lie outside.
 */
import type { RigEngine } from '../../shared/rig/types';

export interface SweepSummaryRow {
  engine: RigEngine;
  half: 'tune' | 'holdout';
  /** Share of the size (height or longest side). */
  error: number;
  verdict: string;
  outside: number;
  failed?: string;
}

export const pct = (v: number): string => `${(v * 100).toFixed(2)}%`;

function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
}

export function printSweepSummary(rows: readonly SweepSummaryRow[], engines: readonly RigEngine[]): void {
  console.log('\nengine  half     n   mean    median  p90     >3%  >5%  >3% flagged  failed  outside');
  for (const engine of engines)
    for (const half of ['tune', 'holdout', 'all'] as const) {
      const rs = rows.filter((r) => r.engine === engine && (half === 'all' || r.half === half));
      const ok = rs.filter((r) => !r.failed).map((r) => r.error);
      if (!ok.length) continue;
      const over3 = rs.filter((r) => !r.failed && r.error > 0.03);
      const flagged = over3.filter((r) => r.verdict !== 'ok').length;
      console.log(`${engine.padEnd(6)}  ${half.padEnd(7)} ${String(rs.length).padStart(3)}  ${pct(ok.reduce((a, b) => a + b, 0) / ok.length).padStart(6)}  ${pct(quantile(ok, 0.5)).padStart(6)}  ${pct(quantile(ok, 0.9)).padStart(6)}  ${String(over3.length).padStart(3)}  ${String(ok.filter((v) => v > 0.05).length).padStart(3)}  ${String(flagged).padStart(11)}  ${String(rs.length - ok.length).padStart(6)}  ${String(rs.reduce((a, r) => a + r.outside, 0)).padStart(7)}`);
    }
}
