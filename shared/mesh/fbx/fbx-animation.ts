/**
 * Clips as FBX animation stacks: one AnimationStack and AnimationLayer per clip, one
 * AnimationCurveNode per animated joint property (T, R, S) driving the bone's Lcl property,
 * and one AnimationCurve per axis. Rotations become XYZ Euler degrees, unwrapped so that
 * consecutive keys never jump by a whole turn.
 *
 * Limit: between keys, importers interpolate the Euler angles linearly rather than slerping
 * the quaternions; for the 30-60 fps keys of real clips the difference is negligible.
 */
import type { Clip } from '../../anim/clip';
import { REST_STRIDE, type Skeleton } from '../../rig/skeleton';
import { cleanTrack } from '../clip-keys';
import { D, I, L, P, rec } from './fbx-binary-encoder';
import { fbxTime, type FbxObjectGraph } from './fbx-object-graph';
import { quatToEulerXYZ, unwrapDegrees } from './fbx-rotation';

/** Key attribute flags as FBX SDK writes them: linear (0x4) or constant (0x2), tangents auto. */
const FLAGS_LINEAR = 0x6104;
const FLAGS_STEP = 0x6102;
const KEY_ATTR_DATA = Float32Array.from([0, 0, 9.419963346924634e-30, 0]);
const PROPERTY = { translation: 'Lcl Translation', rotation: 'Lcl Rotation', scale: 'Lcl Scaling' } as const;
const SHORT = { translation: 'T', rotation: 'R', scale: 'S' } as const;

/**
 * True when every key equals the joint's rest value: FBX takes leave unanimated properties at
 * the model's own value (the rest pose), so such a track is dropped. Clip libraries key every
 * joint's T, R and S; this removes most of them (a KayKit character: 26k curves fewer).
 */
function staysAtRest(values: Float32Array, path: 'translation' | 'rotation' | 'scale', sk: Skeleton, j: number): boolean {
  const o = j * REST_STRIDE + (path === 'translation' ? 0 : path === 'rotation' ? 3 : 7);
  const comps = path === 'rotation' ? 4 : 3;
  const r = sk.restLocal;
  for (let k = 0; k < values.length; k += comps) {
    let same = 0;
    let flipped = 0;
    for (let c = 0; c < comps; c++) {
      same = Math.max(same, Math.abs(values[k + c] - r[o + c]));
      flipped = Math.max(flipped, Math.abs(-values[k + c] - r[o + c]));
    }
    if (Math.min(same, comps === 4 ? flipped : same) > 1e-6 * Math.max(1, Math.abs(r[o]), Math.abs(r[o + 1]), Math.abs(r[o + 2]))) return false;
  }
  return true;
}

export function addClips(g: FbxObjectGraph, clips: Clip[], sk: Skeleton, boneIds: bigint[]): void {
  const index = new Map(sk.names.map((n, j) => [n, j]));
  for (const clip of clips) {
    const stop = fbxTime(clip.duration) > 0n ? fbxTime(clip.duration) : 1n; // a zero-length pose clip still needs a span, or importers drop it
    const stack = g.add('AnimationStack', clip.name, 'AnimStack', '', [
      rec('Properties70', [], [
        P('LocalStart', 'KTime', 'Time', '', L(0)),
        P('LocalStop', 'KTime', 'Time', '', L(stop)),
        P('ReferenceStart', 'KTime', 'Time', '', L(0)),
        P('ReferenceStop', 'KTime', 'Time', '', L(stop)),
      ]),
    ]);
    const layer = g.add('AnimationLayer', clip.name, 'AnimLayer', '', []);
    g.oo(layer, stack);
    let written = 0;
    // second pass only when every track stayed at rest: keep one so the take is not empty
    for (let pass = 0; pass < 2 && written === 0; pass++) for (const track of clip.tracks) {
      if (pass === 1 && written > 0) break;
      const j = index.get(track.joint);
      const clean = j === undefined ? null : cleanTrack(track);
      if (j === undefined || !clean || (pass === 0 && staysAtRest(clean.values, track.path, sk, j))) continue;
      written++;
      const keys = clean.times.length;
      const values = new Float64Array(keys * 3);
      if (track.path === 'rotation') {
        for (let k = 0; k < keys; k++) quatToEulerXYZ(clean.values.subarray(k * 4, k * 4 + 4), values, k * 3);
        unwrapDegrees(values, 3);
      } else values.set(clean.values);
      const node = g.add('AnimationCurveNode', SHORT[track.path], 'AnimCurveNode', '', [
        rec('Properties70', [], [
          P('d|X', 'Number', '', 'A', D(values[0])),
          P('d|Y', 'Number', '', 'A', D(values[1])),
          P('d|Z', 'Number', '', 'A', D(values[2])),
        ]),
      ]);
      g.oo(node, layer);
      g.op(node, boneIds[j], PROPERTY[track.path]);
      const times = BigInt64Array.from(clean.times, (t) => fbxTime(t));
      for (let axis = 0; axis < 3; axis++) {
        let v = new Float32Array(keys);
        for (let k = 0; k < keys; k++) v[k] = values[k * 3 + axis];
        // a constant axis keeps its first and last key: same motion and span, far fewer bytes
        const constant = keys > 2 && v.every((x) => Math.abs(x - v[0]) <= 1e-7 * Math.max(1, Math.abs(v[0])));
        if (constant) v = Float32Array.from([v[0], v[keys - 1]]);
        const curve = g.add('AnimationCurve', '', 'AnimCurve', '', [
          rec('Default', [D(v[0])]),
          rec('KeyVer', [I(4008)]),
          rec('KeyTime', [constant ? BigInt64Array.from([times[0], times[keys - 1]]) : times]),
          rec('KeyValueFloat', [v]),
          rec('KeyAttrFlags', [Int32Array.from([track.interpolation === 'STEP' ? FLAGS_STEP : FLAGS_LINEAR])]),
          rec('KeyAttrDataFloat', [KEY_ATTR_DATA]),
          rec('KeyAttrRefCount', [Int32Array.from([v.length])]),
        ]);
        g.op(curve, node, `d|${'XYZ'[axis]}`);
      }
    }
  }
}
