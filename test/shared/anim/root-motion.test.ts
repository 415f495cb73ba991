/**
 * in_place and root_bone (shared/anim/root-motion.ts): the walk keeps its bob but not its travel; a Root
 * joint on the floor carries the travel; both survive GLB and FBX and import in Blender 3.4.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtinClips } from '../../../shared/anim/library';
import { clipSceneModel } from '../../../shared/anim/clip-model';
import { forwardKinematics, newWorldPose, restPose } from '../../../shared/anim/pose';
import { inPlaceClip, withRootBone } from '../../../shared/anim/root-motion';
import { bindClip, sampleBound } from '../../../shared/anim/sample-clip';
import type { Clip } from '../../../shared/anim/clip';
import { writeFbx } from '../../../shared/mesh/fbx/write-fbx';
import { readModel } from '../../../shared/mesh/read-model';
import { writeGlb } from '../../../shared/mesh/write-glb';
import type { Skeleton } from '../../../shared/rig/skeleton';
import { blenderImport, blenderPath } from '../../support/blender';

const builtin = builtinClips('biped').find((c) => c.clip.name === 'walk')!;
/** The built-in walk is authored in place: moved forward 1.2 m/s along +Z, as a captured walk travels. */
const walk = {
  skeleton: builtin.skeleton,
  clip: {
    ...builtin.clip,
    tracks: builtin.clip.tracks.map((t) => {
      if (t.joint !== 'Hips' || t.path !== 'translation') return t;
      const values = Float32Array.from(t.values);
      t.times.forEach((time, k) => { values[k * 3 + 2] += 1.2 * time; });
      return { ...t, values };
    }),
  },
};

function hipsAt(skel: Skeleton, clip: Clip, t: number): number[] {
  const pose = restPose(skel);
  sampleBound(bindClip(skel, clip), t, pose);
  const w = newWorldPose(skel.names.length);
  forwardKinematics(skel, pose, w);
  const h = skel.names.indexOf('Hips');
  return Array.from(w.position.subarray(h * 3, h * 3 + 3));
}

describe('root motion options', () => {
  const skel = walk.skeleton;
  const d = walk.clip.duration;
  it('the walk travels (so the checks below mean something)', () => {
    const a = hipsAt(skel, walk.clip, 0), b = hipsAt(skel, walk.clip, d);
    expect(Math.hypot(b[0] - a[0], b[2] - a[2])).toBeGreaterThan(0.3);
  });

  it('in_place removes the horizontal travel and keeps the vertical bob', () => {
    const clip = inPlaceClip(skel, walk.clip);
    const a = hipsAt(skel, clip, 0), b = hipsAt(skel, clip, d);
    expect(Math.hypot(b[0] - a[0], b[2] - a[2])).toBeLessThan(1e-4);
    const ys = Array.from({ length: 31 }, (_, i) => hipsAt(skel, clip, (i / 30) * d)[1]);
    const ys0 = Array.from({ length: 31 }, (_, i) => hipsAt(skel, walk.clip, (i / 30) * d)[1]);
    expect(Math.max(...ys) - Math.min(...ys)).toBeCloseTo(Math.max(...ys0) - Math.min(...ys0), 4);
  });

  it('root_bone puts Root on the floor under Hips, carrying the travel while Hips moves as before', () => {
    const model = withRootBone(clipSceneModel('biped', skel, [walk.clip]), 0);
    const s = model.skeleton!;
    expect(s.names[0]).toBe('Root');
    expect(s.parents[s.names.indexOf('Hips')]).toBe(0);
    for (const t of [0, d / 3, d]) {
      const before = hipsAt(skel, walk.clip, t), after = hipsAt(s, model.clips[0], t);
      for (let c = 0; c < 3; c++) expect(after[c]).toBeCloseTo(before[c], 4);
    }
    const r0 = model.clips[0].tracks.find((t) => t.joint === 'Root' && t.path === 'translation')!;
    expect(r0.values[1]).toBe(0);
    const n = r0.times.length - 1;
    expect(Math.hypot(r0.values[n * 3] - r0.values[0], r0.values[n * 3 + 2] - r0.values[2])).toBeGreaterThan(0.3);
  });

  it.skipIf(!blenderPath)('Blender 3.4 imports GLB and FBX with Root, and the in-place clip does not travel', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'rigdesk-root-'));
    const rooted = withRootBone(clipSceneModel('biped', skel, [walk.clip]), 0);
    const inPlace = clipSceneModel('biped', skel, [inPlaceClip(skel, walk.clip)]);
    const files: string[] = [];
    for (const [name, model] of [['rooted', rooted], ['in-place', inPlace]] as const) {
      const glb = path.join(dir, `${name}.glb`), fbx = path.join(dir, `${name}.fbx`);
      writeFileSync(glb, await writeGlb(model));
      writeFileSync(fbx, writeFbx(model));
      files.push(glb, fbx);
    }
    // Our own reader sees Root in both formats.
    for (const f of files.filter((x) => x.includes('rooted'))) {
      const { model } = await readModel(new Uint8Array(readFileSync(f)), path.basename(f));
      expect(model.skeleton!.names, f).toContain('Root');
    }
    const res = await blenderImport(files);
    for (const r of res) {
      expect(r.error, r.file).toBeUndefined();
      const bones = r.armatures[0].bones;
      const hips = r.path?.Hips;
      expect(hips, r.file).toBeDefined();
      // Blender is Z-up: horizontal is x, y.
      const travel = Math.hypot(hips![1][0] - hips![0][0], hips![1][1] - hips![0][1]);
      if (r.file.includes('rooted')) {
        expect(bones, r.file).toContain('Root');
        expect(r.path?.Root, r.file).toBeDefined();
        const root = r.path!.Root!;
        expect(Math.hypot(root[1][0] - root[0][0], root[1][1] - root[0][1]), r.file).toBeGreaterThan(0.3);
      } else {
        expect(bones, r.file).not.toContain('Root');
        expect(travel, r.file).toBeLessThan(0.01);
      }
    }
  }, 300_000);
});
