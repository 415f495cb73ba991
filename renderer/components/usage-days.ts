/** The service lists only days with use; the chart shows every day of the window. Pure. */
import type { UsageDay } from '../api/types';

export function fillUsageDays(days: UsageDay[], endIso: string, count = 30): UsageDay[] {
  const byDate = new Map(days.map((d) => [d.date, d]));
  const end = Date.parse(`${endIso.slice(0, 10)}T00:00:00Z`);
  const out: UsageDay[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const date = new Date(end - i * 86_400_000).toISOString().slice(0, 10);
    out.push(byDate.get(date) ?? { date, credits: 0, jobs: 0 });
  }
  return out;
}
