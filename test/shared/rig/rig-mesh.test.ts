import { describe, expect, it } from 'vitest';
import { rigMesh } from '../../../shared/rig/rig-mesh';
import { RigError } from '../../../shared/rig/rig-error';
import type { RigOptions, RigResult } from '../../../shared/rig/types';
import { syntheticCharacter } from '../../../shared/rig/synthetic/characters';
import { normalise } from '../../../shared/rig/normalize';
import { buildVolume, insideAt } from '../../../shared/rig/volume';
import { REST_STRIDE } from '../../../shared/rig/skeleton';

const opts = (o: Partial<RigOptions> = {}): RigOptions => ({ rigType: 'biped', engine: 'fast', fingers: false, rotationY: 0, boneNaming: 'mixamo', ...o });
const jointPos = (r: RigResult, name: string): [number, number, number] => {
  const j = r.report.joints.find((q) => q.name === name);
  if (!j) throw new Error(`no joint ${name}`);
  return j.position;
};
const dist = (a: number[], b: number[]): number => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
/** Summed weight of the given joints over a part's vertices, divided by the part's vertex count. */
function partWeightOn(r: RigResult, partOffsets: Uint32Array, part: number, jointNames: string[]): number {
  const ids = new Set(jointNames.map((n) => r.skeleton.names.indexOf(n)));
  let s = 0;
  for (let v = partOffsets[part]; v < partOffsets[part + 1]; v++) for (let k = 0; k < 4; k++) if (ids.has(r.joints[v * 4 + k])) s += r.weights[v * 4 + k];
  return s / (partOffsets[part + 1] - partOffsets[part]);
}

describe('rigMesh on a synthetic biped', () => {
  const c = syntheticCharacter('biped', { pose: 'A' });
  const r = rigMesh(c.mesh, opts());

  it('produces the biped template with joints inside the volume', () => {
    expect(r.skeleton.names).toHaveLength(25);
    const n = normalise(c.mesh.positions, 0);
    const vol = buildVolume(n.positions, c.mesh.indices, n.min, n.max, 128);
    for (const j of r.report.joints) {
      if (j.name.endsWith('_End')) continue;
      const p = j.position.map((v, a) => (v - n.offset[a]) * n.scale);
      expect(insideAt(vol, p[0], p[1], p[2]), `${j.name} inside`).toBe(true);
    }
  });

  it('is left/right symmetric on a symmetric mesh and close to the ground truth', () => {
    for (const j of r.report.joints) {
      if (!j.name.startsWith('Left')) continue;
      const a = j.position;
      const b = jointPos(r, 'Right' + j.name.slice(4));
      expect(dist(a, [-b[0], b[1], b[2]])).toBeLessThan(1e-4);
    }
    let sum = 0;
    c.truth.keys.forEach((k, i) => (sum += dist(jointPos(r, k), Array.from(c.truth.positions.subarray(i * 3, i * 3 + 3)))));
    expect(sum / c.truth.keys.length).toBeLessThan(0.04); // metres, on a 1.8 m character
  });

  it('weights: every vertex weighted, normalised, at most 4 influences', () => {
    const nv = c.mesh.positions.length / 3;
    expect(r.joints.length).toBe(nv * 4);
    for (let v = 0; v < nv; v++) {
      const s = r.weights[v * 4] + r.weights[v * 4 + 1] + r.weights[v * 4 + 2] + r.weights[v * 4 + 3];
      expect(Math.abs(s - 1)).toBeLessThan(1e-5);
      for (let k = 0; k < 4; k++) expect(r.weights[v * 4 + k]).toBeGreaterThanOrEqual(0);
    }
    // End joints carry no weight.
    const ends = new Set(r.skeleton.names.map((n, i) => (n.endsWith('_End') ? i : -1)).filter((i) => i >= 0));
    for (let i = 0; i < r.joints.length; i++) if (ends.has(r.joints[i])) expect(r.weights[i]).toBe(0);
  });

  it('each bone +Y points to its child (orientation convention)', () => {
    const world = worldMatrices(r);
    for (let j = 0; j < r.skeleton.names.length; j++) {
      const child = Array.from(r.skeleton.parents).indexOf(j);
      if (child < 0) continue;
      const d = [0, 1, 2].map((a) => world[child][12 + a] - world[j][12 + a]);
      const l = Math.hypot(d[0], d[1], d[2]);
      if (l < 1e-6) continue;
      const y = [world[j][4], world[j][5], world[j][6]];
      expect((y[0] * d[0] + y[1] * d[1] + y[2] * d[2]) / l, r.skeleton.names[j]).toBeGreaterThan(0.999);
    }
  });

  it('accessory parts follow the bone they belong to', () => {
    for (const a of c.accessories) {
      const part = c.partNames.indexOf(a.part);
      // A backpack spans the back: it must follow the torso bones and nothing else (no arms, no legs).
      const torso = ['Hips', 'Spine', 'Spine1', 'Spine2', 'Neck', 'LeftShoulder', 'RightShoulder'];
      const joints = a.joint === 'Spine1' ? torso : [a.joint];
      expect(partWeightOn(r, c.mesh.partOffsets, part, joints), a.part).toBeGreaterThan(a.joint === 'Spine1' ? 0.75 : 0.6);
    }
  });
});

describe('rigMesh weights do not bleed across gaps', () => {
  it('arms hanging close to the torso do not pull it; the legs do not pull each other', () => {
    const c = syntheticCharacter('biped', { pose: 'I', accessories: false });
    const r = rigMesh(c.mesh, opts());
    const part = (n: string): number => c.partNames.indexOf(n);
    const arms = ['LeftForeArm', 'LeftHand', 'RightForeArm', 'RightHand'];
    for (const p of ['torso', 'pelvis']) expect(partWeightOn(r, c.mesh.partOffsets, part(p), arms), p).toBeLessThan(0.005);
    expect(partWeightOn(r, c.mesh.partOffsets, part('Left_shin'), ['RightLeg', 'RightFoot', 'RightUpLeg'])).toBeLessThan(0.005);
    expect(partWeightOn(r, c.mesh.partOffsets, part('Right_foot'), ['LeftLeg', 'LeftFoot', 'LeftToeBase'])).toBeLessThan(0.005);
    expect(partWeightOn(r, c.mesh.partOffsets, part('Left_forearm'), ['LeftArm', 'LeftForeArm', 'LeftHand'])).toBeGreaterThan(0.95);
  });

  // Per vertex, not on average: a heat map shows every stray influence. Arms hang 75 degrees down, about
  // two fast-grid voxels from the torso; each limb is a separate capsule pushed into the body, as in
  // KayKit-style characters.
  for (const engine of ['fast', 'pro'] as const)
    it(`${engine}: no vertex takes weight from a bone across a gap or far along the body`, () => {
      const c = syntheticCharacter('biped', { pose: 'I', accessories: false });
      const r = rigMesh(c.mesh, opts({ engine }));
      const nv = c.mesh.positions.length / 3;
      for (let v = 0; v < nv; v++) {
        const s = r.weights[v * 4] + r.weights[v * 4 + 1] + r.weights[v * 4 + 2] + r.weights[v * 4 + 3];
        expect(Math.abs(s - 1)).toBeLessThan(1e-5);
      }
      const names = r.skeleton.names;
      const maxOn = (partName: string, bones: string[], where: (y: number) => boolean = () => true): [number, string] => {
        const p = c.partNames.indexOf(partName);
        let worst = 0, at = '';
        for (let v = c.mesh.partOffsets[p]; v < c.mesh.partOffsets[p + 1]; v++) {
          if (!where(c.mesh.positions[v * 3 + 1])) continue;
          for (let k = 0; k < 4; k++)
            if (bones.includes(names[r.joints[v * 4 + k]]) && r.weights[v * 4 + k] > worst) {
              worst = r.weights[v * 4 + k];
              at = `${names[r.joints[v * 4 + k]]} on vertex ${v}`;
            }
        }
        return [worst, at];
      };
      const armBones = ['Left', 'Right'].flatMap((S) => [`${S}Arm`, `${S}ForeArm`, `${S}Hand`]);
      const spineBones = ['Hips', 'Spine', 'Spine1', 'Spine2', 'Neck', 'Head'];
      const leftLeg = ['LeftUpLeg', 'LeftLeg', 'LeftFoot', 'LeftToeBase'];
      const rightLeg = leftLeg.map((b) => b.replace('Left', 'Right'));
      // The upper arm blends with the torso around the shoulder joint only; the forearm and hand, hanging
      // beside the waist, never touch it.
      const armY = r.report.joints.find((j) => j.name === 'LeftArm')!.position[1];
      const torso = maxOn('torso', armBones, (y) => y < armY - 0.2);
      // Fast: since the hanging arms' shoulders sit at the truth (0.02 m off, was 0.11 m low), the upper
      // arm runs beside the flank down to the elbow, two coarse voxels away, and reaches 3.3% into it there.
      expect(torso[0], `arm weight on the torso: ${torso[1]}`).toBeLessThan(engine === 'fast' ? 0.04 : 0.01);
      for (const p of ['torso', 'pelvis']) {
        const w = maxOn(p, armBones.filter((b) => !b.endsWith('Arm') || b.endsWith('ForeArm')));
        expect(w[0], `forearm or hand weight on the ${p}: ${w[1]}`).toBeLessThan(0.01);
      }
      const far = maxOn('torso', ['Head', ...leftLeg.slice(1), ...rightLeg.slice(1)]);
      expect(far[0], `head or lower legs on the torso: ${far[1]}`).toBeLessThan(0.01);
      for (const S of ['Left', 'Right']) {
        for (const piece of ['shin', 'foot']) {
          const w = maxOn(`${S}_${piece}`, spineBones);
          expect(w[0], `spine weight on the ${S} ${piece}: ${w[1]}`).toBeLessThan(0.01);
        }
        // The inner thigh's top row is the crotch, where pelvis and both thighs meet (fast up to 2.03% there:
        // it lies below the Hips joint, past the thick Hips bone's end plane, where its distances are no
        // longer shrunk (bone-thickness.ts), so the thighs share it: Hips 85 -> 57%).
        for (const piece of ['thigh', 'shin', 'foot']) {
          const w = maxOn(`${S}_${piece}`, S === 'Left' ? rightLeg : leftLeg);
          expect(w[0], `other leg on the ${S} ${piece}: ${w[1]}`).toBeLessThan(piece === 'thigh' ? 0.025 : 0.01);
        }
        for (const piece of ['forearm', 'hand']) expect(maxOn(`${S}_${piece}`, spineBones)[0], `${S} ${piece}`).toBeLessThan(0.01);
      }
    });
});

describe('rigMesh frames, scale and rotation', () => {
  const base = syntheticCharacter('biped', { pose: 'T', accessories: false });
  const r0 = rigMesh(base.mesh, opts());

  it('is scale invariant (0.01 and 100 give the same joints, scaled)', () => {
    for (const s of [0.01, 100]) {
      const c = syntheticCharacter('biped', { pose: 'T', scale: s, accessories: false });
      const r = rigMesh(c.mesh, opts());
      for (const j of r0.report.joints) expect(dist(jointPos(r, j.name).map((v) => v / s), j.position), j.name).toBeLessThan(1e-3);
    }
  });

  it('applies rotation_y before rigging, returns the rotated geometry, and output faces +Z', () => {
    const c = syntheticCharacter('biped', { pose: 'T', rotationY: 90, accessories: false });
    const r = rigMesh(c.mesh, opts({ rotationY: 90 }));
    expect(r.rotatedPositions).toBeDefined();
    for (let i = 0; i < base.mesh.positions.length; i++) expect(Math.abs(r.rotatedPositions![i] - base.mesh.positions[i])).toBeLessThan(1e-5);
    for (const j of r0.report.joints) expect(dist(jointPos(r, j.name), j.position), j.name).toBeLessThan(0.01);
    expect(r.report.warnings.some((w) => w.includes('face'))).toBe(false);
  });

  it('warns with the rotation_y that fixes a model facing another way', () => {
    const c = syntheticCharacter('biped', { pose: 'T', rotationY: 180, accessories: false });
    const r = rigMesh(c.mesh, opts());
    expect(r.report.warnings.join(' ')).toMatch(/face -Z.*rotation_y=180/);
  });

  it('rig_fingers adds 30 finger bones on the hands; bone_naming renames', () => {
    const r = rigMesh(base.mesh, opts({ fingers: true, boneNaming: 'unreal' }));
    expect(r.skeleton.names).toHaveLength(55);
    expect(r.skeleton.names).toContain('thumb_01_l');
    const hand = jointPos(r, 'hand_l');
    const tip = jointPos(r, 'middle_03_l');
    expect(tip[0]).toBeGreaterThan(hand[0]);
    expect(dist(hand, tip)).toBeLessThan(0.25);
  });
});

describe('rigMesh on every body plan', () => {
  for (const plan of ['quadruped', 'hexapod', 'octopod', 'avian', 'serpentine', 'aquatic', 'others'] as const)
    it(`${plan}: synthetic character rigs close to its ground truth`, () => {
      const c = syntheticCharacter(plan, { pose: 'T' });
      const r = rigMesh(c.mesh, opts({ rigType: plan }));
      let sum = 0;
      for (let i = 0; i < c.truth.keys.length; i++) {
        const t = c.truth.positions.subarray(i * 3, i * 3 + 3);
        let best = Infinity;
        for (const j of r.report.joints) best = Math.min(best, dist(j.position, Array.from(t)));
        sum += best;
      }
      expect(sum / c.truth.keys.length).toBeLessThan(0.06);
      for (let v = 0; v < r.weights.length; v += 4) expect(r.weights[v]).toBeGreaterThan(0);
    });
});

describe('rigMesh refuses unusable input with RigError', () => {
  const tri = (pos: number[], idx: number[]): { positions: Float32Array; indices: Uint32Array; partOffsets: Uint32Array } => ({
    positions: Float32Array.from(pos), indices: Uint32Array.from(idx), partOffsets: Uint32Array.from([0, pos.length / 3]),
  });
  it('no triangles, collapsed points, bad indices, a lone triangle, confetti', () => {
    expect(() => rigMesh(tri([0, 0, 0], []), opts())).toThrow(RigError);
    expect(() => rigMesh(tri([1, 1, 1, 1, 1, 1, 1, 1, 1], [0, 1, 2]), opts())).toThrow(/no extent/);
    expect(() => rigMesh(tri([0, 0, 0, 1, 0, 0, 0, 1, 0], [0, 1, 5]), opts())).toThrow(/out of range/);
    expect(() => rigMesh(tri([0, 0, 0, 1, 0, 0, 0, 1, 0], [0, 1, 2]), opts())).toThrow(/too thin or sparse/);
    // Many tiny scattered triangles: too fragmented.
    const pos: number[] = [];
    const idx: number[] = [];
    for (let i = 0; i < 400; i++) {
      const x = (i % 20) * 0.05, z = Math.floor(i / 20) * 0.05, y = ((i * 7) % 13) * 0.05;
      const b = pos.length / 3;
      pos.push(x, y, z, x + 0.01, y, z, x, y + 0.01, z, x, y, z + 0.01);
      idx.push(b, b + 1, b + 2, b, b + 2, b + 3, b, b + 3, b + 1, b + 1, b + 3, b + 2);
    }
    expect(() => rigMesh(tri(pos, idx), opts())).toThrow(RigError);
  });
});

function worldMatrices(r: RigResult): number[][] {
  const out: number[][] = [];
  const s = r.skeleton;
  for (let j = 0; j < s.names.length; j++) {
    const o = j * REST_STRIDE;
    const [tx, ty, tz, x, y, z, w] = Array.from(s.restLocal.subarray(o, o + 7));
    const m = [1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w), 0, 2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w), 0, 2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y), 0, tx, ty, tz, 1];
    const p = s.parents[j];
    out.push(p >= 0 ? mul(out[p], m) : m);
  }
  return out;
}

function mul(a: number[], b: number[]): number[] {
  const o = new Array(16).fill(0);
  for (let c = 0; c < 4; c++) for (let r = 0; r < 4; r++) for (let k = 0; k < 4; k++) o[c * 4 + r] += a[k * 4 + r] * b[c * 4 + k];
  return o;
}
