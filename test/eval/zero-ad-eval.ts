/**
 * `npm run eval:rig-0ad`: the rigger on skinned creatures by other artists that no rule was tuned on: the
 * animals of 0 A.D. (Wildfire Games, CC-BY-SA 3.0; Debian's `0ad-data`), read from the user's own install and
 * never copied into the project. Each model's mesh is rigged with both engines as the plan listed below
 * (what a user would pick) and compared with the artist's weighted bones: CD-J2J over the longest side, as
 * `eval:rig`'s column. The rotation is the pre-check's suggestion (what the studio preselects), so a wrong
 * facing counts against us (CD-J2J hardly sees it: a head chain in the tail lies on bones too); `--rotation N`
 * forces one. 0 A.D.'s models face -Z (their heads and trunks at -Z, read on eval:rig-plot's drawings), so the
 * summary's `rot right` counts the suggestions of 180. The human bodies are measured by eval:rig-games
 * (their heads are separate prop meshes, propped on there: `zero-ad-humans.ts`). Keep this set for
 * reporting only: a rule tuned on it would make it one more corpus. The split (alternate models, tune / holdout) is there so that a diagnosis made on one half can be
 * checked on the other; `ours->` and `->ours` are CD-J2J's two halves (our joints to the artist's nearest,
 * and the artist's to ours: the artist's extra bones, ears, jaws, trunks and tail chains, count in the second).
 * Options: --zip FILE (default: Debian's public.zip) --dir DIR (already extracted PMDs) --models a,b
 * --engines fast,pro --rotation N --out FILE.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { rigMesh } from '../../shared/rig/rig-mesh';
import { precheckMesh } from '../../shared/rig/precheck';
import type { RigEngine, RigType } from '../../shared/rig/types';
import { longestSide, meanNearestPoint } from './metrics';
import { readPmd, weightedBones, zeroAdSkeletalDir } from './pmd-reader';
import { insideTester, outsideJoints } from './inside-volume';
import { turnJointsBack } from './turn-back';

/** One model per distinct mesh (colour variants share theirs), with the plan a user would rig it as. */
const MODELS: Record<string, RigType> = {
  Croc: 'quadruped', animal_boar: 'quadruped', animal_lion: 'quadruped', animal_lioness: 'quadruped', animal_piglet: 'quadruped',
  auroch_a: 'quadruped', bear: 'quadruped', bull_a: 'quadruped', camel: 'quadruped', camel_1: 'quadruped',
  cattle_female_a: 'quadruped', deer_mesh: 'quadruped', donkey: 'quadruped', elephant_african_baby: 'quadruped',
  elephant_african_bush: 'quadruped', elephant_asian_male: 'quadruped', fauna_hippopotamus: 'quadruped', fox: 'quadruped',
  giraffe_adult: 'quadruped', goat: 'quadruped', goat_male: 'quadruped', horse: 'quadruped', horse_breed: 'quadruped',
  mastiff: 'quadruped', pig: 'quadruped', rabbit_01: 'quadruped', rhino: 'quadruped', sanga_cattle_a: 'quadruped',
  sheep: 'quadruped', tiger: 'quadruped', wildebeest_adult: 'quadruped', wolf: 'quadruped', wolfhound: 'quadruped',
  zebra: 'quadruped', zebu: 'quadruped',
  chicken: 'avian', crow: 'avian', hawk: 'avian', peacock: 'avian', seagull: 'avian',
  animal_tuna: 'aquatic', shark: 'aquatic', fish_single: 'aquatic', whale_fin: 'aquatic',
};

const args = process.argv.slice(2);
const flag = (n: string): string | undefined => (args.includes(n) ? args[args.indexOf(n) + 1] : undefined);
const engines = (flag('--engines') ?? 'fast,pro').split(',') as RigEngine[];
const only = flag('--models')?.split(',');
const forcedRotation = flag('--rotation') === undefined ? undefined : Number(flag('--rotation'));

interface Row { model: string; split: 'tune' | 'holdout'; plan: RigType; engine: RigEngine; rotation: number; /** CD-J2J and its halves: our joints to the artist's nearest, the artist's to ours. */ cdJ2J: number; toArtist: number; fromArtist: number; outside: number; verdict: string; suggested: RigType | null; failed?: string }
const rows: Row[] = [];
const pct = (v: number): string => `${(v * 100).toFixed(2)}%`.padStart(7);
let dir: string;
try {
  dir = zeroAdSkeletalDir(flag('--dir'), flag('--zip'));
} catch (e) {
  console.error((e as Error).message);
  process.exit(2);
}
console.log('model                     split    plan       suggested  rot   engine  CD-J2J  ours->  ->ours  out  verdict');
for (const [k, [model, plan]] of Object.entries(MODELS).entries()) {
  // The split: alternate models in MODELS' order.
  const split = k % 2 === 0 ? 'tune' : 'holdout';
  if (only && !only.includes(model)) continue;
  const pmd = readPmd(path.join(dir, `${model}.dae.cached.pmd`));
  const truth = new Float64Array(weightedBones(pmd).flatMap((b) => b.position));
  const L = longestSide(pmd.positions);
  const pre = precheckMesh(pmd);
  const rotation = forcedRotation ?? pre.suggestedRotationY ?? 0;
  const inside = insideTester(pmd.positions, pmd.indices);
  for (const engine of engines) {
    try {
      const r = rigMesh(pmd, { rigType: plan, engine, fingers: false, rotationY: rotation, boneNaming: 'mixamo' });
      if (rotation !== 0) turnJointsBack(r, rotation);
      const ours = new Float64Array(r.report.joints.filter((j) => j.deform).flatMap((j) => j.position));
      const toArtist = meanNearestPoint(ours, truth) / L, fromArtist = meanNearestPoint(truth, ours) / L;
      const row: Row = { model, split, plan, engine, rotation, cdJ2J: 0.5 * (toArtist + fromArtist), toArtist, fromArtist, outside: outsideJoints(r, inside).length, verdict: r.report.verdict, suggested: pre.suggestedRigType };
      rows.push(row);
      console.log(`${model.padEnd(25)} ${split.padEnd(8)} ${plan.padEnd(10)} ${String(row.suggested).padEnd(10)} ${String(rotation).padStart(4)}  ${engine.padEnd(6)} ${pct(row.cdJ2J)} ${pct(row.toArtist)} ${pct(row.fromArtist)}  ${String(row.outside).padStart(3)}  ${row.verdict}`);
    } catch (e) {
      rows.push({ model, split, plan, engine, rotation, cdJ2J: NaN, toArtist: NaN, fromArtist: NaN, outside: 0, verdict: '-', suggested: pre.suggestedRigType, failed: (e as Error).message });
      console.log(`${model.padEnd(25)} ${split.padEnd(8)} ${plan.padEnd(10)} ${engine}  FAILED: ${(e as Error).message}`);
    }
  }
}
console.log('\nplan        split    engine  n   CD-J2J mean  median  max     ours->  ->ours  >5%  outside  plan suggested right  rot right');
for (const plan of [...new Set(rows.map((r) => r.plan))])
  for (const split of ['tune', 'holdout', 'both'])
    for (const engine of engines) {
      const rs = rows.filter((r) => r.plan === plan && r.engine === engine && !r.failed && (split === 'both' || r.split === split));
      const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
      const cd = rs.map((r) => r.cdJ2J).sort((a, b) => a - b);
      console.log(`${plan.padEnd(11)} ${split.padEnd(8)} ${engine.padEnd(6)} ${String(rs.length).padStart(2)}  ${pct(mean(cd))}     ${pct(cd[cd.length >> 1] ?? NaN)} ${pct(cd[cd.length - 1] ?? NaN)} ${pct(mean(rs.map((r) => r.toArtist)))} ${pct(mean(rs.map((r) => r.fromArtist)))}  ${String(cd.filter((v) => v > 0.05).length).padStart(3)}  ${String(rs.reduce((a, r) => a + r.outside, 0)).padStart(7)}  ${`${rs.filter((r) => r.suggested === plan).length}/${rs.length}`.padEnd(21)}  ${rs.filter((r) => r.rotation === 180).length}/${rs.length}`);
    }
const failed = rows.filter((r) => r.failed);
if (failed.length) console.log(`failed: ${failed.map((r) => `${r.model} ${r.engine}`).join(', ')}`);
const out = flag('--out') ?? path.join(os.tmpdir(), `rigdesk-0ad-eval-${Date.now()}.json`);
writeFileSync(out, JSON.stringify(rows, null, 1));
console.log(`\nrows: ${out}`);
