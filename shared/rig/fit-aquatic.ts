/**
 * Fits the aquatic template: the medial path from the frontmost extremity (head, facing +Z) to the
 * rearmost (tail fin) carries head, body and four tail joints; the most lateral remaining extremities are
 * the pectoral fins (three joints from where the fin leaves the body to its tip) and the highest central
 * one the dorsal fin.
 * A forked tail fin (another end behind the body that runs into the head-tail path near its rear) ends
 * the chain at the fork: the backbone stops at the fin's base, the rearmost tip is only a fin lobe (the
 * Mesh2Motion shark's path ran 0.5 m up its upper lobe: Tail_End 20% of its length from the true tail tip);
 * the chain then runs on straight to the notch between the lobes, where artists end the tail.
 */
import type { Volume } from './volume';
import type { CurveSkeleton, Branch } from './curve-skeleton';
import type { FitResult, Vec3 } from './fit-common';
import { JointSet, at, isMirrorSymmetric, lerp3, medialTipS, normalise, sub3, symmetrise, tipInside } from './fit-common';
import { centreRadius, facingOf, limbEntryS, limbRootS, medialPathBetween, meetsPathAt, tipsOf } from './limb-path';
import { Polyline } from './polyline';
import { insideRun } from './volume';
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
  const full = medialPathBetween(vol, front.b.tip, back.b.tip);
  const sFork = caudalFork(full, tips.filter((t) => t !== front && t !== back).map((t) => t.b), vol.grid.h);
  const P = sFork > 0 ? toFinNotch(vol, full.slice(0, sFork)) : full;
  const L = P.length;
  js.set('Head_End', tipInside(P, 0.5));
  for (const [k, f] of CHAIN) js.set(k, at(P, f * L));
  js.set('Tail_End', sFork > 0 ? at(P, L) : tipInside(P.reversed(), 0.5));
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
    const chain = key === 'DorsalFin' ? [key] : [key, `${key}2`, `${key}3`];
    if (b) {
      // Joints spread from where the fin leaves the body to the end of its medial axis.
      const sEntry = limbEntryS(b.path, limbRootS(b.path, bodyR));
      const end = tipInside(b.path, 0.5);
      const sEnd = medialTipS(b.path);
      chain.forEach((k, i) => js.set(k, at(b.path, sEntry + ((sEnd - sEntry) * i) / chain.length)));
      js.set(`${key}_End`, end);
    } else {
      const root: Vec3 = [body[0] + off[0] * 0.5, body[1] + off[1] * 0.5, body[2]];
      const end: Vec3 = [body[0] + off[0] * 1.2, body[1] + off[1] * 1.2, body[2] - 0.3 * bodyR];
      chain.forEach((k, i) => js.set(k, lerp3(root, end, i / chain.length)));
      js.set(`${key}_End`, end);
    }
  }
  if (!finL || !finR) js.warnings.push('no pectoral fins stand out from the body; fin bones were placed on the body sides');
  if (isMirrorSymmetric(vol)) symmetrise(js);
  js.facingDeg = facingOf(sub3(js.get('Head'), js.get('Tail2')));
  return js.toResult(aquaticTemplate());
}

/**
 * The path up to a tail-fin fork, carried on straight along the tail's last stretch to the notch in the
 * fin's trailing edge (where the backbone of a forked tail ends, between the lobes).
 */
function toFinNotch(vol: Volume, P: Polyline): Polyline {
  const L = P.length;
  const end = P.pointAt(L, [0, 0, 0]);
  const d = normalise(sub3(end, P.pointAt(Math.max(0, L - 0.08 * L), [0, 0, 0])));
  const run = Math.max(0, insideRun(vol, end, d[0], d[1], d[2], 0.5 * L) - 0.5 * vol.grid.h);
  const pts = new Float64Array(P.count * 3 + 3);
  pts.set(P.points);
  pts.set([end[0] + d[0] * run, end[1] + d[1] * run, end[2] + d[2] * run], P.count * 3);
  const rad = new Float64Array(P.count + 1);
  rad.set(P.radius);
  rad[P.count] = P.radius[P.count - 1];
  return new Polyline(pts, rad, 0);
}

/**
 * Arclength (on the head-to-tail path) of a tail-fin fork: another branch whose tip lies behind the rear
 * quarter of the path and which runs into the path within its last 30%, at a clear angle from the lobe
 * the path follows. -1 when there is none.
 */
function caudalFork(P: Polyline, others: Branch[], h: number): number {
  const L = P.length;
  const rearZ = P.pointAt(0.75 * L)[2];
  let best = -1;
  for (const b of others) {
    const tip = b.path.pointAt(0);
    if (tip[2] > rearZ) continue;
    const s = meetsPathAt(P, b, 1.5 * h);
    if (s < 0.7 * L || s > L - 2 * h) continue;
    // The lobe must stand apart from the path's own end (not a bump on it).
    const lobe = Math.hypot(tip[0] - P.pointAt(L)[0], tip[1] - P.pointAt(L)[1], tip[2] - P.pointAt(L)[2]);
    if (lobe < 0.5 * (L - s)) continue;
    if (best < 0 || s < best) best = s;
  }
  return best;
}
