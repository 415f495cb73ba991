/**
 * `npm run bench:rig`: median wall time (>= 5 runs after a warm-up) of rigMesh on a 20k-triangle
 * synthetic biped (fast and pro) and a ~1M-triangle mesh (fast), with peak memory. A benchmark, not a
 * timed test: figures depend on the machine, which is printed with them.
 *
 * Also printed:
 * - the first rig of the process (the warm-up), which a worker's first job pays: V8 compiles the engine
 *   while it runs;
 * - a baseline measured between the runs: a fixed workload that does not depend on the engine (sorting
 *   2M floats), so the ratio of a rig to it survives a machine whose speed drifts during the run.
 */
import os from 'node:os';
import { rigMesh } from '../../shared/rig/rig-mesh';
import type { RigEngine, RigInput } from '../../shared/rig/types';
import { syntheticCharacter } from '../../shared/rig/synthetic/characters';
import { subdivideTo } from './subdivide-mesh';

const RUNS = 5;

const baselineData = new Float64Array(2_000_000);
for (let i = 0; i < baselineData.length; i++) baselineData[i] = (Math.sin(i * 12.9898) * 43758.5453) % 1;
/** Sorted in place each time, so the baseline allocates nothing that a rig's collector would then sweep. */
const baselineScratch = new Float64Array(baselineData.length);

/** Milliseconds to sort 2M fixed pseudo-random floats. */
function baseline(): number {
  baselineScratch.set(baselineData);
  const t = performance.now();
  baselineScratch.sort();
  return performance.now() - t;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1];

function bench(label: string, mesh: RigInput, engine: RigEngine, runs: number): { median: number; min: number; max: number } {
  const opts = { rigType: 'biped' as const, engine, fingers: false, rotationY: 0, boneNaming: 'mixamo' as const };
  const t0 = performance.now();
  rigMesh(mesh, opts); // warm-up
  const first = performance.now() - t0;
  const times: number[] = [];
  const ratios: number[] = [];
  for (let i = 0; i < runs; i++) {
    const base = baseline();
    const t = performance.now();
    rigMesh(mesh, opts);
    times.push(performance.now() - t);
    ratios.push(times[i] / base);
  }
  const sorted = [...times].sort((a, b) => a - b);
  const r = { median: median(times), min: sorted[0], max: sorted[sorted.length - 1] };
  console.log(`${label.padEnd(34)} ${engine.padEnd(5)} median ${(r.median / 1000).toFixed(2)} s  (min ${(r.min / 1000).toFixed(2)}, max ${(r.max / 1000).toFixed(2)}, ${runs} runs; first ${(first / 1000).toFixed(2)} s)  ${median(ratios).toFixed(2)} x baseline  peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
  return r;
}

console.log(`machine: ${os.cpus().length} x ${os.cpus()[0]?.model}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB, node ${process.version}`);
const base = syntheticCharacter('biped', { pose: 'A', accessories: true }).mesh;
const m20k = subdivideTo(base, 20_000);
const tris = (m: RigInput): string => `${Math.round(m.indices.length / 3 / 1000)}k tris`;
baseline();
const baselines = Array.from({ length: 5 }, baseline);
console.log(`baseline (sort 2M floats): median ${median(baselines).toFixed(0)} ms`);
const fast = bench(`biped ${tris(m20k)}`, m20k, 'fast', RUNS);
const pro = bench(`biped ${tris(m20k)}`, m20k, 'pro', RUNS);
console.log(`pro / fast time ratio: ${(pro.median / fast.median).toFixed(1)}x`);
const m1M = subdivideTo(base, 1_000_000);
bench(`biped ${tris(m1M)}`, m1M, 'fast', RUNS);
console.log('targets: issue 13 fast 20k <= 0.3 s and pro 20k <= 2 s; earlier fast 20k <= 2 s, pro 20k <= 15 s, fast 1M <= 20 s within 2 GB');
