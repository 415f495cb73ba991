/**
 * Biped tails (biped-tail.ts): the synthetic biped with a capsule tail from the pelvis backwards and down
 * gets the tail chain along the tail (TAIL_JOINTS deforming joints and Tail_End), and the tail's vertices are weighted to the tail bones; without a
 * tail the rig keeps exactly the 25 joints.
 */
import { describe, expect, it } from 'vitest';
import { rigMesh } from '../../../shared/rig/rig-mesh';
import type { RigInput, RigOptions, RigResult } from '../../../shared/rig/types';
import { buildBiped } from '../../../shared/rig/synthetic/biped';
import { capsule } from '../../../shared/rig/synthetic/shapes';
import type { MeshPiece } from '../../../shared/rig/synthetic/shapes';
import { syntheticCharacter } from '../../../shared/rig/synthetic/characters';
import { REST_STRIDE } from '../../../shared/rig/skeleton';
import type { Skeleton } from '../../../shared/rig/skeleton';
import { builtinClips } from '../../../shared/anim/library';
import { retargetClip } from '../../../shared/anim/retarget';
import { bindClip, sampleBound } from '../../../shared/anim/sample-clip';
import { forwardKinematics, newWorldPose, restPose } from '../../../shared/anim/pose';
import type { Clip } from '../../../shared/anim/clip';
import { TAIL_JOINTS, tailKeys } from '../../../shared/rig/templates/template';
import { corpusPath, describeWithCorpus } from '../../support/corpus';
import { readCorpusRig } from '../../eval/corpus-gltf';

type V3 = [number, number, number];
const opts = (o: Partial<RigOptions> = {}): RigOptions => ({ rigType: 'biped', engine: 'fast', fingers: false, rotationY: 0, boneNaming: 'mixamo', ...o });

// The tail: from inside the back of the pelvis (hips at y 0.92, z 0) backwards and down, tapering.
const TAIL_A: V3 = [0, 0.88, -0.05];
const TAIL_B: V3 = [0, 0.5, -0.85];
const TAIL_RA = 0.075, TAIL_RB = 0.03;

/** The synthetic T-pose biped (no accessories) plus a tail part, last. */
function bipedWithTail(): { mesh: RigInput; tailPart: number } {
  const pieces: MeshPiece[] = buildBiped('T').pieces.map(([, p]) => p);
  pieces.push(capsule(TAIL_A, TAIL_B, TAIL_RA, TAIL_RB));
  const pos: number[] = [], idx: number[] = [], offsets: number[] = [];
  for (const p of pieces) {
    const base = pos.length / 3;
    offsets.push(base);
    pos.push(...p.positions);
    for (const i of p.indices) idx.push(base + i);
  }
  offsets.push(pos.length / 3);
  return { mesh: { positions: Float32Array.from(pos), indices: Uint32Array.from(idx), partOffsets: Uint32Array.from(offsets) }, tailPart: pieces.length - 1 };
}

/** Distance from p to the tail's axis segment, and the position along it (0 at TAIL_A, 1 at TAIL_B). */
function toTailAxis(p: ArrayLike<number>): { d: number; t: number } {
  const ab = [TAIL_B[0] - TAIL_A[0], TAIL_B[1] - TAIL_A[1], TAIL_B[2] - TAIL_A[2]];
  const ap = [p[0] - TAIL_A[0], p[1] - TAIL_A[1], p[2] - TAIL_A[2]];
  const L2 = ab[0] ** 2 + ab[1] ** 2 + ab[2] ** 2;
  const t = Math.min(1, Math.max(0, (ap[0] * ab[0] + ap[1] * ab[1] + ap[2] * ab[2]) / L2));
  return { d: Math.hypot(ap[0] - ab[0] * t, ap[1] - ab[1] * t, ap[2] - ab[2] * t), t };
}

const joint = (r: RigResult, name: string): { position: V3; parent: string | null; role: string } => {
  const j = r.report.joints.find((q) => q.name === name);
  if (!j) throw new Error(`no joint ${name}`);
  return j;
};

describe('biped with a tail', () => {
  const { mesh, tailPart } = bipedWithTail();
  for (const engine of ['fast', 'pro'] as const) {
    const r = rigMesh(mesh, opts({ engine }));

    it(`${engine}: adds Tail -> Tail1 -> Tail2 -> Tail3 -> Tail_End under Hips, along the tail's axis, in order`, () => {
      expect(TAIL_JOINTS).toBe(4);
      expect(r.skeleton.names).toHaveLength(30);
      const chain = [['Tail', 'Hips', 'tail_1'], ['Tail1', 'Tail', 'tail_2'], ['Tail2', 'Tail1', 'tail_3'], ['Tail3', 'Tail2', 'tail_4'], ['Tail_End', 'Tail3', 'tail_end']];
      let prevT = -1;
      for (const [name, parent, role] of chain) {
        const j = joint(r, name);
        expect(j.parent, name).toBe(parent);
        expect(j.role, name).toBe(role);
        const { d, t } = toTailAxis(j.position);
        // On the medial axis (within a voxel or two of the fast grid, 0.022 m; the root, where the tail
        // merges with the pelvis and the medial path turns up to the torso, within the tail's radius there).
        expect(d, `${name} off the tail axis`).toBeLessThan(name === 'Tail' ? 0.06 : 0.035);
        expect(t, `${name} order`).toBeGreaterThan(prevT + (name === 'Tail_End' ? 0.02 : 0.15));
        prevT = t;
      }
      // The root at the back of the pelvis, the end near the tip (the axis ends one radius inside its cap).
      expect(toTailAxis(joint(r, 'Tail').position).t).toBeLessThan(0.35);
      expect(toTailAxis(joint(r, 'Tail_End').position).t).toBeGreaterThan(0.85);
      // The last deforming joint near the tip, as the artists weight theirs (tail-chain.ts).
      expect(toTailAxis(joint(r, 'Tail3').position).t).toBeGreaterThan(0.8);
      // The rest of the skeleton is unchanged in shape: same 25 joints first, in the template's order.
      expect(r.skeleton.names.slice(0, 25)).toEqual(rigMesh(syntheticCharacter('biped', { accessories: false }).mesh, opts({ engine })).skeleton.names);
    });

    it(`${engine}: the tail's vertices are weighted to the tail bones, Tail_End carries none`, () => {
      const tailBones = new Set(tailKeys().map((n) => r.skeleton.names.indexOf(n)));
      const end = r.skeleton.names.indexOf('Tail_End');
      let onTail = 0, count = 0, dominant = 0;
      for (let v = mesh.partOffsets[tailPart]; v < mesh.partOffsets[tailPart + 1]; v++) {
        const p = mesh.positions.subarray(v * 3, v * 3 + 3);
        // Vertices outside the body (behind the pelvis capsule, radius 0.08 about z = 0).
        if (p[2] > -0.2) continue;
        count++;
        let best = -1, bestW = -1;
        for (let k = 0; k < 4; k++) {
          const j = r.joints[v * 4 + k], w = r.weights[v * 4 + k];
          if (tailBones.has(j)) onTail += w;
          if (j === end) expect(w).toBe(0);
          if (w > bestW) [best, bestW] = [j, w];
        }
        if (tailBones.has(best)) dominant++;
      }
      expect(count).toBeGreaterThan(100);
      expect(onTail / count).toBeGreaterThan(0.9);
      expect(dominant / count).toBeGreaterThan(0.95);
      // And the tail does not pull the legs: no thigh vertex leans on a tail bone.
      for (let v = 0; v < mesh.positions.length / 3; v++) {
        if (v >= mesh.partOffsets[tailPart]) break;
        if (mesh.positions[v * 3 + 1] > 0.75) continue;
        for (let k = 0; k < 4; k++) if (tailBones.has(r.joints[v * 4 + k])) expect(r.weights[v * 4 + k]).toBeLessThan(0.05);
      }
    });
  }

  it('every bone naming keeps the tail keys', () => {
    for (const boneNaming of ['unreal', 'unity', 'vrm'] as const) {
      const r = rigMesh(mesh, opts({ boneNaming }));
      expect(r.skeleton.names.slice(-5)).toEqual(['Tail', 'Tail1', 'Tail2', 'Tail3', 'Tail_End']);
      expect(joint(r, 'Tail').parent).toBe(boneNaming === 'unreal' ? 'pelvis' : boneNaming === 'unity' ? 'Hips' : 'hips');
    }
  });

  it('without a tail the biped keeps exactly its 25 joints (T and A pose, with a backpack)', () => {
    for (const pose of ['T', 'A'] as const) {
      const r = rigMesh(syntheticCharacter('biped', { pose }).mesh, opts());
      expect(r.skeleton.names).toHaveLength(25);
      expect(r.skeleton.names.some((n) => n.startsWith('Tail'))).toBe(false);
    }
  });

  it('biped clips retarget onto the tailed rig: the body moves exactly as on the 25 joints, the tail rides on Hips', () => {
    const r = rigMesh(mesh, opts());
    const full = r.skeleton;
    // The same rig without its tail (tail joints are last, so the first 25 form the plain skeleton).
    const body: Skeleton = { names: full.names.slice(0, 25), parents: full.parents.slice(0, 25), restLocal: full.restLocal.slice(0, 25 * REST_STRIDE), roles: full.roles?.slice(0, 25) };
    const world = (skel: Skeleton, clip: Clip, t: number): Float64Array => {
      const pose = restPose(skel);
      sampleBound(bindClip(skel, clip), t, pose);
      return forwardKinematics(skel, pose, newWorldPose(skel.names.length)).position;
    };
    const hips = full.names.indexOf('Hips'), tailEnd = full.names.indexOf('Tail_End');
    for (const name of ['walk', 'run']) {
      const src = builtinClips('biped').find((c) => c.clip.name === name);
      if (!src) throw new Error(`no built-in biped clip ${name}`);
      const onFull = retargetClip({ skeleton: src.skeleton, clip: src.clip }, full).clip;
      const onBody = retargetClip({ skeleton: src.skeleton, clip: src.clip }, body).clip;
      const rest = world(full, onFull, 0);
      const restLen = Math.hypot(rest[tailEnd * 3] - rest[hips * 3], rest[tailEnd * 3 + 1] - rest[hips * 3 + 1], rest[tailEnd * 3 + 2] - rest[hips * 3 + 2]);
      for (const t of [0.1, 0.37, 0.8].map((f) => f * src.clip.duration)) {
        const a = world(full, onFull, t), b = world(body, onBody, t);
        for (let i = 0; i < 25 * 3; i++) expect(Math.abs(a[i] - b[i]), `${name} ${full.names[Math.floor(i / 3)]}`).toBeLessThan(1e-6);
        const len = Math.hypot(a[tailEnd * 3] - a[hips * 3], a[tailEnd * 3 + 1] - a[hips * 3 + 1], a[tailEnd * 3 + 2] - a[hips * 3 + 2]);
        expect(Math.abs(len - restLen)).toBeLessThan(1e-6);
        expect(Number.isFinite(a[tailEnd * 3 + 2])).toBe(true);
      }
    }
  });
});

describeWithCorpus('a bump on the back is no tail', () => {
  // KayKit's arms-down character, pro: an extremity at the back of its body, 0.56 H up, passed the tail's
  // position tests, and its chain from the back of the pelvis to the tip measured 0.036 H (real tails
  // 0.75-1.42 H): four tail joints in a bulge. Shorter than TAIL_MIN_LENGTH (biped-tail.ts) it is no tail.
  it.each(['fast', 'pro'] as const)('%s: KayKit_AnimatedCharacter keeps its 25 joints', async (engine) => {
    const gt = await readCorpusRig(corpusPath('characters/kaykit-animated-character/KayKit_AnimatedCharacter_v1.2.glb'));
    const r = rigMesh({ positions: gt.positions, indices: gt.indices, partOffsets: gt.partOffsets }, opts({ engine }));
    expect(r.skeleton.names.filter((n) => n.startsWith('Tail'))).toEqual([]);
    expect(r.skeleton.names).toHaveLength(25);
  }, 60_000);
});
