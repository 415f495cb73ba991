/**
 * Fits hexapod and octopod templates: the 2N lowest extremities are legs, ordered front to back per side;
 * each leg gets a hip where it enters the body, a knee at its highest point (arthropod legs arch up), an
 * ankle halfway from the knee to the tip. The frontmost remaining extremity is the head, the rearmost the
 * abdomen; the body joint sits at the centre of the leg attachments.
 * Notes (synthetic CD-J2J fast): the knee as the highest point of the medial path sat 0.03 below the arch
 * (the path cuts the corner of a bend); the hip where the path's radius has grown past the leg's was one
 * body-radius step deep and dragged towards the thickest voxel (in a big abdomen, behind the legs). Knees
 * where the femur and tibia axes meet and hips on the femur axis at the body entry: hexapod 2.55 -> 1.76%,
 * octopod 2.37 -> 1.81%. Hips keep the femur axis' height, above the synthetic generator's hips (which sit
 * at the body's mid-height, off the femur axis): about 0.6 points of the remaining error.
 * A leg bent again below the knee (spiders: femur up, tibia level, metatarsus down) has its ankle at that
 * bend, and the knee's tibia axis runs from the knee to it (leg-bends.ts): the axis through the whole lower
 * leg lay shallower than the tibia and met the femur's beyond the knee. Mesh2Motion spider CD-J2J fast /
 * pro 4.14 / 4.29 -> 3.72 / 3.68% (knees fast 2.9-6.1 -> 2.2-4.1%, pro 4.2-7.7 -> 2.1-5.2% of the size;
 * ankles fast 0.9-6.2 -> 1.2-2.3%); synthetic unchanged (no bend found in their straight tibias).
 */
import type { Volume } from './volume';
import type { CurveSkeleton } from './curve-skeleton';
import type { FitResult, Vec3 } from './fit-common';
import { JointSet, at, axesMeet, centreOnMirror, isMirrorSymmetric, normalise, lerp3, sub3, symmetrise, tipInside } from './fit-common';
import { centreRadius, facingOf, legPickHeight, limbEntryS, limbRootS, tipsOf } from './limb-path';
import { multilegTemplate } from './templates/multileg';
import { voxelCenter } from './grid';
import { insideRun } from './volume';
import { bendBelowKnee, pathPolygon3 } from './leg-bends';

const ENTRY_SPREAD = 1.3;
/** A leg whose path climbs more than this many body radii above its highest free point enters under an overhang. */
export const OVERHANG_CLIMB = 0.2;
/** The knee as the polygon's upper vertex only from this share of the way from the tip to the entry. */
const OVERHANG_KNEE_MIN = 0.6;
/**
 * A leg's hip lies this many body radii from the mid-line, inside the body, on the femur's line: legs are
 * jointed to the thorax inside it, not at its skin. The femur's line taken only as far as the path's entry
 * into the body left the hips at the skin: femurs 0.55-0.82 of the true length (medians, hind to front,
 * random insects seeds 2-40 fast), hind hips 6-7% of the size off. The Mesh2Motion spider's artist puts its
 * hips 0.20-0.58 body radii from the mid-line, the synthetic generators 0.55 thorax radii. Was 0.7 and for
 * overhung legs only (session 21). With both kinds at 0.5, eval:hexapod-sweep fast / pro: seeds 1-60 2.80 /
 * 2.05 -> 2.58 / 1.82%, 61-120 2.69 / 1.94 -> 2.46 / 1.64%, 121-240 3.08 / 2.32 -> 2.80 / 2.02% (every half
 * better; at 0.7: 2.70 / 1.96, 2.60 / 1.82%); spider fast 3.64 -> 3.54%, pro 3.27 -> 3.28%; the synthetic
 * hexapod, octopod, wasp, broadwing and beetle all better (FIT-DESIGN.md, session 26).
 */
const HIP_OFF = 0.5;
/** The hip goes at most this many times the entry's distance from the knee (a femur near the body's axis). */
const HIP_REACH_MAX = 2;
/**
 * The head's (abdomen's) tip lies at least this share of the way from the body to where the body's axis
 * leaves the volume in front (behind): the front of a head reaches about as far as the body does. A single
 * tip short of it is a bump on the thorax's underside or back (random insects, eval:hexapod-sweep seeds 5, 17,
 * 19: a belly bump taken for the head, Head_End 14-21% of the size off).
 */
const END_REACH = 0.75;
/**
 * A leg candidate standing out from where its path joins the body by less than LEG_BUMP times the body's
 * radius there (its prominence over that radius) is a bump on a fat abdomen or thorax (0.9-1.4 on random
 * insects' abdomens), and gives way to an unpicked tip standing out at least RAISED_LEG times, off the
 * mid-plane (limbs are paired; the head's and abdomen's ends are central) and no higher than the skeleton's
 * centre (antennae and wings stand above it; half a body radius higher let a thin insect's spread wings in,
 * its centre in its head: seed 22 pro 3.5 -> 5.2%): a mantis's raised front legs (10-11), which
 * are no low tips, so the six lowest took two bumps under the abdomen instead (eval:hexapod-sweep seeds 39,
 * 60: front legs 53-58% of the size off). Real legs stand out 1.6-3.4 times under a beetle's shell and 2.9-12
 * elsewhere: none is a bump, and a fixed threshold alone (no swap) cut into the beetles' (FIT-DESIGN.md).
 * RAISED_LEG was 3 (session 20); a mantis whose raptorial legs are folded tight stands them out only 2.0-3.5
 * times (eval:hexapod-sweep seeds 14, 43, 169, 173, 206: every swapped-in tip 2.00-3.48, the bumps they
 * replaced 0.95-1.29), and its six lowest tips took two to four bumps under a fat abdomen (front legs 22-50%
 * of the size off, `poor` or `ok`). At 2 (above every off-plane bump measured, 1.4): seeds 1-60 fast / pro
 * 3.06 / 2.40 -> 2.80 / 2.05%, 121-240 3.29 / 2.54 -> 3.08 / 2.32% (both halves better; seed 197 fast 1.58 ->
 * 3.15%, a thin mantis whose low legs stood out 1.1-1.2), 61-120 and the corpus unchanged. Left: the swapped
 * leg's hip, on a path that runs on through a thin thorax (Leg1Hip 17-24% off; reading the leg's radius on
 * the leg alone halves it but moved seed 206's head end, 1.9 -> 9.8%).
 */
const LEG_BUMP = 1.5;
const RAISED_LEG = 2;

export function fitMultileg(vol: Volume, skel: CurveSkeleton, plan: 'hexapod' | 'octopod', refine: boolean): FitResult {
  const pairs = plan === 'hexapod' ? 3 : 4;
  const js = new JointSet();
  const c: number[] = [0, 0, 0];
  voxelCenter(vol.grid, skel.centre, c);
  const centre: Vec3 = [c[0], c[1], c[2]];
  const bodyR = centreRadius(vol, skel.centre);
  const tips = tipsOf(skel.branches);
  // Legs: the lowest tips, a tip standing out to the side by up to a body radius counting as that much
  // lower. Legs carry the body, so their tips are its lowest points; a central tip (head, abdomen) is no leg
  // even when low. How much further out than a body radius a tip reaches says nothing: wings reach further
  // than legs (wasps 1.2-1.5 times, butterflies and dragonflies more), and with the whole lateral reach
  // counted the synthetic insect's wings (2.3 times the legs' reach, 0.12 above the body) were taken for
  // legs: CD-J2J fast / pro 10.7 / 6.0 -> 2.2 / 1.0%. Spider, wasp and synthetic multileg unchanged.
  const legKey = (t: (typeof tips)[number]): number => legPickHeight(t.p, 0, bodyR);
  const legs = tips.slice().sort((a, b) => legKey(a) - legKey(b)).slice(0, 2 * pairs);
  // A bump taken for a leg gives way to a raised limb (a mantis's front legs): LEG_BUMP, RAISED_LEG.
  const standOut = (t: (typeof tips)[number]): number => t.b.prominence / Math.max(1e-9, t.b.path.radiusAt(t.b.joinS));
  const raised = tips
    .filter((t) => !legs.includes(t) && standOut(t) >= RAISED_LEG && t.p[1] <= centre[1] && Math.abs(t.p[0] - centre[0]) > 0.5 * bodyR)
    .sort((a, b) => legKey(a) - legKey(b));
  for (let i = 0; i < legs.length && raised.length; i++) if (standOut(legs[i]) < LEG_BUMP) legs[i] = raised.shift()!;
  const used = new Set(legs.map((t) => t.i));
  const rest = tips.filter((t) => !used.has(t.i));
  const found = { left: legs.filter((t) => t.p[0] > 0), right: legs.filter((t) => t.p[0] <= 0) };
  if (legs.length < 2 * pairs || found.left.length !== pairs)
    js.warnings.push(`body plan ${plan} does not fit the shape well: found ${found.left.length} left and ${found.right.length} right legs instead of ${pairs} each`);
  const roots: Vec3[] = [];
  const entryOf = (t: (typeof legs)[number]): { t: typeof t; sRoot: number; sEntry: number; root: Vec3 } => {
    const sRoot = limbRootS(t.b.path, bodyR);
    const sEntry = limbEntryS(t.b.path, sRoot);
    return { t, sRoot, sEntry, root: at(t.b.path, sEntry) };
  };
  const entries = legs.map(entryOf);
  const offs = entries.map((e) => Math.abs(e.root[0] - centre[0])).sort((a, b) => a - b);
  const medianOff = offs[offs.length >> 1] ?? 0;
  // Legs attach along the sides of one body segment at about the same distance from the mid-line (the
  // spider's artist: 0.81-1.10 of the median). An entry found further out than 1.3 times the median is where
  // the leg passes another part of the body, whose width the path's radius takes for the body's (the
  // spider's hind legs pass its abdomen: 1.8); follow that leg's path in to the median distance. Spider
  // fast / pro 3.71 / 3.67 -> 3.64 / 3.63% (hind hips 5.8 / 3.9 -> 4.5 / 3.1% of the size from the artist's),
  // synthetic octopod pro 1.45 -> 1.41%, the others unchanged.
  for (const e of entries) {
    if (Math.abs(e.root[0] - centre[0]) <= ENTRY_SPREAD * medianOff) continue;
    const P = e.t.b.path;
    let s = e.sEntry;
    while (s < e.sRoot && Math.abs(at(P, s)[0] - centre[0]) > medianOff) s += 0.25 * vol.grid.h;
    e.sEntry = s;
    e.root = at(P, s);
  }
  for (const [S, side] of [['Left', found.left], ['Right', found.right]] as const) {
    const sign = S === 'Left' ? 1 : -1;
    // Front to back by the tips: legs fan out without crossing, and their tips lie far apart where their
    // roots crowd on a short thorax (a random insect's middle and hind roots within a voxel: by the roots
    // the hind leg took the middle one's name, its knee 14% of the size off; eval:hexapod-sweep seed 22 pro).
    const withRoot = side.map((t) => entries[legs.indexOf(t)]).sort((a, b) => b.t.p[2] - a.t.p[2]);
    for (let n = 1; n <= pairs; n++) {
      const p = `${S}Leg${n}`;
      const leg = withRoot[n - 1];
      if (!leg) {
        const z = centre[2] + bodyR * (1 - (2 * (n - 1)) / Math.max(1, pairs - 1));
        const hip: Vec3 = [centre[0] + sign * bodyR, centre[1], z];
        js.set(`${p}Hip`, hip);
        js.set(`${p}Knee`, [hip[0] + sign * 0.1, hip[1] + 0.05, z]);
        js.set(`${p}Ankle`, [hip[0] + sign * 0.2, hip[1] * 0.5, z]);
        js.set(`${p}_End`, [hip[0] + sign * 0.25, 0, z]);
        roots.push(hip);
        continue;
      }
      const P = leg.t.b.path;
      // Knee: highest point between root and tip (after the first fifth of the leg).
      let sKnee = 0.6 * leg.sRoot;
      let bestY = -Infinity;
      for (let s = 0.2 * leg.sRoot; s <= 0.8 * leg.sRoot; s += vol.grid.h * 0.5) {
        const y = at(P, s)[1];
        if (y > bestY + (refine ? 0 : 1e-3)) {
          bestY = y;
          sKnee = s;
        }
      }
      // A leg that enters the body under an overhang (a beetle's shell) has no highest point of its own: its
      // path climbs on from the knee into the shell, and the window's highest point is where it starts to
      // (beetle: 0.27-0.36 body radii of climb above it before the root; every other leg, spider, synthetic
      // hexapod, octopod and insects, at most 0.14). There the knee is the upper vertex of the three-piece
      // polygon (tarsus, tibia, femur) that follows the path from the tip to the entry, when it lies in the
      // upper 40% of that stretch (on the fast grid one middle leg's tibia runs straight on into the shell and
      // the vertices fall on the tip and the ankle: the highest point stays).
      let climb = -Infinity;
      const yTop = at(P, sKnee)[1];
      for (let s = sKnee; s <= leg.sRoot; s += 0.25 * vol.grid.h) climb = Math.max(climb, at(P, s)[1] - yTop);
      const overhung = climb > OVERHANG_CLIMB * bodyR;
      if (overhung) {
        const v = pathPolygon3(P, leg.sEntry, vol.grid.h * 0.25);
        if (v.length === 2 && Math.max(v[0], v[1]) >= OVERHANG_KNEE_MIN * leg.sEntry) sKnee = Math.max(v[0], v[1]);
      }
      // The ankle at the bend below the knee when the leg has one (a spider's tibia-metatarsus joint), else
      // halfway from the knee to the tip.
      const sAnkle = bendBelowKnee(P, sKnee, vol.grid.h * 0.25);
      const sLow = sAnkle ?? 0;
      // The knee where the femur's and tibia's axes meet (the medial path cuts the corner of the arch); the
      // tibia runs from the knee to the ankle's bend, or to the tip when there is none.
      const sHip = leg.sEntry;
      const axes = axesMeet(at(P, sHip), at(P, sKnee + 0.4 * (sHip - sKnee)), at(P, sLow + 0.3 * (sKnee - sLow)), at(P, sLow + 0.7 * (sKnee - sLow)));
      const kneePath = at(P, sKnee);
      // (Under an overhang the femur is inside the volume and has no axis on the path: the vertex itself.)
      const knee = !overhung && axes && Math.hypot(axes[0] - kneePath[0], axes[1] - kneePath[1], axes[2] - kneePath[2]) < 0.25 * sKnee ? axes : kneePath;
      // The hip on the femur's axis (near the body the medial path curves towards the body's thickest point,
      // behind in a big abdomen, and would drag the hips backwards), at least as far from the knee as the
      // path's entry and on into the body to HIP_OFF body radii from the mid-line.
      const mid = at(P, sKnee + 0.5 * (sHip - sKnee));
      const dir = normalise(sub3(mid, knee));
      const entryReach = Math.hypot(leg.root[0] - knee[0], leg.root[1] - knee[1], leg.root[2] - knee[2]);
      const inReach = (Math.abs(knee[0] - centre[0]) - HIP_OFF * bodyR) / Math.max(0.2, Math.abs(dir[0]));
      const reach = Math.max(entryReach, Math.min(inReach, HIP_REACH_MAX * entryReach));
      let hip: Vec3 = [knee[0] + dir[0] * reach, knee[1] + dir[1] * reach, knee[2] + dir[2] * reach];
      if (overhung) {
        // The femur runs on under the overhang, level (the shell is over it), heading from the knee to where
        // the path enters the body, to HIP_OFF body radii from the mid-line like a free leg's hip. The entry
        // under a shell lies at its rim (beetle 1.22-1.41 body radii out) and says nothing.
        const ent = at(P, sHip);
        const hd = Math.hypot(ent[0] - knee[0], ent[2] - knee[2]);
        const hz: Vec3 = hd > 1e-9 ? [(ent[0] - knee[0]) / hd, 0, (ent[2] - knee[2]) / hd] : [-sign, 0, 0];
        const t = Math.max(0, (Math.abs(knee[0] - centre[0]) - HIP_OFF * bodyR) / Math.max(0.2, Math.abs(hz[0])));
        hip = [knee[0] + hz[0] * t, knee[1], knee[2] + hz[2] * t];
      }
      leg.root = hip;
      js.set(`${p}Hip`, hip);
      js.set(`${p}Knee`, knee);
      js.set(`${p}Ankle`, at(P, sAnkle ?? sKnee * 0.5));
      js.set(`${p}_End`, tipInside(P, 0.5));
      roots.push(hip);
    }
  }
  const body: Vec3 = [0, 0, 0];
  for (const r of roots) for (let a = 0; a < 3; a++) body[a] += r[a] / roots.length;
  js.set('Body', body);
  // The head and the abdomen are single, central extremities; antennae, mandibles, palps and folded wings
  // come in mirrored pairs. A tip with a mirror partner (the other's mirror image within two voxels) is
  // neither; with no single tip in front (or behind), the body's end there is where a line from the body
  // along the axis leaves the volume.
  const h = vol.grid.h;
  const paired = (t: (typeof rest)[number]): boolean =>
    Math.abs(t.p[0]) > 1.5 * h && rest.some((o) => o !== t && Math.abs(o.p[0] + t.p[0]) < 2 * h && Math.abs(o.p[1] - t.p[1]) < 2 * h && Math.abs(o.p[2] - t.p[2]) < 2 * h);
  const single = rest.filter((t) => !paired(t));
  const endAlong = (dz: number): Vec3 => {
    // The last inside point, in half-voxel steps from the body along the axis.
    const first: Vec3 = [body[0], body[1], body[2] + dz * 0.5 * h];
    const run = insideRun(vol, first, 0, 0, dz, dz > 0 ? vol.max[2] - first[2] : first[2] - vol.min[2]);
    const z = run > 0 ? first[2] + dz * (run - 0.5 * h) : body[2];
    // A body point outside the volume (no line to follow): the bounding box's end, as before.
    return Math.abs(z - body[2]) > h ? [body[0], body[1], z] : [body[0], body[1], dz > 0 ? vol.max[2] - 0.01 : vol.min[2] + 0.01];
  };
  // The head's and the abdomen's tips reach (nearly) as far as the body does along its axis (END_REACH).
  const frontEnd = endAlong(1), backEnd = endAlong(-1);
  const head = single.filter((t) => t.p[2] > body[2] + END_REACH * (frontEnd[2] - body[2])).sort((a, b) => b.p[2] - a.p[2])[0];
  const abdomen = single.filter((t) => t.p[2] < body[2] + END_REACH * (backEnd[2] - body[2])).sort((a, b) => a.p[2] - b.p[2])[0];
  const front: Vec3 = head ? tipInside(head.b.path, 0.5) : frontEnd;
  const back: Vec3 = abdomen ? tipInside(abdomen.b.path, 0.5) : backEnd;
  // Head and abdomen joints part-way along the body axis (their branch paths may end in the thickest part).
  js.set('Head', lerp3(body, front, 0.55));
  js.set('Head_End', front);
  js.set('Abdomen', lerp3(body, back, 0.45));
  js.set('Abdomen_End', back);
  if (isMirrorSymmetric(vol)) {
    symmetrise(js, vol);
    // The central chain on the mirror plane: spider 3.72 / 3.68 -> 3.71 / 3.67%, wasp pro 1.38 -> 1.31%.
    centreOnMirror(js, ['Body', 'Head', 'Head_End', 'Abdomen', 'Abdomen_End']);
  }
  js.facingDeg = facingOf(sub3(front, back));
  return js.toResult(multilegTemplate(plan));
}
