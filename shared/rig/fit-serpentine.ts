/**
 * Fits the serpentine chain along the medial path between the two most prominent extremities. The head
 * is the end that is thicker just behind its tip (snake heads are, tails taper); joints are spread by
 * arclength so each segment bends about equally. When the skeleton finds one extremity only (a head
 * thicker than the body holds the skeleton's centre, so its tip is no branch), the other end is the inside
 * voxel farthest from it along the body.
 */
import type { Volume } from './volume';
import type { CurveSkeleton } from './curve-skeleton';
import type { FitResult } from './fit-common';
import { JointSet, at, centreOnMirror, isMirrorSymmetric, sub3, tipInside } from './fit-common';
import { facingOf, medialPathBetween } from './limb-path';
import { SERPENTINE_SEGMENTS, pad, serpentineTemplate } from './templates/serpentine';
import { RigError } from './rig-error';
import { geodesicFrom } from './geodesic';
import type { Polyline } from './polyline';

export function fitSerpentine(vol: Volume, skel: CurveSkeleton): FitResult {
  const js = new JointSet();
  const [a, b] = skel.branches;
  if (!a) throw new RigError('the shape has no end; a serpentine rig needs a head and a tail');
  if (skel.branches.length > 3) js.warnings.push(`body plan serpentine does not fit the shape well: ${skel.branches.length} extremities found, expected 2`);
  let P: Polyline;
  if (b) {
    const thick = (path: typeof a.path): number => path.radiusAt(Math.min(path.length, 0.08 * (a.path.length + b.path.length)));
    const [head, tail] = thick(a.path) >= thick(b.path) ? [a, b] : [b, a];
    P = medialPathBetween(vol, head.tip, tail.tip);
  } else {
    // One extremity only: the skeleton grows from the thickest voxel, and a head that is the body's thickest
    // part holds it, so the head's tip is no branch of its own. The other end is the inside voxel farthest
    // from the one extremity along the body.
    const far = geodesicFrom(vol.grid, vol.inside, [a.tip]).dist;
    let other = a.tip;
    for (let v = 0; v < far.length; v++) if (vol.inside[v] && far[v] < Infinity && far[v] > far[other]) other = v;
    if (other === a.tip) throw new RigError('the shape has fewer than two ends; a serpentine rig needs a head and a tail');
    const between = medialPathBetween(vol, a.tip, other);
    const d = 0.08 * between.length;
    P = between.radiusAt(d) >= between.reversed().radiusAt(d) ? between : between.reversed();
  }
  const L = P.length;
  js.set('Head_End', tipInside(P, 0.5));
  js.set('Head', at(P, 0.05 * L));
  for (let i = 1; i <= SERPENTINE_SEGMENTS; i++) js.set(`Spine${pad(i)}`, at(P, (0.1 + ((i - 1) * 0.82) / (SERPENTINE_SEGMENTS - 1)) * L));
  js.set('Tail_End', tipInside(P.reversed(), 0.5));
  // A straight, mirror-symmetric body: the chain on the mirror plane (Mesh2Motion snake pro 1.86 -> 1.82%).
  if (isMirrorSymmetric(vol)) centreOnMirror(js, [...js.pos.keys()]);
  js.facingDeg = facingOf(sub3(js.get('Head'), js.get('Spine03')));
  return js.toResult(serpentineTemplate());
}
