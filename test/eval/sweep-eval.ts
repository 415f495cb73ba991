/**
 * `npm run eval:rig-sweep`: rigs random capsule bipeds (synthetic/biped-sweep.ts: proportions anywhere from
 * adult to chibi, every length and radius jittered, arms from T-pose to hanging) and prints the distribution
 * of the semantic error (% of height): mean, median, 90th percentile, how many over 3% and 5%, how many the
 * rig report flagged, and the worst bodies with their worst joint. Rules were never tuned on these bodies, so
 * the sweep is a check that a change holds on proportions nobody picked; the seeds split in two halves
 * (even: tune, odd: holdout) like the corpus.
 * With `--extras`, each body also gets what its seed draws of bent elbows and knees, a stride, a long
 * dress and a hat brim (sweepExtras); the table then names them. With `--robots`, each body is built of rigid
 * blocks instead (synthetic/robot-sweep.ts: its bent joints and stride, a box per segment, a gap of 0-3% of the
 * height at each joint; no dress or brim); the extras column then gives the gap in % of the height.
 * With `--wear`, each body also wears what its seed draws of long hair, a ponytail, twin tails, a cape, a
 * backpack and shoulder pads (synthetic/biped-wear.ts); the extras column starts with their letters and a slash.
 * Options: --count N (default 40), --from SEED (default 1), --engines fast,pro, --seeds 3,17 (exactly these), --extras, --robots,
 * --joints (every semantic joint of the bodies over 3%), --out FILE (JSON rows, with each check of the report:
 * its code and the start of its message).
 */
import { writeFileSync } from 'node:fs';
import { rigMesh } from '../../shared/rig/rig-mesh';
import type { RigEngine } from '../../shared/rig/types';
import { buildSweepBiped, sweepBody, sweepExtras } from '../../shared/rig/synthetic/biped-sweep';
import { buildSweepRobot, robotGap } from '../../shared/rig/synthetic/robot-sweep';
import { sweepWear, wearTag } from '../../shared/rig/synthetic/biped-wear';
import { characterFromBuild } from '../../shared/rig/synthetic/characters';
import { heightOf } from './metrics';
import { semanticError } from './semantic-error';
import { insideTester, outsideJoints } from './inside-volume';
import { pct, printSweepSummary } from './sweep-summary';
import { sweepArgs } from './sweep-args';

const { args, flag, seeds, engines } = sweepArgs(40);
const withExtras = args.includes('--extras');
const robots = args.includes('--robots');
const withWear = args.includes('--wear');
/** The seed's extras in a few letters: e elbows, k knees, s stride, d dress, b brim. */
const extrasTag = (seed: number): string => {
  if (robots) return `g${(100 * robotGap(seed)).toFixed(1)}`;
  const wear = withWear ? `${wearTag(sweepWear(seed))}/` : '';
  if (!withExtras) return wear;
  const x = sweepExtras(seed);
  return wear + [x.elbowBendDeg ? 'e' : '', x.kneeBendDeg ? 'k' : '', x.strideDeg ? 's' : '', x.dress ? 'd' : '', x.brim ? 'b' : ''].join('');
};

interface Row { seed: number; extras: string; half: 'tune' | 'holdout'; engine: RigEngine; chibi: number; armDown: number; semantic: number; worst: string; verdict: string; outside: number; failed?: string; checks?: string[] }
const rows: Row[] = [];

console.log('seed  extras  half     chibi  arms  engine  semantic  worst joint             outside  verdict');
for (const seed of seeds) {
  const body = sweepBody(seed);
  const c = characterFromBuild(`sweep-${seed}`, 'biped', robots ? buildSweepRobot(seed) : buildSweepBiped(seed, withExtras, withWear), { accessories: false });
  const tag = extrasTag(seed);
  const H = heightOf(c.mesh.positions);
  const inside = insideTester(c.mesh.positions, c.mesh.indices);
  const half = seed % 2 === 0 ? 'tune' : 'holdout';
  for (const engine of engines) {
    const base = { seed, extras: tag, half, engine, chibi: body.chibi, armDown: body.spec.armDownDeg } as const;
    const lead = `${String(seed).padStart(4)}  ${tag.padEnd(withWear ? 12 : 6)}  ${half.padEnd(7)}  ${body.chibi.toFixed(2)}  ${body.spec.armDownDeg.toFixed(0).padStart(4)}  ${engine.padEnd(6)}`;
    let r;
    try {
      r = rigMesh(c.mesh, { rigType: 'biped', engine, rotationY: 0, boneNaming: 'mixamo', fingers: false });
    } catch (e) {
      rows.push({ ...base, semantic: Infinity, worst: '-', verdict: '-', outside: 0, failed: (e as Error).message });
      console.log(`${lead}  FAILED: ${(e as Error).message}`);
      continue;
    }
    const s = semanticError(r, c, H);
    const out = outsideJoints(r, inside).length;
    rows.push({ ...base, semantic: s.mean, worst: `${s.worst.key} ${pct(s.worst.error)}`, verdict: r.report.verdict, outside: out, checks: r.report.checks.map((k) => `${k.code}: ${k.message.slice(0, 40)}`) });
    console.log(`${lead} ${pct(s.mean).padStart(8)}  ${`${s.worst.key} ${pct(s.worst.error)}`.padEnd(22)} ${String(out).padStart(7)}  ${r.report.verdict}`);
    if (args.includes('--joints') && s.mean > 0.03) console.log(`      ${Object.entries(s.perJoint).map(([k, e]) => `${k} ${pct(e)}`).join(', ')}`);
  }
}

printSweepSummary(rows.map((r) => ({ ...r, error: r.semantic })), engines);
/**
 * Mean and count over 3% (and flagged) per kind of extra or wear: `part` picks a row's letters (the tag's part
 * after the slash for extras, before it for wear), '' the rows with none.
 */
function printBreakdown(title: string, kinds: readonly (readonly [string, string])[], part: (tag: string) => string): void {
  console.log(`\nengine  ${title.padEnd(12)} n   mean    >3%  >3% flagged`);
  for (const engine of engines)
    for (const [letter, name] of kinds) {
      const rs = rows.filter((r) => r.engine === engine && !r.failed && (letter ? part(r.extras).includes(letter) : part(r.extras) === ''));
      if (!rs.length) continue;
      const over = rs.filter((r) => r.semantic > 0.03);
      console.log(`${engine.padEnd(6)}  ${name.padEnd(11)} ${String(rs.length).padStart(3)}  ${pct(rs.reduce((a, r) => a + r.semantic, 0) / rs.length).padStart(6)}  ${String(over.length).padStart(3)}  ${String(over.filter((r) => r.verdict !== 'ok').length).padStart(11)}`);
    }
}
if (withExtras) printBreakdown('extra', [['', 'none'], ['e', 'elbows'], ['k', 'knees'], ['s', 'stride'], ['d', 'dress'], ['b', 'brim']], (tag) => tag.split('/').pop() ?? '');
if (withWear) printBreakdown('wear', [['', 'none'], ['h', 'long hair'], ['p', 'ponytail'], ['t', 'twin tails'], ['c', 'cape'], ['k', 'backpack'], ['o', 'pads']], (tag) => tag.split('/')[0]);
const out = flag('--out');
if (out) writeFileSync(out, JSON.stringify(rows, null, 1));
