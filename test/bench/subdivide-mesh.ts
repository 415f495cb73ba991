/** Bench meshes at a chosen triangle count (shared by bench:rig and bench:reskin). */
import type { RigInput } from '../../shared/rig/types';

/**
 * Midpoint subdivision (1 triangle -> 4) up to `target` triangles; keeps parts. The last pass splits only
 * as many triangles as needed (its T-junctions leave hairline cracks, which the voxeliser tolerates).
 */
export function subdivideTo(mesh: RigInput, target: number): RigInput {
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

