/**
 * Joints names leave out between two joints names matched (shared/anim/fill-between.ts): a spine whose
 * bones no alias table knows (Quaternius' `Abdomen`, `Torso`) is matched along the stretch from the hips
 * to the neck, and a hand no table knows (`Palm.L`) is the forearm's only child on both sides.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { builtinClips } from '../../../shared/anim/library';
import { retargetClip } from '../../../shared/anim/retarget';
import { fillBetween, fillOnlyChildren } from '../../../shared/anim/fill-between';
import { restWorld } from '../../../shared/anim/pose';
import { templateSkeleton } from '../../../shared/anim/template-skeleton';
import { bakeJointScale } from '../../../shared/anim/bake-scale';
import { deformingSkeleton } from '../../../shared/anim/deforming-skeleton';
import { withLeafEnds } from '../../../shared/anim/leaf-ends';
import { readModel } from '../../../shared/mesh/read-model';
import type { Clip } from '../../../shared/anim/clip';
import type { Skeleton } from '../../../shared/rig/skeleton';
import { corpusPath, describeWithCorpus } from '../../support/corpus';

/** The template and its walk with some bones renamed (roles dropped: names alone say what a bone is). */
function renamed(rename: Record<string, string>): { skeleton: Skeleton; clip: Clip } {
  const skel = templateSkeleton('biped');
  const walk = builtinClips('biped').find((c) => c.clip.name === 'walk')!.clip;
  const to = (n: string): string => rename[n] ?? n;
  return {
    skeleton: { names: skel.names.map(to), parents: skel.parents, restLocal: skel.restLocal },
    clip: { ...walk, tracks: walk.tracks.map((t) => ({ ...t, joint: to(t.joint) })) },
  };
}

describe('fill between joints names matched', () => {
  it('a spine of unknown bone names drives the spine between the hips and the neck, in order', () => {
    const src = renamed({ Spine: 'Belly', Spine1: 'Ribs', Spine2: 'Breast' });
    const out = retargetClip(src, templateSkeleton('biped'));
    expect(out.mappedBy).toBe('names');
    expect([out.mapping.Spine, out.mapping.Spine1, out.mapping.Spine2]).toEqual(['Belly', 'Ribs', 'Breast']);
  });

  it('two source joints between onto three target joints: both used, in order, each at its place along the stretch', () => {
    const tgt = templateSkeleton('biped');
    // Source: the template without Spine1 (Spine2 hangs from Spine), as Quaternius' Abdomen -> Torso.
    const keep = tgt.names.map((n) => n !== 'Spine1');
    const index = new Map<number, number>();
    tgt.names.forEach((_, j) => { if (keep[j]) index.set(j, index.size); });
    const world = restWorld(tgt);
    const names = tgt.names.filter((_, j) => keep[j]);
    const parents = Int32Array.from(tgt.names.flatMap((_, j) => (keep[j] ? [tgt.parents[j] < 0 ? -1 : index.get(tgt.parents[j] === 2 ? 1 : tgt.parents[j])!] : [])));
    // World rest positions as local translations with identity rotations.
    const restLocal = new Float32Array(names.length * 10);
    tgt.names.forEach((_, j) => {
      if (!keep[j]) return;
      const i = index.get(j)!, p = parents[i];
      const pj = p < 0 ? -1 : [...index].find(([, v]) => v === p)![0];
      for (let c = 0; c < 3; c++) restLocal[i * 10 + c] = world.position[j * 3 + c] - (pj < 0 ? 0 : world.position[pj * 3 + c]);
      restLocal.set([0, 0, 0, 1, 1, 1, 1], i * 10 + 3);
    });
    const src: Skeleton = { names, parents, restLocal };
    const map = new Int32Array(tgt.names.length).fill(-1);
    for (const n of ['Hips', 'Neck']) map[tgt.names.indexOf(n)] = names.indexOf(n);
    const filled = fillBetween(src, tgt, restWorld(src), world, map, () => false);
    expect(filled).toBe(2);
    const got = ['Spine', 'Spine1', 'Spine2'].map((n) => (map[tgt.names.indexOf(n)] >= 0 ? names[map[tgt.names.indexOf(n)]] : null));
    // Spine2 sits where the source's Spine2 does; the template's Spine1 has no counterpart.
    expect(got).toEqual(['Spine', null, 'Spine2']);
  });

  it('a hand of an unknown name, the only child of a matched forearm on both sides, drives the hand', () => {
    const tgt = templateSkeleton('biped');
    const src = renamed({ LeftHand: 'Paw.L' }).skeleton;
    const map = new Int32Array(tgt.names.length).fill(-1);
    tgt.names.forEach((n, k) => { if (n !== 'LeftHand' && !/_End$/.test(n)) map[k] = src.names.indexOf(n); });
    const end = (k: number): boolean => /_end$/.test(tgt.roles![k]);
    expect(fillOnlyChildren(src, tgt, map, end, (s) => /_End$/.test(src.names[s]))).toBe(1);
    expect(src.names[map[tgt.names.indexOf('LeftHand')]]).toBe('Paw.L');
  });
});

describeWithCorpus('fill between, real skeletons', () => {
  it("Female_Dress' Abdomen and Torso (names no table knows) drive the template's spine by names", async () => {
    const file = corpusPath('characters', 'quaternius', 'Female_Dress.fbx');
    const { model } = await readModel(new Uint8Array(readFileSync(file)), 'Female_Dress.fbx');
    const clip = model.clips.find((c) => /Female_Walk$/.test(c.name))!;
    const baked = bakeJointScale(model.skeleton!, clip);
    const body = deformingSkeleton(baked.skeleton, model.parts);
    const out = retargetClip({ skeleton: withLeafEnds(body.skeleton, body.parts), clip: baked.clip }, templateSkeleton('biped'));
    expect(out.mappedBy).toBe('names');
    const spine = ['Spine', 'Spine1', 'Spine2'].map((k) => out.mapping[k]).filter((s) => s !== undefined);
    expect(spine).toEqual(['Abdomen', 'Torso']);
  }, 60_000);
});
