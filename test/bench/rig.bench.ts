/**
 * `npm run bench:rig`: median wall time (>= 5 runs after a warm-up) of rigMesh on a 20k-triangle
 * synthetic biped (fast and pro) and a ~1M-triangle mesh (fast), with peak memory. A benchmark, not a
 * timed test: figures depend on the machine, which is printed with them.
 */
import os from 'node:os';
import { rigMesh } from '../../shared/rig/rig-mesh';
import type { RigEngine, RigInput } from '../../shared/rig/types';
import { syntheticCharacter } from '../../shared/rig/synthetic/characters';

/**
 * Midpoint subdivision (1 triangle -> 4) up to `target` triangles; keeps parts. The last pass splits only
 * as many triangles as needed (its T-junctions leave hairline cracks, which the voxeliser tolerates).
 */
function subdivideTo(mesh: RigInput, target: number): RigInput {
  let m = mesh;
  while (m.indices.length / 3 < target) {
    const n = m.indices.length / 3;
    const budget = n * 4 <= target ? n : Math.ceil((target - n) / 3);
    let split = 0;
    const pos: number[] = Array.from(m.positions);
    const idx: number[] = [];
    const offsets: number[] = [];
    const newPartOf: number[] = [];
    // Rebuild part by part so new vertices stay inside their part's vertex range.
    const outPos: number[] = [];
    let part = 0;
    const partOfVertex = new Int32Array(m.positions.length / 3);
    for (let p = 0; p + 1 < m.partOffsets.length; p++) for (let v = m.partOffsets[p]; v < m.partOffsets[p + 1]; v++) partOfVertex[v] = p;
    const trisByPart: number[][] = Array.from({ length: m.partOffsets.length - 1 }, () => []);
    for (let t = 0; t < m.indices.length; t += 3) trisByPart[partOfVertex[m.indices[t]]].push(t);
    for (part = 0; part < trisByPart.length; part++) {
      const base = outPos.length / 3;
      offsets.push(base);
      const remap = new Map<number, number>();
      const mid = new Map<string, number>();
      const vert = (v: number): number => {
        let r = remap.get(v);
        if (r === undefined) {
          r = outPos.length / 3;
          outPos.push(pos[v * 3], pos[v * 3 + 1], pos[v * 3 + 2]);
          remap.set(v, r);
        }
        return r;
      };
      const midpoint = (a: number, b: number): number => {
        const k = a < b ? `${a},${b}` : `${b},${a}`;
        let r = mid.get(k);
        if (r === undefined) {
          r = outPos.length / 3;
          outPos.push((pos[a * 3] + pos[b * 3]) / 2, (pos[a * 3 + 1] + pos[b * 3 + 1]) / 2, (pos[a * 3 + 2] + pos[b * 3 + 2]) / 2);
          mid.set(k, r);
        }
        return r;
      };
      for (const t of trisByPart[part]) {
        const [a, b, c] = [m.indices[t], m.indices[t + 1], m.indices[t + 2]];
        const A = vert(a), B = vert(b), C = vert(c);
        if (split++ >= budget) {
          idx.push(A, B, C);
          continue;
        }
        const ab = midpoint(a, b), bc = midpoint(b, c), ca = midpoint(c, a);
        idx.push(A, ab, ca, ab, B, bc, ca, bc, C, ab, bc, ca);
      }
      newPartOf.push(part);
    }
    offsets.push(outPos.length / 3);
    m = { positions: Float32Array.from(outPos), indices: Uint32Array.from(idx), partOffsets: Uint32Array.from(offsets) };
  }
  return m;
}

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
