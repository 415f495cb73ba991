/**
 * `npm run eval:quadruped-sweep` and `npm run eval:avian-sweep` (this file with `--plan quadruped|avian`): rigs
 * random capsule creatures of the plan, with the plan, and prints the keyed joint error (% of the longest side,
 * a creature's size): the mean distance from each of the plan's semantic joints to the true joint of the same
 * key. Quadrupeds (synthetic/quadruped-sweep.ts: dachshund to giraffe, elephant and sauropod, hind legs from
 * columns to a dog's zig-zag): Hips, Spine2, Neck, Head, the tail's root (when the body has a tail) and each
 * leg's upper, lower, foot and toe joints. Birds (synthetic/avian-sweep.ts: sparrow to heron, owl, albatross):
 * Hips, Spine1, Neck, Head, the tail's root, each wing's shoulder, elbow and wrist and each leg's hip, knee
 * and ankle. Summaries per engine and half (even seeds tune, odd holdout), the worst joint of each body, and
 * the mean per joint over all bodies (which joint the fit reads wrong on proportions nobody picked).
 * Options: --plan quadruped|avian|aquatic|hexapod|theropod (rigged as bipeds), --count N (default 60), --from SEED (default 1), --engines fast,pro,
 * --seeds 3,17, --head-scale K (every body's head K times as thick as its body, a chibi's: the bodies
 * otherwise as drawn), --tail-to-floor (quadrupeds and theropods: every tail hangs to the floor), --out FILE (JSON rows).
 */
import { writeFileSync } from 'node:fs';
import { rigMesh } from '../../shared/rig/rig-mesh';
import type { RigEngine, RigType } from '../../shared/rig/types';
import { buildSweepQuadruped, quadrupedBody } from '../../shared/rig/synthetic/quadruped-sweep';
import { avianBody, buildSweepAvian } from '../../shared/rig/synthetic/avian-sweep';
import { aquaticBody, buildSweepAquatic } from '../../shared/rig/synthetic/aquatic-sweep';
import { buildSweepHexapod, hexapodBody } from '../../shared/rig/synthetic/hexapod-sweep';
import { buildSweepTheropod, theropodBody } from '../../shared/rig/synthetic/theropod-sweep';
import type { PlanBuild } from '../../shared/rig/synthetic/characters';
import { characterFromBuild } from '../../shared/rig/synthetic/characters';
import { longestSide } from './metrics';
import { insideTester, outsideJoints } from './inside-volume';
import { pct, printSweepSummary } from './sweep-summary';
import { sweepArgs } from './sweep-args';

const { flag, seeds, engines } = sweepArgs(60);

const headScale = flag('--head-scale') ? Number(flag('--head-scale')) : 0;
/** `--tail-to-floor` (quadrupeds, theropods): every tail hangs on down to the floor, a fox's brush, a dragged tail, instead of being raised off it. */
const tailToFloor = process.argv.includes('--tail-to-floor');

interface SweepPlan {
  /** The body plan rigged, when it is not the sweep's name (theropods are bipeds). */
  rigType?: RigType;
  /** The seed's body; with headScale > 0 its head that many times as thick as its body. */
  build: (seed: number) => PlanBuild;
  /** The keys measured on a seed's body, and three of its proportions for the table (header, values). */
  keys: (seed: number) => string[];
  traits: [string, (seed: number) => number[]];
}
const SIDES = ['Left', 'Right'];
const PLANS: Record<string, SweepPlan> = {
  quadruped: {
    build: (seed) => {
      const tail = tailToFloor ? { tailToFloor: true } : {};
      if (!headScale) return buildSweepQuadruped(seed, tail);
      const q = quadrupedBody(seed), headR = headScale * Math.max(q.frontR, q.hindR);
      // A big head is long enough to stay a head (a ball at least), not a disc on the neck.
      return buildSweepQuadruped(seed, { headR, headLen: Math.max(q.headLen, 2.2 * headR), ...tail });
    },
    keys: (seed) => {
      const legs = ['LeftFront', 'RightFront', 'LeftBack', 'RightBack'].flatMap((l) => ['UpperLeg', 'LowerLeg', 'Foot', 'Toe'].map((k) => `${l}${k}`));
      return ['Hips', 'Spine2', 'Neck', 'Head', ...legs, ...(quadrupedBody(seed).tailLen > 0 ? ['Tail'] : [])];
    },
    traits: ['legs  neck  tail', (seed) => { const q = quadrupedBody(seed); return [q.hindY / q.bodyLen, q.neckLen / q.bodyLen, q.tailLen / q.bodyLen]; }],
  },
  avian: {
    build: (seed) => (headScale ? buildSweepAvian(seed, { headR: headScale * avianBody(seed).bodyR }) : buildSweepAvian(seed)),
    keys: () => ['Hips', 'Spine1', 'Neck', 'Head', 'Tail', ...SIDES.flatMap((s) => ['Wing1', 'Wing2', 'Wing3', 'UpLeg', 'Leg', 'Foot'].map((k) => `${s}${k}`))],
    traits: ['legs  neck  wing', (seed) => { const q = avianBody(seed); return [q.legLen / q.bodyLen, q.neckLen / q.bodyLen, q.wingLen / q.bodyLen]; }],
  },
  aquatic: {
    build: buildSweepAquatic,
    keys: (seed) => ['Head_End', 'Head', 'Body', 'Tail1', 'Tail2', 'Tail3', 'Tail4', 'Tail_End', ...SIDES.flatMap((s) => ['Fin', 'Fin2', 'Fin3', 'Fin_End'].map((k) => `${s}${k}`)), ...(aquaticBody(seed).dorsal > 0 ? ['DorsalFin'] : [])],
    traits: ['thick  fin  bend', (seed) => { const q = aquaticBody(seed); return [q.thick, q.pecLen, q.bend]; }],
  },
  hexapod: {
    build: buildSweepHexapod,
    keys: () => ['Body', 'Head', 'Head_End', 'Abdomen', 'Abdomen_End', ...SIDES.flatMap((s) => [1, 2, 3].flatMap((n) => ['Hip', 'Knee', 'Ankle', '_End'].map((k) => `${s}Leg${n}${k}`)))],
    traits: ['legs  ante  kind', (seed) => { const q = hexapodBody(seed); return [q.legLen, q.antennae, (q.shell ? 1 : 0) + (q.jumper ? 2 : 0) + (q.raptorial ? 4 : 0) + (q.wings === 'spread' ? 8 : q.wings === 'folded' ? 16 : 0)]; }],
  },
  theropod: {
    rigType: 'biped',
    build: (seed) => buildSweepTheropod(seed, { tailToFloor }),
    keys: () => ['Hips', 'Spine2', 'Neck', 'Head', 'Tail', ...SIDES.flatMap((s) => ['Arm', 'ForeArm', 'Hand', 'UpLeg', 'Leg', 'Foot', 'ToeBase'].map((k) => `${s}${k}`))],
    traits: ['legs  neck  arms', (seed) => { const q = theropodBody(seed); return [q.hipY, q.neckLen, q.armLen]; }],
  },
};
const planName = flag('--plan') ?? 'quadruped';
const plan = PLANS[planName];
if (!plan) throw new Error(`--plan: one of ${Object.keys(PLANS).join(', ')}`);
const rigType: RigType = plan.rigType ?? (planName as RigType);

interface Row { seed: number; half: 'tune' | 'holdout'; engine: RigEngine; error: number; perJoint: Record<string, number>; worst: string; verdict: string; outside: number; failed?: string; checks?: string[] }
const rows: Row[] = [];

console.log(`seed  half     ${plan.traits[0]}  engine  error    worst joint                 outside  verdict`);
for (const seed of seeds) {
  const c = characterFromBuild(`${planName}-sweep-${seed}`, rigType, plan.build(seed), { accessories: false });
  const L = longestSide(c.mesh.positions);
  const inside = insideTester(c.mesh.positions, c.mesh.indices);
  const half = seed % 2 === 0 ? 'tune' : 'holdout';
  const keys = plan.keys(seed);
  for (const engine of engines) {
    const lead = `${String(seed).padStart(4)}  ${half.padEnd(7)}  ${plan.traits[1](seed).map((v) => v.toFixed(2)).join('  ')}  ${engine.padEnd(6)}`;
    let r;
    try {
      r = rigMesh(c.mesh, { rigType, engine, rotationY: 0, boneNaming: 'mixamo', fingers: false });
    } catch (e) {
      rows.push({ seed, half, engine, error: Infinity, perJoint: {}, worst: '-', verdict: '-', outside: 0, failed: (e as Error).message });
      console.log(`${lead}  FAILED: ${(e as Error).message}`);
      continue;
    }
    const perJoint: Record<string, number> = {};
    for (const k of keys) {
      const t = c.truth.keys.indexOf(k);
      const j = r.report.joints.find((q) => q.name === k);
      const p = c.truth.positions;
      perJoint[k] = j ? Math.hypot(j.position[0] - p[t * 3], j.position[1] - p[t * 3 + 1], j.position[2] - p[t * 3 + 2]) / L : Infinity;
    }
    const error = keys.reduce((a, k) => a + perJoint[k], 0) / keys.length;
    const [wk, we] = Object.entries(perJoint).reduce((a, b) => (b[1] > a[1] ? b : a));
    const out = outsideJoints(r, inside).length;
    rows.push({ seed, half, engine, error, perJoint, worst: `${wk} ${pct(we)}`, verdict: r.report.verdict, outside: out, checks: r.report.checks.map((k) => `${k.code}: ${k.message.slice(0, 40)}`) });
    console.log(`${lead}  ${pct(error).padStart(7)}  ${`${wk} ${pct(we)}`.padEnd(26)}  ${String(out).padStart(7)}  ${r.report.verdict}`);
  }
}

printSweepSummary(rows, engines);
console.log('\nmean error per joint (all bodies)');
for (const engine of engines) {
  const rs = rows.filter((r) => r.engine === engine && !r.failed);
  const names = [...new Set(rs.flatMap((r) => Object.keys(r.perJoint)))].map((k) => {
    const es = rs.map((r) => r.perJoint[k]).filter((e) => e !== undefined);
    return `${k} ${pct(es.reduce((a, b) => a + b, 0) / es.length)}`;
  });
  console.log(`${engine}: ${names.join(', ')}`);
}
const out = flag('--out');
if (out) writeFileSync(out, JSON.stringify(rows, null, 1));
