/**
 * Creatures of classes our corpus lacks, each with its truth skeleton in the template's convention, placed
 * as an artist would (canonical frame: metres, Y up, facing +Z):
 * - `manta` (aquatic): a flat disc far wider than long, pectoral fins spread sideways with their joints
 *   along the fin's leading third, two cephalic lobes in front, a thin whip of a tail, a small dorsal fin
 *   at the whip's base.
 * - `anglerfish` (aquatic): a huge head with a jutting lower jaw, a lure on a stalk curving over and in
 *   front of the mouth (the first dorsal spine: rigged as the dorsal fin), small pectorals, a tail fan.
 * - `chick` (avian): round body, big head with no visible neck, stubby wings held against the body,
 *   short legs, a tuft of a tail.
 * - `frog` (quadruped): sitting, long folded hind legs (thigh forward, shin back, long foot forward), short
 *   front legs, no neck, no tail.
 * - `beetle` (hexapod): a wide domed shell, six short legs under it whose tips barely show, no wings out.
 */
import type { RigType } from '../types';
import type { PlanBuild } from './characters';
import type { MeshPiece } from './shapes';
import { capsule, sphere } from './shapes';
import { addTail, lerp, mirror } from './plans';
import { AVIAN_TAIL_JOINTS } from '../templates/template';
import { AVIAN_TAIL_LAST } from '../tail-chain';

type V3 = [number, number, number];

export const CREATURES = ['manta', 'anglerfish', 'chick', 'frog', 'beetle'] as const;
export type Creature = (typeof CREATURES)[number];

export const CREATURE_PLAN: Record<Creature, RigType> = { manta: 'aquatic', anglerfish: 'aquatic', chick: 'avian', frog: 'quadruped', beetle: 'hexapod' };

export function buildCreature(c: Creature): PlanBuild {
  switch (c) {
    case 'manta': return buildManta();
    case 'anglerfish': return buildAnglerfish();
    case 'chick': return buildChick();
    case 'frog': return buildFrog();
    case 'beetle': return buildBeetle();
  }
}

/** An ellipsoid: a sphere scaled by `r` about its centre. */
export function ellipsoid(c: V3, r: V3, rings = 12, around = 20): MeshPiece {
  const s = sphere([0, 0, 0], 1, rings, around);
  const positions = s.positions.map((v, i) => c[i % 3] + v * r[i % 3]);
  return { positions, indices: s.indices };
}

/** An empty build with `add(key, parent, at)` for its truth joints (shared by the random sweeps' builders). */
export function newBuild(): PlanBuild & { add: (k: string, p: string | null, at: V3) => void } {
  const b: PlanBuild = { joints: {}, parents: {}, pieces: [], accessories: [] };
  return Object.assign(b, {
    add: (k: string, p: string | null, at: V3): void => {
      b.joints[k] = at;
      b.parents[k] = p;
    },
  });
}

const SIDES = [['Left', 1], ['Right', -1]] as const;
const sx3 = (p: V3, s: number): V3 => (s > 0 ? p : mirror(p));

function finChain(b: ReturnType<typeof newBuild>, S: string, root: V3, tip: V3): void {
  b.add(`${S}Fin`, 'Body', root);
  b.add(`${S}Fin2`, `${S}Fin`, lerp(root, tip, 1 / 3));
  b.add(`${S}Fin3`, `${S}Fin2`, lerp(root, tip, 2 / 3));
  b.add(`${S}Fin_End`, `${S}Fin3`, tip);
}

function buildManta(): PlanBuild {
  const b = newBuild();
  const y = 0.15;
  b.pieces.push(['disc', ellipsoid([0, y, 0], [0.2, 0.07, 0.28])]);
  for (const [S, s] of SIDES) {
    // The fin: a fan of thin capsules from the body's side to the tip, the leading edge swept back.
    const tip: V3 = sx3([0.8, y + 0.02, -0.12], s);
    for (let k = 0; k <= 6; k++) {
      const z = 0.2 - (0.42 * k) / 6;
      b.pieces.push([`${S}_fin${k}`, capsule(sx3([0.1, y, z], s), tip, 0.045, 0.012, 10, 3, 4)]);
    }
    // Joints along the leading third of the fin's chord: from its root (chord z 0.2 .. -0.22) to the tip.
    finChain(b, S, sx3([0.16, y, 0.09], s), sx3([0.79, y + 0.02, -0.12], s));
    // Cephalic lobes ahead of the mouth.
    b.pieces.push([`${S}_lobe`, capsule(sx3([0.1, y - 0.01, 0.22], s), sx3([0.12, y - 0.02, 0.4], s), 0.03, 0.02, 10, 3, 3)]);
  }
  b.pieces.push(['whip', capsule([0, y, -0.2], [0, y, -0.95], 0.025, 0.008, 10, 3, 8)]);
  b.pieces.push(['dorsal', capsule([0, y + 0.04, -0.2], [0, y + 0.1, -0.28], 0.025, 0.012, 10, 3, 3)]);
  b.add('Body', null, [0, y, 0]);
  b.add('Head', 'Body', [0, y, 0.14]);
  b.add('Head_End', 'Head', [0, y, 0.27]);
  const whip = (f: number): V3 => lerp([0, y, -0.27], [0, y, -0.95], f);
  b.add('Tail1', 'Body', whip(0));
  b.add('Tail2', 'Tail1', whip(0.22));
  b.add('Tail3', 'Tail2', whip(0.44));
  b.add('Tail4', 'Tail3', whip(0.66));
  b.add('Tail_End', 'Tail4', whip(0.99));
  b.add('DorsalFin', 'Body', [0, y + 0.05, -0.21]);
  b.add('DorsalFin_End', 'DorsalFin', [0, y + 0.1, -0.28]);
  b.accessories.push({ part: 'eyes', joint: 'Head', piece: sphere([0.17, y + 0.02, 0.2], 0.02) });
  return b;
}

function buildAnglerfish(): PlanBuild {
  const b = newBuild();
  const y = 0.3;
  b.pieces.push(['head', sphere([0, y, 0.2], 0.28, 12, 20)]);
  b.pieces.push(['jaw', capsule([0, y - 0.16, 0.08], [0, y - 0.07, 0.5], 0.11, 0.06)]);
  b.pieces.push(['body', capsule([0, y, 0.0], [0, y, -0.45], 0.2, 0.06)]);
  for (const [k, to] of [['mid', [0, y, -0.72]], ['up', [0, y + 0.13, -0.68]], ['down', [0, y - 0.13, -0.68]]] as const)
    b.pieces.push([`tailfin_${k}`, capsule([0, y, -0.46], to as unknown as V3, 0.04, 0.025, 10, 3, 3)]);
  // The lure: a stalk from the top of the head, up, forward and down in front of the mouth, a bulb at its end.
  const stalk: V3[] = [[0, y + 0.26, 0.2], [0, y + 0.45, 0.42], [0, y + 0.34, 0.7]];
  b.pieces.push(['stalk1', capsule(stalk[0], stalk[1], 0.018, 0.014, 8, 3, 4)], ['stalk2', capsule(stalk[1], stalk[2], 0.014, 0.012, 8, 3, 4)]);
  b.pieces.push(['bulb', sphere([0, y + 0.32, 0.73], 0.045)]);
  for (const [S, s] of SIDES) {
    const root: V3 = sx3([0.16, y - 0.04, -0.14], s);
    const tip: V3 = sx3([0.36, y - 0.08, -0.24], s);
    b.pieces.push([`${S}_fin`, capsule(sx3([0.1, y - 0.03, -0.12], s), tip, 0.04, 0.016, 10, 3, 3)]);
    finChain(b, S, root, tip);
  }
  b.add('Body', null, [0, y, -0.08]);
  b.add('Head', 'Body', [0, y, 0.16]);
  b.add('Head_End', 'Head', [0, y - 0.07, 0.55]);
  b.add('Tail1', 'Body', [0, y, -0.22]);
  b.add('Tail2', 'Tail1', [0, y, -0.34]);
  b.add('Tail3', 'Tail2', [0, y, -0.46]);
  b.add('Tail4', 'Tail3', [0, y, -0.58]);
  b.add('Tail_End', 'Tail4', [0, y, -0.75]);
  // The lure is the first dorsal spine (the illicium): the artist's dorsal bone runs up it to the bulb.
  b.add('DorsalFin', 'Body', [0, y + 0.24, 0.2]);
  b.add('DorsalFin_End', 'DorsalFin', [0, y + 0.32, 0.73]);
  b.accessories.push({ part: 'eyes', joint: 'Head', piece: sphere([0.12, y + 0.17, 0.33], 0.03) });
  return b;
}

function buildChick(): PlanBuild {
  const b = newBuild();
  b.pieces.push(['body', sphere([0, 0.25, 0], 0.16, 12, 20)]);
  b.pieces.push(['head', sphere([0, 0.46, 0.06], 0.12, 12, 20)]);
  b.pieces.push(['beak', capsule([0, 0.44, 0.16], [0, 0.43, 0.23], 0.025, 0.008, 10, 3, 3)]);
  b.pieces.push(['tail', capsule([0, 0.28, -0.13], [0, 0.32, -0.21], 0.035, 0.015, 10, 3, 3)]);
  b.add('Hips', null, [0, 0.21, -0.03]);
  b.add('Spine', 'Hips', [0, 0.25, 0]);
  b.add('Spine1', 'Spine', [0, 0.29, 0.03]);
  b.add('Neck', 'Spine1', [0, 0.36, 0.05]);
  b.add('Head', 'Neck', [0, 0.43, 0.06]);
  b.add('Head_End', 'Head', [0, 0.43, 0.23]);
  addTail(b, [0, 0.28, -0.14], [0, 0.315, -0.21], [0, 0.32, -0.22], AVIAN_TAIL_JOINTS, AVIAN_TAIL_LAST);
  for (const [S, s] of SIDES) {
    // Stubby wings held against the body, pointing back and down.
    const root: V3 = sx3([0.12, 0.3, 0.03], s);
    const tip: V3 = sx3([0.19, 0.2, -0.08], s);
    b.pieces.push([`${S}_wing`, capsule(sx3([0.1, 0.31, 0.04], s), tip, 0.045, 0.022, 10, 3, 3)]);
    b.add(`${S}Wing1`, 'Spine1', root);
    b.add(`${S}Wing2`, `${S}Wing1`, lerp(root, tip, 0.35));
    b.add(`${S}Wing3`, `${S}Wing2`, lerp(root, tip, 0.68));
    b.add(`${S}WingTip_End`, `${S}Wing3`, tip);
    const up: V3 = sx3([0.06, 0.15, -0.01], s);
    const ankle: V3 = sx3([0.065, 0.035, 0.0], s);
    const toe: V3 = sx3([0.07, 0.012, 0.09], s);
    b.pieces.push([`${S}_leg`, capsule(sx3([0.06, 0.13, -0.01], s), ankle, 0.022, 0.015, 10, 3, 3)], [`${S}_foot`, capsule(ankle, toe, 0.014, 0.01, 10, 3, 3)]);
    b.add(`${S}UpLeg`, 'Hips', up);
    b.add(`${S}Leg`, `${S}UpLeg`, lerp(up, ankle, 0.5));
    b.add(`${S}Foot`, `${S}Leg`, ankle);
    b.add(`${S}Toe_End`, `${S}Foot`, toe);
  }
  b.accessories.push({ part: 'eyes', joint: 'Head', piece: sphere([0.07, 0.5, 0.13], 0.02) });
  return b;
}

function buildFrog(): PlanBuild {
  const b = newBuild();
  b.pieces.push(['body', ellipsoid([0, 0.13, -0.03], [0.12, 0.08, 0.17])]);
  b.pieces.push(['head', ellipsoid([0, 0.15, 0.14], [0.12, 0.06, 0.1])]);
  b.add('Hips', null, [0, 0.12, -0.14]);
  b.add('Spine', 'Hips', [0, 0.13, -0.07]);
  b.add('Spine1', 'Spine', [0, 0.135, 0.0]);
  b.add('Spine2', 'Spine1', [0, 0.14, 0.06]);
  b.add('Neck', 'Spine2', [0, 0.145, 0.1]);
  b.add('Head', 'Neck', [0, 0.15, 0.14]);
  b.add('Head_End', 'Head', [0, 0.14, 0.24]);
  for (const [S, s] of SIDES) {
    // Hind legs folded: the thigh forward and out, the shin back along it, the long foot forward on the ground.
    const hip: V3 = sx3([0.08, 0.1, -0.14], s);
    const knee: V3 = sx3([0.22, 0.08, -0.02], s);
    const ankle: V3 = sx3([0.15, 0.035, -0.2], s);
    const ball: V3 = sx3([0.2, 0.015, -0.08], s);
    const toe: V3 = sx3([0.25, 0.01, 0.02], s);
    b.pieces.push([`${S}_thigh`, capsule(sx3([0.05, 0.11, -0.14], s), knee, 0.045, 0.035)], [`${S}_shin`, capsule(knee, ankle, 0.032, 0.022)], [`${S}_foot`, capsule(ankle, toe, 0.02, 0.012)]);
    b.add(`${S}BackUpperLeg`, 'Hips', hip);
    b.add(`${S}BackLowerLeg`, `${S}BackUpperLeg`, knee);
    b.add(`${S}BackFoot`, `${S}BackLowerLeg`, ankle);
    b.add(`${S}BackToe`, `${S}BackFoot`, ball);
    b.add(`${S}BackToe_End`, `${S}BackToe`, toe);
    // Short front legs under the chest.
    const sh: V3 = sx3([0.08, 0.1, 0.07], s);
    const elbow: V3 = sx3([0.13, 0.06, 0.1], s);
    const wrist: V3 = sx3([0.13, 0.018, 0.12], s);
    const knuckle: V3 = sx3([0.15, 0.01, 0.16], s);
    const tip: V3 = sx3([0.17, 0.008, 0.2], s);
    b.pieces.push([`${S}_arm`, capsule(sx3([0.06, 0.1, 0.07], s), elbow, 0.025, 0.02)], [`${S}_forearm`, capsule(elbow, wrist, 0.02, 0.016)], [`${S}_hand`, capsule(wrist, tip, 0.014, 0.01)]);
    b.add(`${S}FrontUpperLeg`, 'Spine2', sh);
    b.add(`${S}FrontLowerLeg`, `${S}FrontUpperLeg`, elbow);
    b.add(`${S}FrontFoot`, `${S}FrontLowerLeg`, wrist);
    b.add(`${S}FrontToe`, `${S}FrontFoot`, knuckle);
    b.add(`${S}FrontToe_End`, `${S}FrontToe`, tip);
  }
  for (const s of [1, -1]) b.accessories.push({ part: `eye${s}`, joint: 'Head', piece: sphere(sx3([0.06, 0.21, 0.15], s), 0.03) });
  return b;
}

function buildBeetle(): PlanBuild {
  const b = newBuild();
  b.pieces.push(['shell', ellipsoid([0, 0.15, -0.06], [0.2, 0.1, 0.26])]);
  b.pieces.push(['pronotum', ellipsoid([0, 0.13, 0.18], [0.13, 0.065, 0.08])]);
  b.pieces.push(['head', sphere([0, 0.11, 0.28], 0.06)]);
  const zs = [0.14, 0.02, -0.1];
  for (const [S, s] of SIDES)
    zs.forEach((z, i) => {
      const p = `${S}Leg${i + 1}`;
      const root: V3 = sx3([0.06, 0.08, z], s);
      const knee: V3 = sx3([0.17, 0.07, z + (1 - i) * 0.04], s);
      const ankle: V3 = sx3([0.23, 0.03, z + (1 - i) * 0.07], s);
      const tip: V3 = sx3([0.28, 0.01, z + (1 - i) * 0.1], s);
      b.pieces.push([`${p}_femur`, capsule(sx3([0.03, 0.08, z], s), knee, 0.02, 0.017, 10, 3, 3)], [`${p}_tibia`, capsule(knee, ankle, 0.016, 0.012, 10, 3, 3)], [`${p}_tarsus`, capsule(ankle, tip, 0.011, 0.008, 10, 3, 3)]);
      b.add(`${p}Hip`, 'Body', root);
      b.add(`${p}Knee`, `${p}Hip`, knee);
      b.add(`${p}Ankle`, `${p}Knee`, ankle);
      b.add(`${p}_End`, `${p}Ankle`, lerp(ankle, tip, 0.98));
    });
  const body: V3 = [0, 0.1, 0.04];
  const headEnd: V3 = [0, 0.11, 0.34];
  const abdEnd: V3 = [0, 0.14, -0.31];
  b.joints = { Body: body, Head: [0, 0.11, 0.24], Head_End: headEnd, Abdomen: [0, 0.13, -0.1], Abdomen_End: abdEnd, ...b.joints };
  b.parents = { Body: null, Head: 'Body', Head_End: 'Head', Abdomen: 'Body', Abdomen_End: 'Abdomen', ...b.parents };
  for (const s of [1, -1]) b.pieces.push([`mandible${s}`, capsule(sx3([0.03, 0.09, 0.32], s), sx3([0.015, 0.09, 0.37], s), 0.012, 0.008, 8, 2, 2)]);
  b.accessories.push({ part: 'eyes', joint: 'Head', piece: sphere([0.045, 0.13, 0.3], 0.018) });
  return b;
}
