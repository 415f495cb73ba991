/**
 * `npm run bench:rig`: median wall time (>= 5 runs after a warm-up) of rigMesh on a 20k-triangle
 * synthetic biped (fast and pro) and a ~1M-triangle mesh (fast), with peak memory. A benchmark, not a
 * timed test: figures depend on the machine, which is printed with them.
 */
import os from 'node:os';
import { rigMesh } from '../../shared/rig/rig-mesh';
import type { RigEngine, RigInput } from '../../shared/rig/types';
import { syntheticCharacter } from '../../shared/rig/synthetic/characters';
import { subdivideTo } from './subdivide-mesh';

function bench(label: string, mesh: RigInput, engine: RigEngine, runs: number): { median: number; min: number; max: number } {
  const opts = { rigType: 'biped' as const, engine, fingers: false, rotationY: 0, boneNaming: 'mixamo' as const };
  rigMesh(mesh, opts); // warm-up
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    rigMesh(mesh, opts);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const r = { median: times[times.length >> 1], min: times[0], max: times[times.length - 1] };
  console.log(`${label.padEnd(34)} ${engine.padEnd(5)} median ${(r.median / 1000).toFixed(2)} s  (min ${(r.min / 1000).toFixed(2)}, max ${(r.max / 1000).toFixed(2)}, ${runs} runs)  peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
  return r;
}

console.log(`machine: ${os.cpus().length} x ${os.cpus()[0]?.model}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB, node ${process.version}`);
const base = syntheticCharacter('biped', { pose: 'A', accessories: true }).mesh;
const m20k = subdivideTo(base, 20_000);
const tris = (m: RigInput): string => `${Math.round(m.indices.length / 3 / 1000)}k tris`;
const fast = bench(`biped ${tris(m20k)}`, m20k, 'fast', 5);
const pro = bench(`biped ${tris(m20k)}`, m20k, 'pro', 5);
console.log(`pro / fast time ratio: ${(pro.median / fast.median).toFixed(1)}x`);
const m1M = subdivideTo(base, 1_000_000);
bench(`biped ${tris(m1M)}`, m1M, 'fast', 5);
console.log('targets: fast 20k <= 2 s, pro 20k <= 15 s, fast 1M <= 20 s within 2 GB');
