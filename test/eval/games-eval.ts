/**
 * `npm run eval:rig-games`: the rigger on skinned bipeds by other artists that no rule was tuned on, from
 * Debian's game data: Red Eclipse's two player characters (realistic armoured humans, arms 25 degrees down;
 * `redeclipse-data`, CC-BY-SA) and Cube 2's Frankie (a flying squirrel with a tail and skin flaps) and
 * snoutx10k (a cartoon pig-snouted soldier; `cube2-data`), read from the user's own install with the IQM
 * reader (`iqm-reader.ts`) and never copied into the project. Each is rigged as a biped with both engines,
 * turned as the pre-check suggests (what the studio preselects), and compared with the artist's skeleton:
 * the semantic joint error (eval:rig's, % of the height, over the roles both skeletons have: each artist's
 * names are mapped below by hand) and CD-J2J over the weighted joints (% of the longest side). Keep it for
 * reporting: a rule tuned on four characters would make them one more corpus. The split alternates.
 * A second set, `0ad`: 0 A.D.'s 35 human bodies (tunics, trousers, dresses, robes, armour; arms 60 degrees
 * down) with a head of the game's propped on each (`zero-ad-humans.ts`), from Debian's `0ad-data`.
 * A third set, `assimp`: two bipeds read through assimp (assimp-models.ts): assimp's test model BCN_Epileptic
 * (a realistic man, arms hanging straight) and Minetest's blocky player, from Debian's `assimp-testmodels` and
 * `minetest-data`. Session 32 found on them the failures its rules repair (a hand touching the thigh, legs
 * pressed together as two boxes, a box torso's wandering spine), so they are a diagnosis set, not unseen.
 * Options: --root DIR (where the packages' `usr/share` is, default /: `apt-get install redeclipse-data
 * cube2-data assimp-testmodels minetest-data`, or `dpkg -x` their debs into DIR) --zad DIR (0 A.D.'s extracted data, holding
 * `art/meshes/skeletal/new` and `art/meshes/props/new`; default: extracted from Debian's public.zip)
 * --sets games,0ad,assimp --models a,b --engines fast,pro --rotation N (forced, not the pre-check's) --out FILE
 * --joints (after the summary, each role's mean signed offset from the artist's joint per set and engine:
 * role-bias.ts).
 */
import { existsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { rigMesh } from '../../shared/rig/rig-mesh';
import { precheckMesh } from '../../shared/rig/precheck';
import type { RigEngine } from '../../shared/rig/types';
import { heightOf, longestSide, meanNearestPoint } from './metrics';
import { readIqm, weightedJoints, type IqmModel } from './iqm-reader';
import { insideTester, outsideJoints } from './inside-volume';
import { turnJointsBack } from './turn-back';
import { SEMANTIC_ROLES } from './roles';
import { GAME_MODELS } from './game-models';
import { ASSIMP_MODELS, readAssimpModel } from './assimp-models';
import { stopAssimpWorker } from '../../shared/mesh/assimp-convert';
import { BIPED_ROLES, ZERO_AD_BODIES, readZeroAdHuman } from './zero-ad-humans';
import { zeroAdMeshesDir } from './pmd-reader';
import { roleOffsets } from './role-bias';

const args = process.argv.slice(2);
const flag = (n: string): string | undefined => (args.includes(n) ? args[args.indexOf(n) + 1] : undefined);
const engines = (flag('--engines') ?? 'fast,pro').split(',') as RigEngine[];
const root = flag('--root') ?? '/';
const sets = (flag('--sets') ?? 'games,0ad,assimp').split(',');
const only = flag('--models')?.split(',');
const forcedRotation = flag('--rotation') === undefined ? undefined : Number(flag('--rotation'));
const offsets = args.includes('--joints') ? roleOffsets() : null;

/** A model of either set: where it is, how to read it, its artist's joint for each role, its split. */
interface Model { set: string; name: string; file: string; load: () => IqmModel | Promise<IqmModel>; roles: Record<string, string>; split: 'tune' | 'holdout'; rotationY?: number }
const models: Model[] = [];
if (sets.includes('games'))
  for (const [k, m] of GAME_MODELS.entries()) {
    const file = path.join(root, 'usr/share/games', m.file);
    models.push({ set: 'games', name: m.name, file, load: () => readIqm(file), roles: m.roles, split: k % 2 === 0 ? 'tune' : 'holdout' });
  }
// The 0 A.D. data is unpacked only when one of its bodies is asked for.
if (sets.includes('0ad') && (!only || only.some((n) => n.startsWith('0ad-')))) {
  let meshes: string | null = null;
  try {
    meshes = zeroAdMeshesDir(flag('--zad'));
  } catch (e) {
    console.log(`0ad set skipped: ${(e as Error).message}`);
  }
  if (meshes) for (const [k, body] of ZERO_AD_BODIES.entries()) {
    const file = path.join(meshes, 'skeletal/new', `${body}.dae.cached.pmd`);
    models.push({ set: '0ad', name: `0ad-${body}`, file, load: () => readZeroAdHuman(meshes!, body), roles: BIPED_ROLES, split: k % 2 === 0 ? 'tune' : 'holdout' });
  }
}

if (sets.includes('assimp'))
  for (const [k, m] of ASSIMP_MODELS.entries()) {
    const file = path.join(root, 'usr/share', m.file);
    models.push({ set: 'assimp', name: m.name, file, load: () => readAssimpModel(file), roles: m.roles, split: k % 2 === 0 ? 'tune' : 'holdout', rotationY: m.rotationY });
  }

interface Row { set: string; model: string; split: 'tune' | 'holdout'; engine: RigEngine; rotation: number; suggested: string | null; semantic: number; worst: string; cdJ2J: number; outside: number; verdict: string; failed?: string }
const rows: Row[] = [];
const pct = (v: number): string => `${(v * 100).toFixed(2)}%`.padStart(7);
if (sets.includes('games') && models.every((m) => m.set !== 'games' || !existsSync(m.file)))
  console.log(`games set skipped: no game data under ${path.join(root, 'usr/share/games')}: apt-get install redeclipse-data cube2-data, or pass --root DIR`);
if (!models.some((m) => existsSync(m.file))) {
  console.error('no model to rig: see the messages above');
  process.exit(2);
}
const W = 36;
console.log(`${'model'.padEnd(W)} split    suggested  rot   engine  semantic  worst joint               CD-J2J  out  verdict`);
for (const m of models) {
  const { split, file } = m;
  if (only && !only.includes(m.name)) continue;
  if (!existsSync(file)) { if (m.set !== 'games' || existsSync(path.join(root, 'usr/share/games'))) console.log(`${m.name.padEnd(W)} missing: ${file}`); continue; }
  const iqm = await m.load();
  const H = heightOf(iqm.positions), L = longestSide(iqm.positions);
  const truth = new Float64Array(weightedJoints(iqm).flatMap((j) => j.position));
  const jointAt = (name: string): number[] | null => {
    const j = iqm.names.indexOf(name);
    return j < 0 ? null : Array.from(iqm.jointPositions.subarray(j * 3, j * 3 + 3));
  };
  for (const [role, name] of Object.entries(m.roles)) if (!jointAt(name)) throw new Error(`${m.name}: no joint ${name} for ${role}`);
  const pre = precheckMesh(iqm);
  const rotation = forcedRotation ?? m.rotationY ?? pre.suggestedRotationY ?? 0;
  const inside = insideTester(iqm.positions, iqm.indices);
  for (const engine of engines) {
    try {
      const r = rigMesh(iqm, { rigType: 'biped', engine, fingers: false, rotationY: rotation, boneNaming: 'mixamo' });
      if (rotation !== 0) turnJointsBack(r, rotation);
      const errs: [string, number][] = [];
      for (const role of SEMANTIC_ROLES) {
        const name = m.roles[role], ours = r.report.joints.find((j) => j.role === role);
        if (!name || !ours) continue;
        const t = jointAt(name)!;
        errs.push([role, Math.hypot(t[0] - ours.position[0], t[1] - ours.position[1], t[2] - ours.position[2]) / H]);
        offsets?.add(`${m.set} ${engine}`, role, ours.position, t, H, rotation);
      }
      const semantic = errs.reduce((a, e) => a + e[1], 0) / errs.length;
      const [wr, we] = errs.reduce((a, b) => (b[1] > a[1] ? b : a));
      const ours = new Float64Array(r.report.joints.filter((j) => j.deform).flatMap((j) => j.position));
      const cdJ2J = 0.5 * (meanNearestPoint(ours, truth) + meanNearestPoint(truth, ours)) / L;
      const row: Row = { set: m.set, model: m.name, split, engine, rotation, suggested: pre.suggestedRigType, semantic, worst: `${wr} ${pct(we)}`, cdJ2J, outside: outsideJoints(r, inside).length, verdict: r.report.verdict };
      rows.push(row);
      console.log(`${m.name.padEnd(W)} ${split.padEnd(8)} ${String(row.suggested).padEnd(10)} ${String(rotation).padStart(4)}  ${engine.padEnd(6)} ${pct(semantic)}   ${row.worst.padEnd(24)} ${pct(cdJ2J)}  ${String(row.outside).padStart(3)}  ${row.verdict}`);
    } catch (e) {
      rows.push({ set: m.set, model: m.name, split, engine, rotation, suggested: pre.suggestedRigType, semantic: NaN, worst: '-', cdJ2J: NaN, outside: 0, verdict: '-', failed: (e as Error).message });
      console.log(`${m.name.padEnd(W)} ${split.padEnd(8)} ${engine}  FAILED: ${(e as Error).message}`);
    }
  }
}
console.log('\nset    split    engine  n   semantic mean  max      over 3%  CD-J2J mean  outside  check/poor');
for (const set of [...new Set(rows.map((r) => r.set))])
  for (const split of ['tune', 'holdout', 'both'])
    for (const engine of engines) {
      const rs = rows.filter((r) => r.set === set && r.engine === engine && !r.failed && (split === 'both' || r.split === split));
      const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
      console.log(`${set.padEnd(6)} ${split.padEnd(8)} ${engine.padEnd(6)} ${String(rs.length).padStart(2)}  ${pct(mean(rs.map((r) => r.semantic)))}        ${pct(Math.max(...rs.map((r) => r.semantic)))}  ${String(rs.filter((r) => r.semantic > 0.03).length).padStart(7)}  ${pct(mean(rs.map((r) => r.cdJ2J)))}      ${String(rs.reduce((a, r) => a + r.outside, 0)).padStart(7)}  ${rs.filter((r) => r.verdict !== 'ok').length}`);
    }
if (offsets) console.log(`\n${offsets.table().join('\n')}`);
const out = flag('--out') ?? path.join(os.tmpdir(), `rigdesk-games-eval-${Date.now()}.json`);
writeFileSync(out, JSON.stringify(rows, null, 1));
console.log(`\nrows: ${out}`);
await stopAssimpWorker();
