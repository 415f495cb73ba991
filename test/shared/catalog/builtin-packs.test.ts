import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { builtinPacks } from '../../../shared/catalog/builtin-packs';
import { CATEGORIES } from '../../../shared/catalog/categories';
import type { SceneModel } from '../../../shared/mesh/model';

const packs = builtinPacks();
const all = packs.flatMap((p) => p.assets.map((a) => ({ pack: p.id, ...a })));
const built = new Map<string, SceneModel>();
const model = (id: string, build: () => SceneModel): SceneModel => {
  let m = built.get(id);
  if (!m) { m = build(); built.set(id, m); }
  return m;
};

function bounds(m: SceneModel): { min: number[]; max: number[] } {
  const min = [Infinity, Infinity, Infinity], max = [-Infinity, -Infinity, -Infinity];
  for (const p of m.parts) for (let i = 0; i < p.positions.length; i += 3) for (let k = 0; k < 3; k++) {
    min[k] = Math.min(min[k], p.positions[i + k]); max[k] = Math.max(max[k], p.positions[i + k]);
  }
  return { min, max };
}

/** Hash of the shape normalised to its bounding box: the same mesh at another size hashes the same. */
function shapeHash(m: SceneModel): string {
  const { min, max } = bounds(m);
  const h = createHash('sha1');
  for (const p of m.parts) {
    const q = new Int32Array(p.positions.length);
    for (let i = 0; i < p.positions.length; i++) {
      const k = i % 3;
      q[i] = Math.round(((p.positions[i] - min[k]) / Math.max(1e-9, max[k] - min[k])) * 1000);
    }
    h.update(Buffer.from(q.buffer)).update(Buffer.from(p.indices.buffer));
  }
  return h.digest('hex');
}

describe('builtinPacks', () => {
  it('offers at least 4 packs, 250 assets and 12 categories, all CC0', () => {
    expect(packs.length).toBeGreaterThanOrEqual(4);
    expect(all.length).toBeGreaterThanOrEqual(250);
    const cats = new Set(all.map((a) => a.category));
    expect(cats.size).toBeGreaterThanOrEqual(12);
    for (const c of cats) expect(CATEGORIES).toContain(c);
    for (const p of packs) {
      expect(p.id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(p.license).toBe('CC0-1.0');
      expect(p.name.length).toBeGreaterThan(3);
      expect(p.description).toMatch(/CC0/);
      const names = p.assets.map((a) => a.name);
      expect(new Set(names).size).toBe(names.length);
      for (const n of names) expect(n).toMatch(/^[a-z0-9]+(?:_[a-z0-9]+)*$/);
    }
    console.log(`catalog: ${packs.length} packs, ${all.length} assets, ${cats.size} categories`);
  });

  it('every asset builds valid, metre-scale geometry with its origin at the base', () => {
    const problems: string[] = [];
    for (const a of all) {
      const id = `${a.pack}/${a.name}`;
      const m = model(id, a.build);
      let tris = 0;
      if (m.parts.length === 0) problems.push(`${id}: no parts`);
      for (const p of m.parts) {
        const n = p.positions.length / 3;
        tris += p.indices.length / 3;
        if (p.indices.length % 3 !== 0) problems.push(`${id}: index count not a multiple of 3`);
        if (!p.positions.every(Number.isFinite)) problems.push(`${id}: non-finite position`);
        if (!p.normals || p.normals.length !== n * 3) problems.push(`${id}: normals missing`);
        else for (let i = 0; i < p.normals.length; i += 3) {
          const l = Math.hypot(p.normals[i], p.normals[i + 1], p.normals[i + 2]);
          if (!(Math.abs(l - 1) < 1e-3)) { problems.push(`${id}: normal length ${l}`); break; }
        }
        for (const i of p.indices) if (i >= n) { problems.push(`${id}: index ${i} >= ${n}`); break; }
        if (p.material === null || p.material >= m.materials.length) problems.push(`${id}: bad material`);
        if (p.uvs && p.uvs.length !== n * 2) problems.push(`${id}: uv count`);
      }
      for (const mat of m.materials) {
        if (mat.baseColorTexture !== null && !(mat.baseColorTexture < m.textures.length)) problems.push(`${id}: texture index`);
        if (!mat.baseColorFactor.every((c) => c >= 0 && c <= 1)) problems.push(`${id}: colour factor`);
      }
      const { min, max } = bounds(m);
      if (Math.abs(min[1]) > 1e-4) problems.push(`${id}: min y ${min[1]}`);
      if (Math.abs(min[0] + max[0]) > 1e-3 || Math.abs(min[2] + max[2]) > 1e-3) problems.push(`${id}: footprint not centred`);
      const size = Math.max(max[0] - min[0], max[1] - min[1], max[2] - min[2]);
      if (!(size >= 0.05 && size <= 12)) problems.push(`${id}: largest side ${size} m`);
      if (!(tris >= 12 && tris <= 20000)) problems.push(`${id}: ${tris} triangles`);
      if (m.meta.license !== 'CC0-1.0') problems.push(`${id}: meta.license`);
    }
    expect(problems).toEqual([]);
  });

  it('winding agrees with normals (faces point outwards as rendered and exported)', () => {
    const bad: string[] = [];
    for (const a of all) {
      const m = model(`${a.pack}/${a.name}`, a.build);
      let agree = 0, total = 0;
      for (const p of m.parts) {
        const P = p.positions, N = p.normals as Float32Array;
        for (let t = 0; t < p.indices.length; t += 3) {
          const i0 = p.indices[t] * 3, i1 = p.indices[t + 1] * 3, i2 = p.indices[t + 2] * 3;
          const ux = P[i1] - P[i0], uy = P[i1 + 1] - P[i0 + 1], uz = P[i1 + 2] - P[i0 + 2];
          const vx = P[i2] - P[i0], vy = P[i2 + 1] - P[i0 + 1], vz = P[i2 + 2] - P[i0 + 2];
          const fx = uy * vz - uz * vy, fy = uz * vx - ux * vz, fz = ux * vy - uy * vx;
          if (Math.hypot(fx, fy, fz) < 1e-12) continue;
          const nx = N[i0] + N[i1] + N[i2], ny = N[i0 + 1] + N[i1 + 1] + N[i2 + 1], nz = N[i0 + 2] + N[i1 + 2] + N[i2 + 2];
          total++;
          if (fx * nx + fy * ny + fz * nz > 0) agree++;
        }
      }
      if (agree / total < 0.97) bad.push(`${a.pack}/${a.name}: ${((agree / total) * 100).toFixed(1)}%`);
    }
    expect(bad).toEqual([]);
  });

  it('has real variety: no two assets of a pack share a shape, even at another size', () => {
    const same: string[] = [];
    for (const p of packs) {
      const seen = new Map<string, string>();
      for (const a of p.assets) {
        const h = shapeHash(model(`${p.id}/${a.name}`, a.build));
        if (seen.has(h)) same.push(`${p.id}: ${a.name} = ${seen.get(h)}`);
        seen.set(h, a.name);
      }
    }
    expect(same).toEqual([]);
  });

  it('builds deterministically', () => {
    for (const a of all.filter((_, i) => i % 25 === 0)) {
      expect(shapeHash(a.build())).toBe(shapeHash(model(`${a.pack}/${a.name}`, a.build)));
      const x = a.build(), y = a.build();
      expect(x.textures.map((t) => Buffer.from(t.data).toString('base64'))).toEqual(y.textures.map((t) => Buffer.from(t.data).toString('base64')));
    }
  });
});
