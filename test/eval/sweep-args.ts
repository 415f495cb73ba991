/**
 * The command-line options the random-body sweeps share (`eval:rig-sweep`, `eval:*-sweep`): `--count N`
 * (the sweep's default), `--from SEED` (default 1), `--seeds 3,17` (exactly these), `--engines fast,pro`.
 */
import type { RigEngine } from '../../shared/rig/types';

export interface SweepArgs {
  args: string[];
  /** The value after an option, or undefined. */
  flag: (name: string) => string | undefined;
  seeds: number[];
  engines: RigEngine[];
}

export function sweepArgs(defaultCount: number, args = process.argv.slice(2)): SweepArgs {
  const flag = (n: string): string | undefined => {
    const i = args.indexOf(n);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const count = Number(flag('--count') ?? defaultCount);
  const from = Number(flag('--from') ?? 1);
  const seeds = flag('--seeds')?.split(',').map(Number) ?? Array.from({ length: count }, (_, i) => from + i);
  const engines = (flag('--engines') ?? 'fast,pro').split(',') as RigEngine[];
  return { args, flag, seeds, engines };
}
