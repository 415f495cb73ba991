/**
 * Fits the avian template: wings are the most lateral extremities above the feet, legs the lowest on each
 * side, the head the frontmost-highest remaining one, the tail the rearmost. Wings get shoulder, elbow and
 * wrist joints, legs hip, knee and ankle; the spine runs from above the legs to between the wings.
 */
import type { Volume } from './volume';
import type { CurveSkeleton, Branch } from './curve-skeleton';
import type { FitResult, Vec3 } from './fit-common';
import { JointSet, at, centreAlongLimb, cross, isMirrorSymmetric, lerp3, medialTipS, normalise, pathDirection, radiusAt, sub3, symmetrise, tipInside } from './fit-common';
import { AVIAN_TAIL_LAST, placeTailChain, placeTailLine } from './tail-chain';
import { AVIAN_TAIL_JOINTS } from './templates/template';
import { insideRun } from './volume';
import { outsideShare, upperArmShoulder } from './wing-shoulder';
import { MAX_OUTSIDE_SHARE } from './fit-checks';
import { Polyline } from './polyline';
import { alongLimb, centreRadius, facingOf, hasMirrorTwin, limbRootS, nearestOnPath, tipsOf } from './limb-path';
import { axisPoints, interpolateByZ } from './fit-quadruped';
import { avianTemplate } from './templates/avian';
import { voxelCenter } from './grid';
import { torsoPastHead } from './torso-on-leg';

/**
 * A bird's legs hang from under its body: their tips lie within 1.2 body radii of the mid-plane (bird-base
 * 0.6-0.8, Dragon 1.0-1.2, Eagle 0.5-0.7); wing tips 2.2-8 radii out, even when swept below the legs
 * (Eagle's wings reach 0.86 H under its body). The former rule (lowest tips under 0.3 H) took the Eagle's
 * swept wings for legs.
 */
const FOOT_LATERAL = 2;

/**
 * A wing's tip is at least this share as prominent (geodesically far from the body) as the most prominent
 * extremity on its side. The Eagle's wings (prominence 1.14-1.16 of its height, pro) end in spread primary
 * feathers, and a trailing one (0.19) reached 1% further out than the right wing's tip: the right wing chain
 * ran along that feather while the left one ran to the tip (pro), and in the fast fit the same happened with
 * another feather (0.22 against 1.12). Both wings now run to their tips: Eagle CD-J2J pro 6.43 -> 5.58%,
 * fast 5.18 -> 5.57% (the artist's wing chain runs down the leading edge, and the feather's path happened to
 * lie nearer it than the tip's). Wing tips on bird-base and the Dragon are their sides' most prominent
 * extremities (unchanged); the synthetic birds unchanged.
 */
const WING_PROMINENCE = 0.5;
/**
 * A leg's root at most this many body radii ahead of the foremost wing root: the corpus birds' legs stand
 * 0.08-1.2 radii behind their wings' roots (bird-base, the Dragon, the Eagle, the Mesh2Motion dragon's hind
 * pair, fast and pro), the 60 birds of eval:avian-sweep 0.67 and more behind, the chick 0.12 and 0.
 * A.D.'s peacock 0.15 ahead; 0 A.D.'s crow, flying with no legs modelled, had a bump of its throat 2.0
 * radii ahead taken for its feet (legs 11-12% of the size from any bone of its artist's).
 */
const LEG_AHEAD_OF_WINGS = 1;

/**
 * A foot candidate whose mirror image lies within FOOT_TWIN body radii of another tip is one of a pair; when
 * a side has paired candidates, only they are feet. The Eagle's tail fan hangs to within a voxel of its
 * feet's height (normalised y 0.694 against 0.681, fast), 0.06 off the mid-plane with no tip within 2.9
 * body radii of its mirror image, and the two-pairs rule (`takeFoot`, rearmost of the tips on the floor)
 * took it for the left leg (LeftLeg and LeftFoot at the tail's Bone.005, the artist's leg 11% of the size
 * from any joint of ours). Feet twin within 0.2-0.43 body radii (Eagle 0.43, Dragon 0.29, bird-base,
 * Mesh2Motion dragon and the synthetic birds on the plane's mirror). With none paired (a bird on one leg),
 * every candidate counts, as before.
 */
const FOOT_TWIN = 1;

/**
 * The head's tip is the frontmost-highest extremity ahead of the centre, its height counting HEAD_RISE of its
 * forward reach: a beak points forward. A big round head's crown is an extremity too (the curve skeleton
 * reaches the top of the skull), higher than the beak and less far forward: the chick's crown (normalised
 * z 0.19, y 0.97) outscored its beak (z 0.41, y 0.74) at equal weights (1.16 against 1.15), the head chain
 * ran up into the crown and the Head_End sat on top of the skull (29.5% of the size from the beak tip). The
 * beak wins for any weight under 0.94; the corpus heads win over the next candidate for any under 1.14 (the
 * Mesh2Motion dragon's snout z 0.37, y 0.08 against a horn at z 0.27, y 0.17; the Dragon's nose against its
 * horns, bird-base's and the Eagle's beaks by a wide margin). Half lies between both limits. The artists run
 * the head's chain forward to the beak or snout, never to the crown: bird-base `mouth_upper_tip` at the beak's
 * tip, the Dragon `Face` -> `Nose`, the Mesh2Motion dragon `mouth_upper_tip`.
 */
const HEAD_RISE = 0.5;

/**
 * The Head joint goes to the centre of the skull's ball (the thickest inside point nearer the head's tip
 * than the chest) when the head's path passes more than SKULL_OFF of that ball's radius and SKULL_VOXELS
 * voxels from it. On a big round head sitting straight on a round body (the chick) the path from the beak
 * cuts under the skull into the body (0.67-0.72 of the ball's radius, 11-12 voxels, away) and gets thicker
 * all the way, so no neck narrowing marks the skull and the 40% fallback put the Head at the chin (12% of the
 * size from the truth, 5% at the ball's centre). The corpus heads' paths run through their skulls: 0-0.30 of
 * the radius (bird-base, Dragon, Eagle), the Mesh2Motion dragon 0.54 (fast; 1.2 voxels, the grid's staircase)
 * and the synthetic bird 0.57 (fast, 1.6 voxels). Taken on every bird the ball's centre trades the tune half
 * for the holdout (bird-base 3.53 / 3.56 -> 3.59 / 3.65%, Eagle 5.73 / 4.39 -> 5.65 / 4.25%): not kept.
 */
const SKULL_OFF = 0.5;
const SKULL_VOXELS = 2;

/**
 * A wing reaching less than STUB_REACH body radii from the centre (geodesic prominence) is a stub held
 * against the body (the chick's 1.4-1.7); flying birds' wings reach 6.5-15 (Dragon 6.5, bird-base 9.5-9.9,
 * synthetic birds 7.9-9.4, Mesh2Motion dragon 12.8-13.4, Eagle 15). A stub's bones run straight along it
 * from a root hidden in the body; its elbow and wrist at the template's shares of the wing (STUB_ELBOW,
 * STUB_WRIST: 0.7 and 0.38 of the path from the tip, counted from the root).
 */
const STUB_REACH = 3;
const STUB_ELBOW = 0.3;
const STUB_WRIST = 0.62;

/**
 * A round body: the axis points nearest the leg and the wing roots lie less than ROUND_AXIS of the
 * roots' distance apart (chick 0.25 fast, 0.29 pro; bird-base 0.67, Dragon 0.58, Eagle 0.56, Mesh2Motion
 * dragon 1.03, synthetic birds 0.46-0.52 fast, 0.74-0.75 pro): a ball's medial axis is a point, and hips,
 * spine and chest all fell at its centre (chick: within 0.01 of each other).
 */
const ROUND_AXIS = 0.35;

export function fitAvian(vol: Volume, skel: CurveSkeleton): FitResult {
  const js = new JointSet();
  const c: number[] = [0, 0, 0];
  voxelCenter(vol.grid, skel.centre, c);
  let centre: Vec3 = [c[0], c[1], c[2]];
  let bodyR = centreRadius(vol, skel.centre);
  let tips = tipsOf(skel.branches);
  const used = new Set<number>();
  const take = (f: (p: Vec3) => boolean, score: (p: Vec3) => number): Branch | null => {
    let best: (typeof tips)[number] | null = null;
    for (const t of tips) if (!used.has(t.i) && f(t.p) && (!best || score(t.p) > score(best.p))) best = t;
    if (best) used.add(best.i);
    return best?.b ?? null;
  };
  // Wings: the most lateral extremity on each side among those at least half as prominent as the most
  // prominent one there (a wing is the longest limb on its side; a short feather on its trailing edge can
  // reach as far out).
  const takeWing = (sign: number): Branch | null => {
    const side = tips.filter((t) => !used.has(t.i) && sign * t.p[0] > bodyR);
    const top = Math.max(0, ...side.map((t) => t.b.prominence));
    return take((p) => sign * p[0] > bodyR && side.some((t) => t.p === p && t.b.prominence >= WING_PROMINENCE * top), (p) => sign * p[0]);
  };
  // Feet: the lowest extremities under the body, within FOOT_LATERAL body radii of its mid-plane (wings
  // swept down in flight reach lower than the legs, but far out to the side); of two pairs on the floor,
  // the hind one (takeFoot).
  const underBody = (p: Vec3): boolean => p[1] < centre[1] && Math.abs(p[0] - centre[0]) <= FOOT_LATERAL * bodyR;
  // Feet come in mirrored pairs; a tail hanging as low is single (FOOT_TWIN).
  const paired = (p: Vec3): boolean => hasMirrorTwin(tips, p, FOOT_TWIN * bodyR);
  let footL = takeFoot(tips, used, (p) => underBody(p) && p[0] >= 0, vol.grid.h, paired);
  let footR = takeFoot(tips, used, (p) => underBody(p) && p[0] < 0, vol.grid.h, paired);
  // A head thicker than the body held the centre: every path is traced again from the torso (torso-on-leg.ts).
  const torso = footL ?? footR ? torsoPastHead(vol, skel, (footL ?? footR)!) : null;
  if (torso) {
    [footL, footR] = [footL, footR].map((b) => (b ? torso.branches[skel.branches.indexOf(b)] : null));
    ({ centre, bodyR } = torso);
    tips = tipsOf(torso.branches);
  }
  const wingL = takeWing(1), wingR = takeWing(-1);
  const head = take((p) => p[2] > centre[2], (p) => p[2] + HEAD_RISE * p[1]);
  const tail = take((p) => p[2] < centre[2], (p) => -p[2]);
  // A bird's legs hang from its hips, behind its shoulders: a pair of "feet" rooted ahead of the wings' roots
  // is a throat or a breast (a bird in flight modelled without legs), and the legs go by proportion.
  const wingRootZ = Math.max(...[wingL, wingR].filter((b): b is Branch => b !== null).map((b) => at(b.path, limbRootS(b.path, bodyR, true))[2]));
  const ahead = (b: Branch | null): boolean => b !== null && at(b.path, limbRootS(b.path, bodyR))[2] - wingRootZ > LEG_AHEAD_OF_WINGS * bodyR;
  if (ahead(footL)) footL = null;
  if (ahead(footR)) footR = null;
  const missing = [[wingL, 'left wing'], [wingR, 'right wing'], [footL, 'left leg'], [footR, 'right leg'], [head, 'head']].filter(([b]) => !b).map(([, n]) => n);
  if (missing.length) js.warnings.push(`body plan avian does not fit the shape well: no ${missing.join(', ')} found`);
  const legless = [['Left', footL], ['Right', footR]].filter(([, b]) => !b).map(([S]) => S as string);
  if (legless.length) js.doubt('by_proportion', legless.flatMap((S) => [`${S}UpLeg`, `${S}Leg`, `${S}Foot`]), 0.4, `no ${legless.map((S) => S.toLowerCase()).join(' or ')} leg was found under the body behind the wings; ${legless.length > 1 ? 'the legs were' : 'that leg was'} placed by proportion`);
  for (const [S, b, sign] of [['Left', wingL, 1], ['Right', wingR, -1]] as const) {
    if (!b) {
      const base: Vec3 = [centre[0] + sign * bodyR, centre[1], centre[2]];
      ['Wing1', 'Wing2', 'Wing3', 'WingTip_End'].forEach((k, i) => js.set(`${S}${k}`, [base[0] + sign * 0.1 * i, base[1], base[2]]));
      continue;
    }
    const sRoot = limbRootS(b.path, bodyR, true);
    const s3 = sRoot * 0.38;
    const s2 = elbowS(vol, b.path, sRoot, s3);
    const e2 = leadingEdgeShift(vol, b.path, s2), e3 = leadingEdgeShift(vol, b.path, s3);
    const elbow = shifted(at(b.path, s2), e2);
    // At the root the forward run meets the chest, so the shoulder takes the elbow's shift, unless the
    // shifted shoulder's bone to the elbow leaves the wing: the shift then moved it off the wing's root (the
    // Mesh2Motion dragon's shoulder into the air in front of it, 0.36 of the bone outside; the Eagle's
    // across its arched wing). Mesh2Motion dragon fast 3.50 -> 3.28%, Eagle 5.35 / 5.42 -> 4.96 / 5.08%.
    // A round wing's shoulder on its upper arm's axis, not where the path turns into the body (wing-shoulder.ts).
    const root = upperArmShoulder(vol, b.path, s2, sRoot);
    const shoulder = shifted(root, e2);
    js.set(`${S}Wing1`, outsideShare(vol, shoulder, elbow) > MAX_OUTSIDE_SHARE ? root : shoulder);
    js.set(`${S}Wing2`, elbow);
    js.set(`${S}Wing3`, shifted(at(b.path, s3), e3));
    js.set(`${S}WingTip_End`, tipInside(b.path, 0.5));
    const stub = stubWing(b, sRoot, bodyR);
    if (stub) {
      const tip = js.get(`${S}WingTip_End`);
      js.set(`${S}Wing1`, stub);
      js.set(`${S}Wing2`, lerp3(stub, tip, STUB_ELBOW));
      js.set(`${S}Wing3`, lerp3(stub, tip, STUB_WRIST));
    }
  }
  for (const [S, b, sign] of [['Left', footL, 1], ['Right', footR, -1]] as const) {
    if (!b) continue;
    const sRoot = limbRootS(b.path, bodyR);
    // The ankle at the leg's bend with both engines; on the fast grid a bend must stand out of half a voxel
    // (the path's staircase). Fast placed it at a fifth of the leg from the toe: the Dragon's digitigrade
    // ankle (the artist's Feet joint, 0.14 H up) landed at the toes' base (8.7% of its size off).
    let sAnkle = b.path.bend(0, sRoot, 0, 0.5 * sRoot, vol.grid.h * 0.5, Math.max(0.005, 0.5 * vol.grid.h));
    if (sAnkle < 0) sAnkle = 0.2 * sRoot;
    js.set(`${S}UpLeg`, alongLimb(b.path, sRoot, 0));
    js.set(`${S}Leg`, at(b.path, sAnkle + 0.5 * (sRoot - sAnkle)));
    js.set(`${S}Foot`, at(b.path, sAnkle));
    js.set(`${S}Toe_End`, tipInside(b.path, 0.5));
    // Knee and ankle centred in the leg's cross-section: a bird's shin is one or two voxels thick and the
    // medial path cuts the ankle's corner along the voxels' edge (bird-base fast: knee and ankle 0.03 of the
    // height beside the mesh, 'outside the volume'; centred, none is, and CD-J2J fast / pro bird-base
    // 3.86 / 3.95 -> 3.72 / 3.92%, Dragon 4.02 / 4.00 -> 3.95 / 3.91%, Eagle 5.47 / 5.58 -> 5.47 / 5.55%,
    // synthetic 1.57 / 1.67 -> 1.55 / 1.66%).
    centreAlongLimb(vol, js, [[`${S}Leg`, `${S}Foot`], [`${S}Foot`, `${S}Toe_End`]], 0.1);
  }
  placeMissingLegs(js, footL !== null, footR !== null, centre, bodyR);
  const axis = axisPoints(head, tail, centre);
  const legRoot = lerp3(js.get('LeftUpLeg'), js.get('RightUpLeg'), 0.5);
  const wingRoot = lerp3(js.get('LeftWing1'), js.get('RightWing1'), 0.5);
  const sp = spineOnAxis(head?.path ?? null, tail?.path ?? null, legRoot, wingRoot);
  const chest = sp?.chest ?? interpolateByZ(axis, wingRoot[2]);
  // A round body (ROUND_AXIS): the spine runs from the chest through the body's centre, the Spine joint at
  // the centre and the hips as far behind it as the chest is ahead (the thickest point lies 0.55-0.88 of the
  // way from the hips to the chest on bird-base, the Dragon and the Mesh2Motion dragon; the Eagle's at its
  // hips). Chick hips 8.5 -> 4.1-4.9%, Spine 1.9-3.4 -> 0.4-0.6% of the size from the truth.
  const round = !!sp && Math.hypot(...sub3(sp.chest, sp.hips)) < ROUND_AXIS * Math.hypot(...sub3(wingRoot, legRoot));
  const hips = round ? lerp3(chest, centre, 2) : sp?.hips ?? interpolateByZ(axis, Math.min(legRoot[2], wingRoot[2] - 0.02));
  js.set('Hips', hips);
  js.set('Spine', round ? centre : sp?.mid ?? lerp3(hips, chest, 0.5));
  js.set('Spine1', chest);
  if (head) {
    const P = head.path;
    const sChest = Math.max(sp ? sp.sChest : nearestOnPath(P, chest).s, 0.3 * P.length);
    const sHead = headS(P, sChest, vol.grid.h * 0.5);
    const ball = skullBall(vol, at(P, 0), chest);
    const off = ball ? nearestOnPath(P, ball.p).d : 0;
    if (ball && off > SKULL_OFF * ball.r && off > SKULL_VOXELS * vol.grid.h) {
      js.set('Head', ball.p);
      js.set('Neck', lerp3(ball.p, chest, 0.5));
    } else {
      js.set('Head', at(P, sHead));
      js.set('Neck', at(P, sHead + 0.5 * (sChest - sHead)));
    }
    js.set('Head_End', tipInside(P, 0.5));
  } else {
    js.set('Neck', [chest[0], chest[1] + 0.05, chest[2] + 0.05]);
    js.set('Head', [chest[0], chest[1] + 0.1, chest[2] + 0.08]);
    js.set('Head_End', [chest[0], chest[1] + 0.1, chest[2] + 0.15]);
  }
  if (tail) {
    // The tail chain from where the tail's radius falls to its own (the root) to the tip, like the
    // quadruped's (tail-chain.ts).
    placeTailChain(js, tail.path, limbRootS(tail.path, bodyR), medialTipS(tail.path), null, AVIAN_TAIL_JOINTS, AVIAN_TAIL_LAST);
  } else {
    placeTailLine(js, [hips[0], hips[1], hips[2] - 0.05], [hips[0], hips[1], vol.min[2] + 0.01], AVIAN_TAIL_JOINTS, AVIAN_TAIL_LAST);
  }
  if (isMirrorSymmetric(vol)) symmetrise(js, vol);
  if (head) js.facingDeg = facingOf(sub3(js.get('Head'), hips));
  return js.toResult(avianTemplate());
}

/**
 * How far a wing joint moves towards the wing's leading edge: a flat wing's medial line runs mid-chord,
 * but its arm bones run along the front edge with the feathers trailing behind (Mesh2Motion bird: elbow and
 * wrist 0.2-0.25 m behind the artist's). The joint goes to one wing thickness behind the edge; a round
 * limb (forward run about its radius) does not move. Capped at four thicknesses.
 */
function leadingEdgeShift(vol: Volume, path: Polyline, s: number): Vec3 {
  const p = at(path, s);
  let f = normalise(cross([0, 1, 0], pathDirection(path, s)));
  if (f[2] < 0) f = [-f[0], -f[1], -f[2]];
  const r = Math.max(radiusAt(vol, p[0], p[1], p[2]), vol.grid.h);
  const run = insideRun(vol, p, f[0], f[1], f[2], 6 * r);
  const d = Math.min(Math.max(0, run - r), 4 * r);
  return [f[0] * d, f[1] * d, f[2] * d];
}

/**
 * The elbow's arclength on the wing path (from the tip): 0.7 of the way out to the root, unless the
 * straight bone from the root to that point leaves the volume (more than the checks' MAX_OUTSIDE_SHARE):
 * then the wing path bends between shoulder and elbow, and the elbow goes to the bend (the path point
 * farthest from the wrist-root chord), where a straight upper-arm bone stays nearest the wing.
 * Rests on: the Quaternius Dragon's wing rises from its back and turns out along the membrane's top edge,
 * where its artist puts Wing2 (our elbow 3.9-5.8% of the size from it -> 2.0-4.5%); the Eagle's thin wing
 * arches over and down (Bone.008: 7.4-13.3% -> 6.9-10.0%). bird-base and the Mesh2Motion dragon's wings run
 * straight from the body (their bones stay inside) and are unchanged.
 */
function elbowS(vol: Volume, path: Polyline, sRoot: number, sWrist: number): number {
  const s2 = 0.7 * sRoot;
  if (outsideShare(vol, at(path, sRoot), at(path, s2)) <= MAX_OUTSIDE_SHARE) return s2;
  const step = 0.5 * vol.grid.h;
  const sBend = path.bend(sWrist, sRoot, sWrist, sRoot, step, Math.max(0.005, step));
  return sBend > 0 ? sBend : s2;
}

/**
 * The leg tip on one side: among the tips on the floor (within a voxel of the lowest, the floor's
 * rasterisation), the leg whose path is rearmost halfway up to the body. A body standing on two pairs of
 * legs hangs the template's legs from its hips, behind the chest that carries the wings: the Mesh2Motion
 * dragon stands on hind and front feet in one voxel row (its artist hangs the hind legs from hips_anchor,
 * the front ones from the collar at the chest); by height alone fast took the hind pair by the tips'
 * order, pro one front and one hind foot, symmetrised into legs between the pairs (CD-J2J pro 3.89 ->
 * 3.53%). Toes of one leg share its path; bird-base's hallux ends two voxels up on the fast grid.
 */
function takeFoot(tips: { i: number; b: Branch; p: Vec3 }[], used: Set<number>, ok: (p: Vec3) => boolean, h: number, paired: (p: Vec3) => boolean): Branch | null {
  const all = tips.filter((t) => !used.has(t.i) && ok(t.p));
  if (!all.length) return null;
  const twins = all.filter((t) => paired(t.p));
  const cand = twins.length ? twins : all;
  const floor = Math.min(...cand.map((t) => t.p[1])) + 1.01 * h;
  const legZ = (b: Branch): number => b.path.pointAt(0.5 * b.path.length)[2];
  const best = cand.filter((t) => t.p[1] <= floor).reduce((a, t) => (legZ(t.b) < legZ(a.b) ? t : a));
  used.add(best.i);
  return best.b;
}

function shifted(p: Vec3, d: Vec3): Vec3 {
  return [p[0] + d[0], p[1] + d[1], p[2] + d[2]];
}

/**
 * The skull's ball: the thickest inside point nearer the head's tip than the chest, and no farther from the
 * tip than the chest is (the centre of the largest ball in the head). Null when there is none.
 * The second bound keeps the search in the head: without it a wing spread level in flight, whose tip lies
 * about as far from the beak as from the chest, offered its thick tip (0 A.D.'s seagull: the Head joint at
 * the right wing tip, 30% of the size from the artist's nearest bone).
 */
function skullBall(vol: Volume, tip: Vec3, chest: Vec3): { p: Vec3; r: number } | null {
  const g = vol.grid, c: number[] = [0, 0, 0];
  const reach = Math.hypot(chest[0] - tip[0], chest[1] - tip[1], chest[2] - tip[2]);
  let best = -1, bestR = 0;
  for (let v = 0; v < vol.inside.length; v++) {
    if (!vol.inside[v] || vol.dt[v] <= bestR) continue;
    voxelCenter(g, v, c);
    const dTip = Math.hypot(c[0] - tip[0], c[1] - tip[1], c[2] - tip[2]);
    const dChest = Math.hypot(c[0] - chest[0], c[1] - chest[1], c[2] - chest[2]);
    if (dTip < dChest && dTip <= reach) { best = v; bestR = vol.dt[v]; }
  }
  if (best < 0) return null;
  voxelCenter(g, best, c);
  return { p: [c[0], c[1], c[2]], r: bestR * g.h };
}

/**
 * A stub of a wing (reaching less than STUB_REACH body radii from the centre): its shoulder on the stub's
 * own line (from the tip through the middle of its path out of the body) continued into the body to the
 * root's distance from the mid-plane. Null for a wing of a flying bird.
 * Rests on: a stub's path from its tip turns at the body's surface towards the body's centre, and the root
 * found on it (where the radius grows) lay on that turn, under and behind the stub's own root: the chick's
 * shoulders 0.055 low and 0.04 back (12% of the size from the truth; on the stub's line 5.6-6.4%, its elbow
 * 5.0 -> 3.4-3.8%, wrist 3.7 -> 1.5-1.6%). The chest, at the axis point nearest the shoulders, follows them
 * up (8.2-9.4 -> 3.6-3.9%).
 */
function stubWing(b: Branch, sRoot: number, bodyR: number): Vec3 | null {
  if (b.prominence >= STUB_REACH * bodyR) return null;
  const tip = at(b.path, medialTipS(b.path));
  const d = normalise(sub3(at(b.path, 0.5 * (medialTipS(b.path) + sRoot)), tip));
  const root = at(b.path, sRoot);
  if (Math.abs(d[0]) < 0.2) return null;
  const k = (root[0] - tip[0]) / d[0];
  if (k <= 0) return null;
  return [tip[0] + d[0] * k, tip[1] + d[1] * k, tip[2] + d[2] * k];
}

/**
 * The head joint on the head path (arclength from the beak tip): at the skull's thickest point when a neck
 * narrows behind it; with no neck (the head widens straight into the body, as on the Mesh2Motion bird and
 * the synthetic one, whose head ball sits on a wider neck) 40% of the way from the beak tip to the chest.
 * Rejected: the narrowest point in front of the chest - that is the beak itself on both birds (7% off);
 * the end of the beak's taper (the radius reaching 60% of the chest's) - right on the real bird, 0.1 m
 * behind the synthetic one's head.
 */
function headS(P: Polyline, sChest: number, step: number): number {
  // Walk back from the tip keeping the thickest point so far; a drop of 10% behind it is the neck.
  let sSkull = 0.1 * sChest, rSkull = -1;
  for (let t = 0.1 * sChest; t <= 0.8 * sChest; t += step) {
    const r = P.radiusAt(t);
    if (r > rSkull) { rSkull = r; sSkull = t; }
    else if (r < 0.9 * rSkull) return sSkull;
  }
  return 0.4 * sChest;
}

/**
 * The spine on the body's medial axis (tail tip to centre to head tip): the chest at the axis point nearest
 * the wing roots, the hips at the one nearest the leg roots, the middle joint halfway between them along
 * the axis; `sChest` is the chest's arclength on the head path (from the head's tip). Null without a head
 * and a tail path, or when the chest would not lie ahead of the hips on the axis.
 * Rests on: the artists' spines run along the body from the pelvis to the wings' shoulders whatever the
 * body's attitude - level (bird-base: hips 0.97%, spine 0.87-1.42% of the size from ours) or upright
 * (Quaternius Dragon: Body at 0.30 H, Neck at 0.69 H, its wings' shoulders at 0.54 H). Placing them by
 * front-back depth, as before, put a standing body's hips, spine and chest within 0.02 H of each other
 * (Dragon: all three at 0.46-0.47 H) and the neck at the snout.
 */
export function spineOnAxis(head: Polyline | null, tail: Polyline | null, legRoot: Vec3, wingRoot: Vec3): { hips: Vec3; mid: Vec3; chest: Vec3; sChest: number } | null {
  if (!head || !tail) return null;
  const nt = tail.count, nh = head.count;
  const pts = new Float64Array((nt + nh) * 3);
  const rad = new Float64Array(nt + nh);
  pts.set(tail.points.subarray(0, nt * 3));
  rad.set(tail.radius.subarray(0, nt));
  for (let i = 0; i < nh; i++) {
    const j = nh - 1 - i;
    pts.set(head.points.subarray(j * 3, j * 3 + 3), (nt + i) * 3);
    rad[nt + i] = head.radius[j];
  }
  const axis = new Polyline(pts, rad, 0);
  const sHips = nearestOnPath(axis, legRoot).s;
  const sChest = nearestOnPath(axis, wingRoot).s;
  if (sChest <= sHips) return null;
  return { hips: at(axis, sHips), mid: at(axis, 0.5 * (sHips + sChest)), chest: at(axis, sChest), sChest: Math.max(0, axis.length - sChest) };
}

/**
 * Legs not found. With neither, both are tucked under the belly inside the body, back from the centre, as a
 * bird in flight holds them (hung below the body they were in the air, and the joints-inside check failed:
 * a legless bird in flight then read `poor`). A single missing leg hangs below the body as before: the one
 * found can be a tail touching the floor (a flying hawk's), so it is not mirrored.
 */
function placeMissingLegs(js: JointSet, hasLeft: boolean, hasRight: boolean, centre: Vec3, bodyR: number): void {
  for (const [S, has, sign] of [['Left', hasLeft, 1], ['Right', hasRight, -1]] as const) {
    if (has) continue;
    if (hasLeft || hasRight) {
      const base: Vec3 = [centre[0] + sign * bodyR * 0.5, centre[1] - bodyR * 0.5, centre[2]];
      js.set(`${S}UpLeg`, base);
      js.set(`${S}Leg`, [base[0], base[1] * 0.6, base[2]]);
      js.set(`${S}Foot`, [base[0], base[1] * 0.2, base[2]]);
      js.set(`${S}Toe_End`, [base[0], 0, base[2] + 0.03]);
      continue;
    }
    ['UpLeg', 'Leg', 'Foot', 'Toe_End'].forEach((k, i) => js.set(`${S}${k}`, [centre[0] + sign * 0.4 * bodyR, centre[1] - (i ? 0.55 : 0.4) * bodyR, centre[2] - 0.4 * i * bodyR]));
  }
}
