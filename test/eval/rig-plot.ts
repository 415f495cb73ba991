/**
 * `npm run eval:rig-plot -- FILE [--engine fast|pro] [--out DIR]`: draws a corpus character's front, side
 * and top silhouettes (orthographic; the top view shows a spider's or an insect's legs) with the artist's joints (red) and the fitted joints (blue, lines to
 * their artist counterpart), so a failure can be seen rather than guessed from a number. FILE is relative
 * to the corpus folder, or `synthetic:VARIANT` for a failure-class biped (shared/rig/synthetic/
 * biped-variants.ts, its exact truth in red), or `creature:NAME` for a creature of synthetic/creatures.ts
 * (manta, anglerfish, chick, frog, beetle; its plan by default), or `sweep:SEED` for a random body of
 * `eval:rig-sweep` (synthetic/biped-sweep.ts; `sweepx:SEED` with its extras, `sweepw:` or `sweepxw:` with its wear; `robot:SEED` for the robot sweep's),
 * or `PLAN-sweep:SEED` for a creature sweep's body (quadruped, avian, aquatic, hexapod, theropod; rigged as its
 * plan, theropods as bipeds), or `0ad:MODEL` for an animal of `eval:rig-0ad` (read as it reads them, `--dir` or
 * `--zip`; plan with `--plan`, rotation with `--rotation`; the artist's weighted bones in red, unnamed), or `game:NAME` for a
 * biped of `eval:rig-games` (`--root` as there; its artist's joints in red, the semantic ones named), or `zad:BODY` for one of
 * its 0 A.D. human bodies (`--zad` as there; turn it with `--rotation 180`, they face -Z); the PNG goes to DIR (default: the OS temp folder) and its
 * path is printed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import * as THREE from 'three';
import { rigMesh } from '../../shared/rig/rig-mesh';
import type { RigEngine, RigType } from '../../shared/rig/types';
import { readCorpusRig } from './corpus-gltf';
import { corpusDir } from '../support/corpus-dir';
import { corpusRole } from './roles';
import { turnJointsBack } from './turn-back';
import { CORPUS_CHARACTERS } from './corpus-list';
import { bipedVariant } from '../../shared/rig/synthetic/biped-variants';
import type { BipedVariant } from '../../shared/rig/synthetic/biped-variants';
import { CREATURE_PLAN, buildCreature } from '../../shared/rig/synthetic/creatures';
import type { Creature } from '../../shared/rig/synthetic/creatures';
import { characterFromBuild } from '../../shared/rig/synthetic/characters';
import type { PlanBuild, SyntheticCharacter } from '../../shared/rig/synthetic/characters';
import { buildSweepBiped } from '../../shared/rig/synthetic/biped-sweep';
import { buildSweepRobot } from '../../shared/rig/synthetic/robot-sweep';
import { buildSweepQuadruped } from '../../shared/rig/synthetic/quadruped-sweep';
import { buildSweepAvian } from '../../shared/rig/synthetic/avian-sweep';
import { buildSweepAquatic } from '../../shared/rig/synthetic/aquatic-sweep';
import { buildSweepHexapod } from '../../shared/rig/synthetic/hexapod-sweep';
import { buildSweepTheropod } from '../../shared/rig/synthetic/theropod-sweep';
import { corpusRoleNodes } from './corpus-semantic';
import { readPmd, weightedBones, zeroAdMeshesDir, zeroAdSkeletalDir } from './pmd-reader';
import { BIPED_ROLES, readZeroAdHuman } from './zero-ad-humans';
import { readIqm, weightedJoints } from './iqm-reader';
import type { IqmModel } from './iqm-reader';
import { GAME_MODELS } from './game-models';
import { armsFrame, armsOf, dominantJoints, lowering } from './posed';

const args = process.argv.slice(2);
const flag = (n: string): string | undefined => (args.includes(n) ? args[args.indexOf(n) + 1] : undefined);
const file = args[0];
/** The creature sweeps' bodies by `PLAN-sweep:SEED`, with the plan each is rigged as. */
const CREATURE_SWEEPS: Record<string, [RigType, (seed: number) => PlanBuild]> = {
  quadruped: ['quadruped', buildSweepQuadruped],
  avian: ['avian', buildSweepAvian],
  aquatic: ['aquatic', buildSweepAquatic],
  hexapod: ['hexapod', buildSweepHexapod],
  theropod: ['biped', buildSweepTheropod],
};
const creatureSweep = /^(\w+)-sweep:(\d+)$/.exec(file);
if (creatureSweep && !CREATURE_SWEEPS[creatureSweep[1]]) throw new Error(`unknown sweep ${creatureSweep[1]} (${Object.keys(CREATURE_SWEEPS).join(', ')})`);
const engine = (flag('--engine') ?? 'fast') as RigEngine;
const plan = (flag('--plan') ?? (creatureSweep ? CREATURE_SWEEPS[creatureSweep[1]][0] : undefined) ?? (file.startsWith('creature:') ? CREATURE_PLAN[file.slice('creature:'.length) as Creature] : undefined) ?? CORPUS_CHARACTERS.find((c) => c.file === file)?.plan ?? 'biped') as RigType;
const outDir = flag('--out') ?? os.tmpdir();
/** `--pose arms-45|arms-70`: a corpus character with its arms lowered by its own skeleton, as eval:rig-posed does. */
const pose = flag('--pose');
const SIZE = 420;

type Loaded = { positions: Float32Array; indices: Uint32Array; partOffsets: Uint32Array; truth: [string, number[]][] };

/** A synthetic character's mesh with its exact truth, by key. */
function withTruth(c: SyntheticCharacter): Loaded {
  return { ...c.mesh, truth: c.truth.keys.map((k, i) => [k, Array.from(c.truth.positions.subarray(i * 3, i * 3 + 3))]) };
}

/** Positions, indices and the true joints by role (corpus) or Mixamo key (synthetic). */
/** A skinned model's weighted joints as its truth, each named by its role where `roles` (role -> joint name) maps it. */
function withRoleTruth(iqm: IqmModel, roles: Record<string, string>): Loaded {
  const role = new Map(Object.entries(roles).map(([r, n]) => [n, r]));
  return { ...iqm, truth: weightedJoints(iqm).map((j): [string, number[]] => [role.get(j.name) ?? j.name, j.position]) };
}

async function load(): Promise<Loaded> {
  if (file.startsWith('creature:')) {
    const c = characterFromBuild(file, plan, buildCreature(file.slice('creature:'.length) as Creature));
    return withTruth(c);
  }
  if (file.startsWith('0ad:')) {
    const dir = zeroAdSkeletalDir(flag('--dir'), flag('--zip'));
    const m = readPmd(path.join(dir, `${file.slice(4)}.dae.cached.pmd`));
    return { ...m, truth: weightedBones(m).map((b): [string, number[]] => [`bone${b.bone}`, b.position]) };
  }
  if (file.startsWith('zad:')) return withRoleTruth(readZeroAdHuman(zeroAdMeshesDir(flag('--zad')), file.slice('zad:'.length)), BIPED_ROLES);
  if (file.startsWith('game:')) {
    const m = GAME_MODELS.find((g) => g.name === file.slice('game:'.length));
    if (!m) throw new Error(`unknown game model ${file.slice(5)} (${GAME_MODELS.map((g) => g.name).join(', ')})`);
    return withRoleTruth(readIqm(path.join(flag('--root') ?? '/', 'usr/share/games', m.file)), m.roles);
  }
  if (creatureSweep) {
    const c = characterFromBuild(file, plan, CREATURE_SWEEPS[creatureSweep[1]][1](Number(creatureSweep[2])), { accessories: false });
    return withTruth(c);
  }
  if (file.startsWith('robot:')) {
    const c = characterFromBuild(file, 'biped', buildSweepRobot(Number(file.split(':')[1])), { accessories: false });
    return withTruth(c);
  }
  if (/^sweepx?w?:/.test(file)) {
    const kind = file.split(':')[0];
    const c = characterFromBuild(file, 'biped', buildSweepBiped(Number(file.split(':')[1]), kind.includes('x'), kind.endsWith('w')), { accessories: false });
    return withTruth(c);
  }
  if (file.startsWith('synthetic:')) {
    const c = bipedVariant(file.slice('synthetic:'.length) as BipedVariant);
    return withTruth(c);
  }
  const gt = await readCorpusRig(path.join(corpusDir, file));
  if (pose === 'arms-45' || pose === 'arms-70') {
    const target = pose === 'arms-45' ? 45 : 70;
    const rest = gt.restWorldOf();
    const turns = armsOf(gt, corpusRoleNodes(gt), rest, dominantJoints(gt)).flatMap((arm) => {
      const radians = arm.angle < target ? lowering(arm, target) : null;
      return radians === null ? [] : [{ arm, radians }];
    });
    const frame = armsFrame(gt, rest, turns);
    const positions = new Float32Array(gt.positions.length);
    gt.skinOf(frame, positions);
    const truth: [string, number[]][] = gt.joints.map((j, k) => [corpusRole(j.name) ?? j.name, new THREE.Vector3().setFromMatrixPosition(frame.get(j.node) ?? gt.restWorld[k]).toArray()]);
    return { positions, indices: gt.indices, partOffsets: gt.partOffsets, truth };
  }
  const truth: [string, number[]][] = gt.joints.map((j, k) => [corpusRole(j.name) ?? j.name, new THREE.Vector3().setFromMatrixPosition(gt.restWorld[k]).toArray()]);
  return { positions: gt.positions, indices: gt.indices, partOffsets: gt.partOffsets, truth };
}
const gt = await load();
const synthetic = !!creatureSweep || /^(synthetic|creature|sweepx?):/.test(file);
const rotationY = flag('--rotation') !== undefined ? Number(flag('--rotation')) : CORPUS_CHARACTERS.find((c) => c.file === file)?.rotationY ?? 0;
const r = rigMesh({ positions: gt.positions, indices: gt.indices, partOffsets: gt.partOffsets }, { rigType: plan, engine, fingers: false, rotationY, boneNaming: 'mixamo' });
if (rotationY !== 0) turnJointsBack(r, rotationY);
const P = gt.positions;
const lo = [Infinity, Infinity, Infinity], hi = [-Infinity, -Infinity, -Infinity];
for (let i = 0; i < P.length; i++) { lo[i % 3] = Math.min(lo[i % 3], P[i]); hi[i % 3] = Math.max(hi[i % 3], P[i]); }
const span = Math.max(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]) * 1.05;
const VIEWS = 3;
const img = new Uint8Array(SIZE * VIEWS * SIZE * 3).fill(255);
/** View 0: front (x right, y up); view 1: side (z right, y up); view 2: top (x right, z up the image: the front at the top). */
const project = (p: ArrayLike<number>, view: number): [number, number] => {
  if (view === 2) return [2 * SIZE + SIZE / 2 + ((p[0] - (lo[0] + hi[0]) / 2) / span) * SIZE, SIZE / 2 - ((p[2] - (lo[2] + hi[2]) / 2) / span) * SIZE];
  const h = view === 0 ? p[0] - (lo[0] + hi[0]) / 2 : p[2] - (lo[2] + hi[2]) / 2;
  return [view * SIZE + SIZE / 2 + (h / span) * SIZE, SIZE - 8 - ((p[1] - lo[1]) / span) * SIZE];
};
const put = (x: number, y: number, c: [number, number, number]): void => {
  x = Math.round(x); y = Math.round(y);
  if (x < 0 || y < 0 || x >= SIZE * VIEWS || y >= SIZE) return;
  img.set(c, (y * SIZE * VIEWS + x) * 3);
};
const I = gt.indices;
const a = [0, 0], b = [0, 0], c = [0, 0];
for (let view = 0; view < VIEWS; view++)
  for (let t = 0; t < I.length; t += 3) {
    [a[0], a[1]] = project(P.subarray(I[t] * 3), view); [b[0], b[1]] = project(P.subarray(I[t + 1] * 3), view); [c[0], c[1]] = project(P.subarray(I[t + 2] * 3), view);
    const d = (b[0] - a[0]) * (c[1] - a[1]) - (c[0] - a[0]) * (b[1] - a[1]);
    if (Math.abs(d) < 1e-9) continue;
    for (let y = Math.floor(Math.min(a[1], b[1], c[1])); y <= Math.max(a[1], b[1], c[1]); y++)
      for (let x = Math.floor(Math.min(a[0], b[0], c[0])); x <= Math.max(a[0], b[0], c[0]); x++) {
        const u = ((b[0] - x) * (c[1] - y) - (c[0] - x) * (b[1] - y)) / d, v = ((c[0] - x) * (a[1] - y) - (a[0] - x) * (c[1] - y)) / d;
        if (u >= 0 && v >= 0 && u + v <= 1) put(x, y, [200, 200, 200]);
      }
  }
const dot = (p: ArrayLike<number>, col: [number, number, number], view: number): void => {
  const [x, y] = project(p, view);
  for (let dy = -3; dy <= 3; dy++) for (let dx = -3; dx <= 3; dx++) if (dx * dx + dy * dy <= 9) put(x + dx, y + dy, col);
};
const line = (p: ArrayLike<number>, q: ArrayLike<number>, col: [number, number, number], view: number): void => {
  const [x0, y0] = project(p, view), [x1, y1] = project(q, view);
  const n = Math.ceil(Math.hypot(x1 - x0, y1 - y0));
  for (let k = 0; k <= n; k++) put(x0 + ((x1 - x0) * k) / Math.max(n, 1), y0 + ((y1 - y0) * k) / Math.max(n, 1), col);
};
const truth = new Map<string, number[]>();
for (const [key, p] of gt.truth) {
  if (!truth.has(key)) truth.set(key, p);
  for (let view = 0; view < VIEWS; view++) dot(p, [230, 60, 60], view);
}
for (const j of r.report.joints) {
  if (!j.deform) continue;
  for (let view = 0; view < VIEWS; view++) {
    const t = truth.get(synthetic ? j.name : j.role);
    if (t) line(j.position, t, [120, 120, 255], view);
    dot(j.position, [30, 60, 220], view);
  }
}
fs.mkdirSync(outDir, { recursive: true });
const out = path.join(outDir, `${path.basename(file.replace(':', '-')).replace(/\.\w+$/, '')}${pose ? '-' + pose : ''}-${engine}.png`);
await sharp(Buffer.from(img), { raw: { width: SIZE * VIEWS, height: SIZE, channels: 3 } }).png().toFile(out);
console.log(out);
