/**
 * Fits the serpentine chain along the medial path between the two most prominent extremities. The head
 * is the end that is thicker just behind its tip (snake heads are, tails taper); joints are spread by
 * arclength so each segment bends about equally.
 */
import type { Volume } from './volume';
import type { CurveSkeleton } from './curve-skeleton';
import type { FitResult } from './fit-common';
import { JointSet, at, sub3, tipInside } from './fit-common';
import { facingOf, medialPathBetween } from './limb-path';
import { SERPENTINE_SEGMENTS, pad, serpentineTemplate } from './templates/serpentine';
import { RigError } from './rig-error';

export function fitSerpentine(vol: Volume, skel: CurveSkeleton): FitResult {
  const js = new JointSet();
  const [a, b] = skel.branches;
  if (!a || !b) throw new RigError('the shape has fewer than two ends; a serpentine rig needs a head and a tail');
  if (skel.branches.length > 3) js.warnings.push(`body plan serpentine does not fit the shape well: ${skel.branches.length} extremities found, expected 2`);
  const thick = (path: typeof a.path): number => path.radiusAt(Math.min(path.length, 0.08 * (a.path.length + b.path.length)));
  const [head, tail] = thick(a.path) >= thick(b.path) ? [a, b] : [b, a];
  const P = medialPathBetween(vol, head.tip, tail.tip);
  const L = P.length;
  js.set('Head_End', tipInside(P, 0.5));
  js.set('Head', at(P, 0.05 * L));
  for (let i = 1; i <= SERPENTINE_SEGMENTS; i++) js.set(`Spine${pad(i)}`, at(P, (0.1 + ((i - 1) * 0.82) / (SERPENTINE_SEGMENTS - 1)) * L));
  js.set('Tail_End', tipInside(P.reversed(), 0.5));
  js.facingDeg = facingOf(sub3(js.get('Head'), js.get('Spine03')));
  return js.toResult(serpentineTemplate());
}
