/**
 * Per-plan synthetic geometry and ground-truth joints (canonical frame: metres, Y up, facing +Z).
 */
import type { RigType } from '../types';
import type { PlanBuild } from './characters';
import { capsule, sphere, torus, box } from './shapes';
import { buildBiped } from './biped';
import { AVIAN_TAIL_JOINTS, TAIL_JOINTS, tailKeys } from '../templates/template';
import { AVIAN_TAIL_LAST, TAIL_LAST, tailLinePoints } from '../tail-chain';

type V3 = [number, number, number];

export function lerp(a: V3, b: V3, f: number): V3 {
  return [a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f, a[2] + (b[2] - a[2]) * f];
}

/** Point at fraction f of the arclength of a polyline. */
export function along(points: V3[], f: number): V3 {
  const lens = points.slice(1).map((p, i) => Math.hypot(p[0] - points[i][0], p[1] - points[i][1], p[2] - points[i][2]));
  let t = f * lens.reduce((a, b) => a + b, 0);
  for (let i = 0; i < lens.length; i++) {
    if (t <= lens[i] || i === lens.length - 1) return lerp(points[i], points[i + 1], Math.min(1, t / (lens[i] || 1)));
    t -= lens[i];
  }
  return points[points.length - 1];
}

/**
 * The template's tail chain under `Hips` as ground truth: `n` deforming joints on the segment `root` -
 * `end`, spaced as the fits place them (tail-chain.ts), and `Tail_End` at `tip`.
 */
export function addTail(b: Pick<PlanBuild, 'joints' | 'parents'>, root: V3, end: V3, tip: V3, n: number, last: number): void {
  const keys = tailKeys(n);
  tailLinePoints(root, end, n, last).forEach((p, i) => add(b, keys[i], i ? keys[i - 1] : 'Hips', p as V3));
  add(b, 'Tail_End', keys[n - 1], tip);
}

export function mirror(p: V3): V3 {
  return [-p[0], p[1], p[2]];
}

export function buildPlan(plan: RigType, pose: 'T' | 'A' | 'I'): PlanBuild {
  switch (plan) {
    case 'biped': return buildBiped(pose);
    case 'quadruped': return buildQuadruped();
    case 'hexapod': return buildMultileg(3);
    case 'octopod': return buildMultileg(4);
    case 'avian': return buildAvian(pose === 'T' ? 'T' : 'A');
    case 'serpentine': return buildSerpentine();
    case 'aquatic': return buildAquatic();
    case 'others': return buildStar();
  }
}

function newBuild(): PlanBuild {
  return { joints: {}, parents: {}, pieces: [], accessories: [] };
}

function add(b: Pick<PlanBuild, 'joints' | 'parents'>, key: string, parent: string | null, p: V3): void {
  b.joints[key] = p;
  b.parents[key] = parent;
}

function buildQuadruped(): PlanBuild {
  const b = newBuild();
  const hips: V3 = [0, 0.58, -0.35];
  const spine2: V3 = [0, 0.6, 0.3];
  const head: V3 = [0, 0.84, 0.5];
  add(b, 'Hips', null, hips);
  add(b, 'Spine', 'Hips', lerp(hips, spine2, 1 / 3));
  add(b, 'Spine1', 'Spine', lerp(hips, spine2, 2 / 3));
  add(b, 'Spine2', 'Spine1', spine2);
  const snout: V3 = [0, 0.8, 0.78];
  const headJoint = along([snout, head, spine2], 0.4);
  add(b, 'Neck', 'Spine2', along([snout, head, spine2], 0.7));
  add(b, 'Head', 'Neck', headJoint);
  add(b, 'Head_End', 'Head', [0, 0.8, 0.76]);
  b.pieces.push(['body', capsule(hips, spine2, 0.15, 0.15)], ['neck', capsule(spine2, head, 0.1, 0.06)], ['head', capsule(head, [0, 0.8, 0.74], 0.085, 0.04)]);
  const tailPts: V3[] = [[0, 0.6, -0.48], [0, 0.66, -0.98]];
  // The template's chain: Tail at the root, the others evenly to TAIL_LAST of the way to the medial tip.
  addTail(b, tailPts[0], [0, 0.658, -0.955], [0, 0.658, -0.96], TAIL_JOINTS, TAIL_LAST);
  b.pieces.push(['tail', capsule([0, 0.6, -0.4], tailPts[1], 0.045, 0.02)]);
  for (const [end, z, parent] of [['Front', 0.3, 'Spine2'], ['Back', -0.35, 'Hips']] as const)
    for (const [S, sx] of [['Left', 1], ['Right', -1]] as const) {
      const root: V3 = [sx * 0.1, 0.5, z];
      const knee: V3 = [sx * 0.1, 0.3, z + (end === 'Front' ? -0.03 : 0.04)];
      const ankle: V3 = [sx * 0.1, 0.1, z];
      const tip: V3 = [sx * 0.1, 0.035, z + 0.1];
      const pts = [root, knee, ankle, tip];
      const p = `${S}${end}`;
      add(b, `${p}UpperLeg`, parent, root);
      add(b, `${p}LowerLeg`, `${p}UpperLeg`, along(pts, 0.36));
      add(b, `${p}Foot`, `${p}LowerLeg`, along(pts, 0.72));
      add(b, `${p}Toe`, `${p}Foot`, along(pts, 0.9));
      add(b, `${p}Toe_End`, `${p}Toe`, tip);
      b.pieces.push([`${p}_upper`, capsule([sx * 0.1, 0.6, z], knee, 0.055, 0.04)], [`${p}_lower`, capsule(knee, ankle, 0.04, 0.032)], [`${p}_foot`, capsule(ankle, tip, 0.035, 0.025)]);
    }
  b.accessories.push({ part: 'collar', joint: 'Neck', piece: torus(lerp(head, spine2, 0.5), [0, 0.24, 0.2], 0.1, 0.015) });
  return b;
}

function buildMultileg(pairs: number): PlanBuild {
  const b = newBuild();
  const zs = pairs === 3 ? [0.1, 0, -0.1] : [0.12, 0.04, -0.04, -0.12];
  const bodyY = 0.3;
  const roots: V3[] = [];
  for (const [S, sx] of [['Left', 1], ['Right', -1]] as const)
    zs.forEach((z, i) => {
      const p = `${S}Leg${i + 1}`;
      const root: V3 = [sx * 0.1, bodyY, z];
      const knee: V3 = [sx * 0.3, 0.46, z * 1.6];
      const tip: V3 = [sx * 0.55, 0.03, z * 2.6];
      roots.push(root);
      add(b, `${p}Hip`, 'Body', root);
      add(b, `${p}Knee`, `${p}Hip`, knee);
      add(b, `${p}Ankle`, `${p}Knee`, lerp(knee, tip, 0.5));
      add(b, `${p}_End`, `${p}Ankle`, lerp(knee, tip, 0.98));
      b.pieces.push([`${p}_femur`, capsule([sx * 0.05, bodyY, z], knee, 0.03, 0.022)], [`${p}_tibia`, capsule(knee, tip, 0.022, 0.012)]);
    });
  const body: V3 = [0, bodyY, 0];
  const headEnd: V3 = [0, bodyY + 0.02, 0.36];
  const abdEnd: V3 = [0, bodyY + 0.06, -0.58];
  b.joints = { Body: body, Head: lerp(body, headEnd, 0.55), Head_End: headEnd, Abdomen: lerp(body, abdEnd, 0.45), Abdomen_End: abdEnd, ...b.joints };
  b.parents = { Body: null, Head: 'Body', Head_End: 'Head', Abdomen: 'Body', Abdomen_End: 'Abdomen', ...b.parents };
  b.pieces.push(['thorax', capsule([0, bodyY, -0.14], [0, bodyY, 0.14], 0.12, 0.12)], ['head', capsule([0, bodyY, 0.14], [0, bodyY + 0.02, 0.32], 0.08, 0.05)], ['abdomen', capsule([0, bodyY, -0.18], [0, bodyY + 0.06, -0.5], 0.14, 0.09)]);
  b.accessories.push({ part: 'eyes', joint: 'Head', piece: sphere([0.04, bodyY + 0.07, 0.26], 0.025) });
  return b;
}

/** `drop`: how far the wing tips hang below the shoulders (0.25 in the A pose; more for wings swept down in flight). */
export function buildAvian(pose: 'T' | 'A', drop = pose === 'A' ? 0.25 : 0): PlanBuild {
  const b = newBuild();
  const hips: V3 = [0, 0.45, -0.12];
  const chest: V3 = [0, 0.48, 0.08];
  const head: V3 = [0, 0.72, 0.3];
  add(b, 'Hips', null, hips);
  add(b, 'Spine', 'Hips', lerp(hips, chest, 0.5));
  add(b, 'Spine1', 'Spine', chest);
  add(b, 'Neck', 'Spine1', lerp(head, chest, 0.5));
  add(b, 'Head', 'Neck', head);
  add(b, 'Head_End', 'Head', [0, 0.7, 0.5]);
  const tailEnd: V3 = [0, 0.52, -0.6];
  addTail(b, [0, 0.48, -0.36], tailEnd, tailEnd, AVIAN_TAIL_JOINTS, AVIAN_TAIL_LAST);
  b.pieces.push(['body', capsule([0, 0.45, -0.25], [0, 0.48, 0.15], 0.13, 0.12)], ['neck', capsule(chest, head, 0.07, 0.045)], ['head', capsule(head, [0, 0.7, 0.51], 0.06, 0.012)], ['tail', capsule([0, 0.47, -0.3], [0, 0.52, -0.62], 0.05, 0.02)]);
  for (const [S, sx] of [['Left', 1], ['Right', -1]] as const) {
    const root: V3 = [sx * 0.14, 0.52, 0.06];
    const tip: V3 = [sx * 0.95, 0.52 - drop, -0.02];
    add(b, `${S}Wing1`, 'Spine1', root);
    add(b, `${S}Wing2`, `${S}Wing1`, lerp(root, tip, 0.3));
    add(b, `${S}Wing3`, `${S}Wing2`, lerp(root, tip, 0.62));
    add(b, `${S}WingTip_End`, `${S}Wing3`, lerp(root, tip, 0.99));
    b.pieces.push([`${S}_wing`, capsule([sx * 0.05, 0.52, 0.06], tip, 0.05, 0.015)]);
    const up: V3 = [sx * 0.07, 0.36, -0.06];
    const ankle: V3 = [sx * 0.08, 0.07, -0.04];
    const toe: V3 = [sx * 0.08, 0.025, 0.06];
    add(b, `${S}UpLeg`, 'Hips', up);
    add(b, `${S}Leg`, `${S}UpLeg`, lerp(up, ankle, 0.5));
    add(b, `${S}Foot`, `${S}Leg`, ankle);
    add(b, `${S}Toe_End`, `${S}Foot`, toe);
    b.pieces.push([`${S}_leg`, capsule([sx * 0.07, 0.42, -0.06], ankle, 0.035, 0.02)], [`${S}_foot`, capsule(ankle, toe, 0.022, 0.015)]);
  }
  b.accessories.push({ part: 'eyes', joint: 'Head', piece: sphere([0.035, 0.74, 0.33], 0.018) });
  return b;
}

function centreline(n: number, f: (t: number) => V3): V3[] {
  return Array.from({ length: n + 1 }, (_, i) => f(i / n));
}

function buildSerpentine(): PlanBuild {
  const b = newBuild();
  const pts = centreline(48, (t) => [0.18 * Math.sin(t * Math.PI * 2.2), 0.07, 1.1 - 2.2 * t]);
  const radius = (t: number): number => (t < 0.06 ? 0.06 + 0.015 * Math.sin((t / 0.06) * Math.PI) : 0.06 * (1 - t) + 0.012 * t);
  for (let i = 0; i < pts.length - 1; i++) b.pieces.push([`segment${i}`, capsule(pts[i], pts[i + 1], radius(i / 48), radius((i + 1) / 48), 10, 3, 2)]);
  // Joints by arclength fraction along the centreline, as the fit spreads them.
  const ends: V3[] = [along(pts, 0.0), along(pts, 1)];
  add(b, 'Spine01', null, along(pts, 0.1));
  add(b, 'Head', 'Spine01', along(pts, 0.05));
  add(b, 'Head_End', 'Head', [ends[0][0], ends[0][1], ends[0][2] + 0.03]);
  for (let i = 2; i <= 10; i++) add(b, `Spine${String(i).padStart(2, '0')}`, `Spine${String(i - 1).padStart(2, '0')}`, along(pts, 0.1 + ((i - 1) * 0.82) / 9));
  add(b, 'Tail_End', 'Spine10', ends[1]);
  b.accessories.push({ part: 'eyes', joint: 'Head', piece: sphere([0.04, 0.1, 1.08], 0.02) });
  return b;
}

function buildAquatic(): PlanBuild {
  const b = newBuild();
  const nose: V3 = [0, 0, 0.62];
  const tail: V3 = [0, 0.02, -0.85];
  const prof = (t: number): number => Math.max(0.015, 0.16 * Math.sin(Math.PI * Math.min(1, 0.1 + t * 1.05)) ** 0.8);
  const pts = centreline(20, (t) => lerp(nose, tail, t));
  for (let i = 0; i < 20; i++) b.pieces.push([`body${i}`, capsule(pts[i], pts[i + 1], prof(i / 20), prof((i + 1) / 20), 12, 3, 2)]);
  const chain: [string, string | null, number][] = [['Body', null, 0.38], ['Head', 'Body', 0.18], ['Tail1', 'Body', 0.52], ['Tail2', 'Tail1', 0.64], ['Tail3', 'Tail2', 0.76], ['Tail4', 'Tail3', 0.88]];
  // The fit spreads the chain over the medial path from surface tip to surface tip.
  const headEnd = lerp(nose, tail, -0.035);
  const tailEnd = lerp(nose, tail, 1.005);
  for (const [k, p, f] of chain) add(b, k, p, lerp(headEnd, tailEnd, f));
  add(b, 'Head_End', 'Head', headEnd);
  add(b, 'Tail_End', 'Tail4', tailEnd);
  const dorsalRoot: V3 = [0, 0.13, 0];
  add(b, 'DorsalFin', 'Body', dorsalRoot);
  add(b, 'DorsalFin_End', 'DorsalFin', [0, 0.38, -0.1]);
  b.pieces.push(['dorsal', capsule([0, 0.05, 0.08], [0, 0.4, -0.11], 0.035, 0.012)]);
  for (const [S, sx] of [['Left', 1], ['Right', -1]] as const) {
    const finRoot: V3 = [sx * 0.1, -0.035, 0.21];
    const finEnd: V3 = [sx * 0.42, -0.17, 0.04];
    add(b, `${S}Fin`, 'Body', finRoot);
    add(b, `${S}Fin2`, `${S}Fin`, lerp(finRoot, finEnd, 1 / 3));
    add(b, `${S}Fin3`, `${S}Fin2`, lerp(finRoot, finEnd, 2 / 3));
    add(b, `${S}Fin_End`, `${S}Fin3`, finEnd);
    b.pieces.push([`${S}_fin`, capsule([sx * 0.05, -0.02, 0.22], [sx * 0.44, -0.18, 0.03], 0.03, 0.012)]);
  }
  return b;
}

function buildStar(): PlanBuild {
  const b = newBuild();
  const centre: V3 = [0, 0.25, 0];
  add(b, 'Root', null, centre);
  b.pieces.push(['core', sphere(centre, 0.16)]);
  const arms = 5;
  for (let i = 0; i < arms; i++) {
    const a = (i / arms) * Math.PI * 2;
    const tip: V3 = [0.52 * Math.sin(a), 0.25 + (i % 2 ? 0.12 : -0.1), 0.52 * Math.cos(a)];
    b.pieces.push([`arm${i}`, capsule(centre, tip, 0.07, 0.03)]);
    for (let k = 1; k <= 3; k++) add(b, `Arm${i}_${k}`, k === 1 ? 'Root' : `Arm${i}_${k - 1}`, lerp(centre, tip, k / 4));
    add(b, `Arm${i}_End`, `Arm${i}_3`, lerp(centre, tip, 0.97));
  }
  b.accessories.push({ part: 'cap', joint: 'Root', piece: box([0, 0.42, 0], [0.06, 0.02, 0.06]) });
  return b;
}
