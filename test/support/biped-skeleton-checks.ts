/**
 * Is a biped skeleton usable on a mesh? Returns a list of problems (empty = usable) rather than
 * asserting, so a test can show that the same checks reject a wrong skeleton (mirrored, another
 * body plan) as well as accept a right one.
 *
 * Conventions (COMMON.md: metres, Y up, characters face +Z): the character's left is +X.
 * Thresholds are fractions of the mesh height H. The truth comparison is in the front plane (x, y)
 * only: a front image says nothing about depth, so the toes' forward offset cannot be recovered.
 */

export type Vec3 = [number, number, number];
export type Joints = Record<string, Vec3>;

/** The 25 Mixamo-named joints of Rigdesk's biped (no fingers). */
export const BIPED_JOINTS = [
  'Hips', 'Spine', 'Spine1', 'Spine2', 'Neck', 'Head', 'HeadTop_End',
  ...['Left', 'Right'].flatMap((s) => [
    `${s}Shoulder`, `${s}Arm`, `${s}ForeArm`, `${s}Hand`,
    `${s}UpLeg`, `${s}Leg`, `${s}Foot`, `${s}ToeBase`, `${s}Toe_End`,
  ]),
];

export interface MeshExtent {
  min: Vec3;
  max: Vec3;
  /** The mesh's outermost point on each side (largest |x| from the centre line), xy. */
  leftmostTip: [number, number];
  rightmostTip: [number, number];
}

export interface SkeletonCheckLimits {
  /** Mean front-plane distance to the truth joint, over H (default 0.03). */
  meanTruthError: number;
  /** Largest front-plane distance of any joint to its truth joint, over H (default 0.06). */
  maxTruthError: number;
}

export const SKELETON_CHECK_DEFAULTS: SkeletonCheckLimits = { meanTruthError: 0.03, maxTruthError: 0.06 };

/** Outermost mesh point per side of x = centerX, in the front plane. */
export function meshExtent(positions: Float32Array, centerX: number): MeshExtent {
  const min: Vec3 = [Infinity, Infinity, Infinity];
  const max: Vec3 = [-Infinity, -Infinity, -Infinity];
  const left: [number, number] = [centerX, 0];
  const right: [number, number] = [centerX, 0];
  for (let i = 0; i < positions.length; i += 3) {
    for (let k = 0; k < 3; k++) {
      if (positions[i + k] < min[k]) min[k] = positions[i + k];
      if (positions[i + k] > max[k]) max[k] = positions[i + k];
    }
    if (positions[i] > left[0]) [left[0], left[1]] = [positions[i], positions[i + 1]];
    if (positions[i] < right[0]) [right[0], right[1]] = [positions[i], positions[i + 1]];
  }
  return { min, max, leftmostTip: left, rightmostTip: right };
}

/**
 * Maps truth joints (in the frame of the mesh the image was rendered from) into the generated
 * mesh's frame by matching bounding boxes: uniform scale from the heights, x from the box centres,
 * y from the bottoms.
 */
export function mapTruth(truth: Joints, truthMin: Vec3, truthMax: Vec3, extent: MeshExtent): Joints {
  const s = (extent.max[1] - extent.min[1]) / (truthMax[1] - truthMin[1]);
  const ox = (extent.min[0] + extent.max[0]) / 2 - (s * (truthMin[0] + truthMax[0])) / 2;
  const oy = extent.min[1] - s * truthMin[1];
  const out: Joints = {};
  for (const [k, p] of Object.entries(truth)) out[k] = [ox + s * p[0], oy + s * p[1], s * p[2]];
  return out;
}

/** Front-plane distance of each truth joint to the skeleton's joint of the same name, over H. */
export function truthErrors(joints: Joints, truth: Joints, height: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, t] of Object.entries(truth)) {
    const j = joints[k];
    if (j) out[k] = Math.hypot(j[0] - t[0], j[1] - t[1]) / height;
  }
  return out;
}

export function bipedSkeletonProblems(
  joints: Joints,
  extent: MeshExtent,
  truth: Joints | null,
  limits: SkeletonCheckLimits = SKELETON_CHECK_DEFAULTS,
): string[] {
  const problems: string[] = [];
  const missing = BIPED_JOINTS.filter((k) => !joints[k]);
  if (missing.length > 0) return [`missing biped joints: ${missing.join(', ')}`];
  const H = extent.max[1] - extent.min[1];
  const y = (k: string): number => (joints[k][1] - extent.min[1]) / H;
  const fail = (ok: boolean, what: string): void => void (ok || problems.push(what));
  const f = (v: number): string => v.toFixed(3);

  // Vertical order along the body, feet to head top.
  const chain = ['Hips', 'Spine', 'Spine1', 'Spine2', 'Neck', 'Head', 'HeadTop_End'];
  for (let i = 1; i < chain.length; i++) fail(y(chain[i]) > y(chain[i - 1]), `${chain[i]} (${f(y(chain[i]))} H) not above ${chain[i - 1]} (${f(y(chain[i - 1]))} H)`);
  // The head top is the highest joint; the head is above everything but the arms (a raised hand may
  // be higher than the head, as in the truth of the raised-arm figure).
  const byHeight = Object.keys(joints).sort((a, b) => y(b) - y(a));
  fail(byHeight[0] === 'HeadTop_End', `highest joint is ${byHeight[0]}, not HeadTop_End`);
  const highestBody = byHeight.find((k) => k !== 'HeadTop_End' && !/(Arm|ForeArm|Hand)$/.test(k));
  fail(highestBody === 'Head', `highest joint outside the arms below the head top is ${highestBody}, not Head`);
  fail(y('Hips') > 0.4 && y('Hips') < 0.65, `hips at ${f(y('Hips'))} H, expected 0.4-0.65`);
  fail(y('Neck') > 0.72 && y('Neck') < 0.9, `neck at ${f(y('Neck'))} H, expected 0.72-0.9`);

  const hipsX = joints.Hips[0];
  for (const [side, sign, tip] of [['Left', 1, extent.leftmostTip], ['Right', -1, extent.rightmostTip]] as const) {
    // Legs: feet at the bottom, knees between hips and feet, on their own side.
    const foot = y(`${side}Foot`);
    fail(foot < 0.08, `${side}Foot at ${f(foot)} H, expected near the bottom (< 0.08)`);
    const knee = (y(`${side}Leg`) - foot) / (y('Hips') - foot);
    fail(knee > 0.3 && knee < 0.7, `${side}Leg (knee) at ${f(knee)} of the way from foot to hips, expected 0.3-0.7`);
    for (const k of ['UpLeg', 'Leg', 'Foot', 'Arm', 'ForeArm', 'Hand']) {
      fail(sign * (joints[`${side}${k}`][0] - hipsX) > 0, `${side}${k} at x ${f(joints[`${side}${k}`][0])} is on the wrong side of the hips (x ${f(hipsX)})`);
    }
    // Hands: near the outermost point of the silhouette on their side (the fingertips of a T-pose).
    const hand = joints[`${side}Hand`];
    const reach = Math.abs(hand[0] - hipsX) / Math.abs(tip[0] - hipsX);
    fail(reach > 0.65 && reach <= 1, `${side}Hand reaches ${f(reach)} of the arm span on its side, expected 0.65-1`);
    const toTip = Math.hypot(hand[0] - tip[0], hand[1] - tip[1]) / H;
    fail(toTip < 0.17, `${side}Hand is ${f(toTip)} H from the outermost point on its side, expected < 0.17`);
    // The arm runs outwards: shoulder, elbow, wrist in order of distance from the centre line.
    const out = (k: string): number => sign * (joints[`${side}${k}`][0] - hipsX);
    fail(out('Shoulder') < out('Arm') && out('Arm') < out('ForeArm') && out('ForeArm') < out('Hand'), `${side} arm joints not in order outwards`);
  }

  const tol = 0.01 * H;
  for (const [k, p] of Object.entries(joints)) {
    for (let a = 0; a < 3; a++) {
      if (p[a] < extent.min[a] - tol || p[a] > extent.max[a] + tol) problems.push(`${k} outside the mesh bounds on axis ${'xyz'[a]} (${f(p[a])} not in ${f(extent.min[a])}..${f(extent.max[a])})`);
    }
  }

  if (truth) {
    const errors = truthErrors(joints, truth, H);
    const values = Object.values(errors);
    const mean = values.reduce((s, v) => s + v, 0) / values.length;
    fail(mean < limits.meanTruthError, `mean front-plane joint error ${f(mean)} H, expected < ${limits.meanTruthError}`);
    for (const [k, e] of Object.entries(errors)) fail(e < limits.maxTruthError, `${k} is ${f(e)} H from where it belongs, expected < ${limits.maxTruthError}`);
  }
  return problems;
}

/** Left and Right names exchanged, positions kept: a skeleton labelled as if the model faced -Z. */
export function swapLeftRight(joints: Joints): Joints {
  const out: Joints = {};
  for (const [k, p] of Object.entries(joints)) {
    out[k.startsWith('Left') ? `Right${k.slice(4)}` : k.startsWith('Right') ? `Left${k.slice(5)}` : k] = [p[0], p[1], p[2]];
  }
  return out;
}

/** The same joints seen in a mirror (x -> 2·cx - x, Left <-> Right): what a mirrored input would give. */
export function mirrorJoints(joints: Joints, cx: number): Joints {
  const out = swapLeftRight(joints);
  for (const p of Object.values(out)) p[0] = 2 * cx - p[0];
  return out;
}
