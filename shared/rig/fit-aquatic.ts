/**
 * Fits the aquatic template: the medial path from the frontmost extremity (head, facing +Z) to the
 * rearmost (tail fin) carries head, body and four tail joints; the most lateral remaining extremities are
 * the pectoral fins and the highest central one the dorsal fin.
 */
import type { Volume } from './volume';
import type { CurveSkeleton, Branch } from './curve-skeleton';
import type { FitResult, Vec3 } from './fit-common';
import { JointSet, at, isMirrorSymmetric, sub3, symmetrise, tipInside } from './fit-common';
import { centreRadius, facingOf, limbRootS, medialPathBetween, tipsOf } from './limb-path';
import { aquaticTemplate } from './templates/aquatic';
import { RigError } from './rig-error';

const CHAIN: [string, number][] = [['Head', 0.18], ['Body', 0.38], ['Tail1', 0.52], ['Tail2', 0.64], ['Tail3', 0.76], ['Tail4', 0.88]];

export function fitAquatic(vol: Volume, skel: CurveSkeleton): FitResult {
  const js = new JointSet();
  const tips = tipsOf(skel.branches);
  if (tips.length < 2) throw new RigError('the shape has fewer than two ends; an aquatic rig needs a head and a tail');
  // Head and tail: the pair of extremities farthest apart along z among the two most prominent ends.
  const front = tips.reduce((p, q) => (q.p[2] > p.p[2] ? q : p));
  const back = tips.filter((t) => t !== front).reduce((p, q) => (q.p[2] < p.p[2] ? q : p));
  const P = medialPathBetween(vol, front.b.tip, back.b.tip);
  const L = P.length;
  js.set('Head_End', tipInside(P, 0.5));
  for (const [k, f] of CHAIN) js.set(k, at(P, f * L));
  js.set('Tail_End', tipInside(P.reversed(), 0.5));
  const bodyR = centreRadius(vol, skel.centre);
  const body = js.get('Body');
  const rest = tips.filter((t) => t !== front && t !== back);
  const used = new Set<Branch>();
  const take = (f: (p: Vec3) => boolean, score: (p: Vec3) => number): Branch | null => {
    let best: (typeof rest)[number] | null = null;
    for (const t of rest) if (!used.has(t.b) && f(t.p) && (!best || score(t.p) > score(best.p))) best = t;
    if (best) used.add(best.b);
    return best?.b ?? null;
  };
  const finL = take((p) => p[0] > body[0] + bodyR, (p) => p[0]);
  const finR = take((p) => p[0] < body[0] - bodyR, (p) => -p[0]);
  const dorsal = take((p) => p[1] > body[1] + bodyR && Math.abs(p[0] - body[0]) < bodyR, (p) => p[1]);
  for (const [key, b, off] of [['LeftFin', finL, [bodyR, -0.3 * bodyR, 0]], ['RightFin', finR, [-bodyR, -0.3 * bodyR, 0]], ['DorsalFin', dorsal, [0, bodyR, 0]]] as const) {
    if (b) {
      const sRoot = limbRootS(b.path, bodyR);
      js.set(key, at(b.path, sRoot));
      js.set(`${key}_End`, tipInside(b.path, 0.5));
    } else {
      js.set(key, [body[0] + off[0] * 0.5, body[1] + off[1] * 0.5, body[2]]);
      js.set(`${key}_End`, [body[0] + off[0] * 1.2, body[1] + off[1] * 1.2, body[2] - 0.3 * bodyR]);
    }
  }
  if (!finL || !finR) js.warnings.push('no pectoral fins stand out from the body; fin bones were placed on the body sides');
  if (isMirrorSymmetric(vol)) symmetrise(js);
  js.facingDeg = facingOf(sub3(js.get('Head'), js.get('Tail2')));
  return js.toResult(aquaticTemplate());
}
