/**
 * Clip timing survives reading and retargeting: glTF CUBICSPLINE tracks follow their tangents between
 * keys, and STEP keys change at their own times, not at the nearest output frame.
 */
import { NodeIO } from '@gltf-transform/core';
import { describe, expect, it } from 'vitest';
import type { Clip } from '../../../shared/anim/clip';
import { clipSceneModel } from '../../../shared/anim/clip-model';
import { restPose } from '../../../shared/anim/pose';
import { retargetClip } from '../../../shared/anim/retarget';
import { bindClip, sampleBound } from '../../../shared/anim/sample-clip';
import { templateSkeleton } from '../../../shared/anim/template-skeleton';
import { readModel } from '../../../shared/mesh/read-model';
import { writeGlb } from '../../../shared/mesh/write-glb';
import { REST_STRIDE } from '../../../shared/rig/skeleton';

const skel = templateSkeleton('biped');
const hips = skel.names.indexOf('Hips');
const hipsRest = Array.from(skel.restLocal.subarray(hips * REST_STRIDE, hips * REST_STRIDE + 3));

function sampleTranslation(clip: Clip, joint: string, t: number): number[] {
  const pose = restPose(skel);
  sampleBound(bindClip(skel, clip), t, pose);
  const j = skel.names.indexOf(joint);
  return Array.from(pose.translation.subarray(j * 3, j * 3 + 3));
}

describe('clip timing', () => {
  it('reads a CUBICSPLINE track along its Hermite curve, not straight between the keys', async () => {
    // Two keys at the rest position one second apart; the out-tangent of the first lifts the hips at 0.3 m/s.
    const clip: Clip = { name: 'bob', duration: 1, tracks: [{ joint: 'Hips', path: 'translation', interpolation: 'LINEAR', times: Float32Array.from([0, 1]), values: Float32Array.from([...hipsRest, ...hipsRest]) }] };
    const io = new NodeIO();
    const doc = await io.readBinary(await writeGlb(clipSceneModel('biped', skel, [clip])));
    const sampler = doc.getRoot().listAnimations()[0].listSamplers()[0];
    const [x, y, z] = hipsRest;
    // (inTangent, value, outTangent) per key.
    sampler.getOutput()!.setArray(Float32Array.from([0, 0, 0, x, y, z, 0, 0.3, 0, 0, 0, 0, x, y, z, 0, 0, 0]));
    sampler.setInterpolation('CUBICSPLINE');
    const { model } = await readModel(await io.writeBinary(doc), 'bob.glb');
    const read = model.clips[0];
    expect(read.duration).toBeCloseTo(1, 6);
    // Hermite at s = 0.5: (s^3 - 2 s^2 + s) * dt * 0.3 = 0.0375 m above rest; linearised keys give 0.
    expect(sampleTranslation(read, 'Hips', 0.5)[1] - y).toBeCloseTo(0.0375, 4);
    expect(sampleTranslation(read, 'Hips', 0.25)[1] - y).toBeCloseTo((0.015625 - 0.125 + 0.25) * 0.3, 3);
  });

  it('keeps a STEP key changing at its own time through retargeting', () => {
    // The hips jump 0.2 m up at t = 0.51 s, between two 30 fps output frames (0.5 and 0.5333).
    const up = [hipsRest[0], hipsRest[1] + 0.2, hipsRest[2]];
    const clip: Clip = { name: 'hop', duration: 1, tracks: [{ joint: 'Hips', path: 'translation', interpolation: 'STEP', times: Float32Array.from([0, 0.51]), values: Float32Array.from([...hipsRest, ...up]) }] };
    const out = retargetClip({ skeleton: skel, clip }, skel, { footIk: 'off' }).clip;
    expect(out.duration).toBeCloseTo(1, 6);
    expect(sampleTranslation(out, 'Hips', 0.505)[1]).toBeCloseTo(hipsRest[1], 4);
    expect(sampleTranslation(out, 'Hips', 0.515)[1]).toBeCloseTo(up[1], 4);
    expect(sampleTranslation(out, 'Hips', 0.52)[1]).toBeCloseTo(up[1], 4);
  });
});
