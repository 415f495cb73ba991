/**
 * Fits the aquatic template: the medial path from the frontmost extremity that is no thin stalk (head,
 * facing +Z) to the rearmost (tail fin) carries head, body and four tail joints; the most lateral remaining
 * extremities are the pectoral fins (three joints from where the fin leaves the body to its tip, moved to
 * the leading edge of a long sheet, a ray's wing) and the highest central one the dorsal fin. On a
 * mirror-symmetric body the central chain lies on the mid-plane.
 * A forked tail fin (another end behind the body that runs into the head-tail path near its rear) ends
 * the chain at the fork: the backbone stops at the fin's base, the rearmost tip is only a fin lobe (the
 * Mesh2Motion shark's path ran 0.5 m up its upper lobe: Tail_End 20% of its length from the true tail tip);
 * the chain then runs on straight to the notch between the lobes, where artists end the tail.
 */
import type { Volume } from './volume';
import type { CurveSkeleton, Branch } from './curve-skeleton';
import type { FitResult, Vec3 } from './fit-common';
import { JointSet, at, centreOnMirror, isMirrorSymmetric, lerp3, medialTipS, normalise, sub3, symmetrise, tipInside } from './fit-common';
import { centreRadius, facingOf, limbEntryS, limbRootS, medialPathBetween, meetsPathAt, tipsOf } from './limb-path';
import { Polyline } from './polyline';
import { frontBackRuns, insideAt, insideRun } from './volume';
import { aquaticTemplate } from './templates/aquatic';
import { RigError } from './rig-error';

/** A branch thinner than this fraction of the body's radius is a stalk, not a trunk end (see fitAquatic). */
export const STALK = 0.1;

/** Head, body and tail joints at these shares of the medial path from the snout to the tail's end. */
export const AQUATIC_CHAIN: readonly [string, number][] = [['Head', 0.18], ['Body', 0.38], ['Tail1', 0.52], ['Tail2', 0.64], ['Tail3', 0.76], ['Tail4', 0.88]];

export function fitAquatic(vol: Volume, skel: CurveSkeleton): FitResult {
  const js = new JointSet();
  const tips = tipsOf(skel.branches);
  if (tips.length < 2) throw new RigError('the shape has fewer than two ends; an aquatic rig needs a head and a tail');
  // The head: the frontmost end of the trunk. A stalk (an anglerfish's lure, a barbel) is no head: its
  // branch is under a tenth of the body's radius thick (the lure 0.07) where fins are 0.13-0.15 and heads
  // 0.27-0.51 (FIT-DESIGN.md, session 12). The tail: the rearmost other end.
  const bodyR0 = centreRadius(vol, skel.centre);
  const trunkEnds = tips.filter((t) => branchRadius(t.b.path) >= STALK * bodyR0);
  const front = (trunkEnds.length ? trunkEnds : tips).reduce((p, q) => (q.p[2] > p.p[2] ? q : p));
  const back = tips.filter((t) => t !== front).reduce((p, q) => (q.p[2] < p.p[2] ? q : p));
  const full = medialPathBetween(vol, front.b.tip, back.b.tip);
  const sFork = caudalFork(full, tips.filter((t) => t !== front && t !== back).map((t) => t.b), vol.grid.h);
  const P = sFork > 0 ? toFinNotch(vol, full.slice(0, sFork)) : full;
  const L = P.length;
  js.set('Head_End', tipInside(P, 0.5));
  for (const [k, f] of AQUATIC_CHAIN) js.set(k, at(P, f * L));
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
      if (key !== 'DorsalFin') toLeadingSpar(vol, js, chain, b.path, sEntry, sEnd);
    } else {
      const root: Vec3 = [body[0] + off[0] * 0.5, body[1] + off[1] * 0.5, body[2]];
      const end: Vec3 = [body[0] + off[0] * 1.2, body[1] + off[1] * 1.2, body[2] - 0.3 * bodyR];
      chain.forEach((k, i) => js.set(k, lerp3(root, end, i / chain.length)));
      js.set(`${key}_End`, end);
    }
  }
  if (!finL || !finR) js.warnings.push('no pectoral fins stand out from the body; fin bones were placed on the body sides');
  if (isMirrorSymmetric(vol)) {
    symmetrise(js, vol);
    onMidPlane(vol, js);
  }
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
    // Within the main path's own radius: a deep body's medial sheet (meetsPathAt).
    const s = meetsPathAt(P, b, 1.5 * h, true);
    if (s < 0.7 * L || s > L - 2 * h) continue;
    // The lobe must stand apart from the path's own end (not a bump on it).
    const lobe = Math.hypot(tip[0] - P.pointAt(L)[0], tip[1] - P.pointAt(L)[1], tip[2] - P.pointAt(L)[2]);
    if (lobe < 0.5 * (L - s)) continue;
    if (best < 0 || s < best) best = s;
  }
  return best;
}

/** The branch's own radius: the median of its medial radius over 10-40% of its length from the tip (as limbRootS). */
export function branchRadius(P: Polyline): number {
  const r: number[] = [];
  for (let i = 0; i < P.count; i++) if (P.s[i] >= 0.1 * P.length && P.s[i] <= 0.4 * P.length) r.push(P.radius[i]);
  r.sort((a, b) => a - b);
  return r.length ? r[r.length >> 1] : P.radiusAt(0.25 * P.length);
}

const CENTRAL = ['Head_End', 'Head', 'Body', 'Tail1', 'Tail2', 'Tail3', 'Tail4', 'Tail_End', 'DorsalFin', 'DorsalFin_End'];

/**
 * On a mirror-symmetric body the head, trunk, tail and dorsal joints lie on the mid-plane (x = 0; as the
 * multileg fit's centreOnMirror). A front with two lobes (a manta's cephalic fins, paired barbels) gives
 * two tips off the plane, one of which the head's path ran to (manta: Head_End 0.12 of the longest side
 * off the plane). A joint that the move puts between the lobes, outside, is walked back along the chain
 * towards its parent until inside.
 */
function onMidPlane(vol: Volume, js: JointSet): void {
  const before = new Map(CENTRAL.map((k) => [k, js.get(k)]));
  centreOnMirror(js, CENTRAL);
  for (const [k, p] of before) {
    let q = js.get(k);
    if (insideAt(vol, q[0], q[1], q[2]) || !insideAt(vol, p[0], p[1], p[2])) continue;
    const t = js.get(k === 'Head_End' ? 'Head' : k === 'Tail_End' ? 'Tail4' : k === 'DorsalFin_End' ? 'DorsalFin' : 'Body');
    const from = q;
    for (let f = 0.05; f <= 1 && !insideAt(vol, q[0], q[1], q[2]); f += 0.05) q = lerp3(from, t, f);
    js.set(k, insideAt(vol, q[0], q[1], q[2]) ? q : p);
  }
}

/** Span over chord from which a fin is a wing carried by a spar along its leading edge (see toLeadingSpar). */
export const WING_ASPECT = 1.4;
/** Where the spar lies, as a share of the chord from the leading edge (bird-base's wing bones 0.17-0.23). */
export const SPAR_AT = 0.2;

/**
 * A pectoral fin that is a long sheet (a ray's wing) is moved onto its leading edge. Its medial path runs
 * from the tip straight to the body's thickest point, through the middle or the trailing part of a broad
 * root (manta: the root joint 0.79 of the chord from the leading edge, 15% of the size from where artists
 * put it). Wings are carried by a spar along the leading edge: bird-base's wing bones lie 0.17-0.23 of the
 * chord from it. A paddle-like fin, whose span is about its chord (the Mesh2Motion shark's pectorals:
 * span / chord 0.87-1.13 on both grids, the artist's fin joints 0.47-0.52 of the chord; the manta's 1.63-1.82,
 * bird-base's wing about 2.8), or a rod (chord under three thicknesses: the synthetic fish's capsule fins
 * 1.1-1.6, the manta's 4.4-5.2) keeps the medial path. Span: from the fin's entry to the end of its medial axis; chord: the
 * inside run along z through the chain's middle joint.
 */
function toLeadingSpar(vol: Volume, js: JointSet, chain: string[], P: Polyline, sEntry: number, sEnd: number): void {
  const span = Math.abs(sEntry - sEnd);
  const mid = js.get(chain[1]);
  const [f, b] = frontBackRuns(vol, mid, span);
  const chord = f + b;
  const thick = 2 * P.radiusAt(0.5 * (sEntry + sEnd));
  if (chord <= 0 || span < WING_ASPECT * chord || chord < 3 * thick) return;
  for (const k of chain) {
    const p = js.get(k);
    const [fr, br] = frontBackRuns(vol, p, span);
    if (fr + br <= 0) continue;
    js.set(k, [p[0], p[1], p[2] + fr - SPAR_AT * (fr + br)]);
  }
}
