/**
 * `npm run eval:failure-classes`: rigs each biped of issue 13's failure classes (synthetic/biped-variants.ts:
 * a dress, a robe, arms at the sides, a big head, a horizontal biped with long or tiny arms, separate parts) with both engines and
 * prints the semantic joint error (% of height), the worst joint, weighted joints outside the mesh, tail
 * joints found, the verdict and the warnings. Options: --variants dress,robe  --engines fast,pro  --joints
 * (every semantic joint's error).
 */
import { rigMesh } from '../../shared/rig/rig-mesh';
import type { RigEngine } from '../../shared/rig/types';
import { BIPED_VARIANTS, bipedVariant } from '../../shared/rig/synthetic/biped-variants';
import type { BipedVariant } from '../../shared/rig/synthetic/biped-variants';
import { heightOf } from './metrics';
import { insideTester, outsideJoints } from './inside-volume';
import { semanticError } from './semantic-error';

const args = process.argv.slice(2);
const flag = (n: string): string | undefined => {
  const i = args.indexOf(n);
  return i >= 0 ? args[i + 1] : undefined;
};
const variants = (flag('--variants')?.split(',') ?? BIPED_VARIANTS) as BipedVariant[];
for (const v of variants) if (!BIPED_VARIANTS.includes(v)) throw new Error(`unknown variant ${v}; expected one of ${BIPED_VARIANTS.join(', ')}`);
const engines = (flag('--engines') ?? 'fast,pro').split(',') as RigEngine[];
const pct = (v: number): string => `${(v * 100).toFixed(2)}%`;

console.log('variant              engine  semantic  worst joint         outside  tail  verdict    ms');
for (const v of variants) {
  const c = bipedVariant(v);
  const H = heightOf(c.mesh.positions);
  const inside = insideTester(c.mesh.positions, c.mesh.indices);
  for (const engine of engines) {
    const t = performance.now();
    let r;
    try {
      r = rigMesh(c.mesh, { rigType: 'biped', engine, rotationY: 0, boneNaming: 'mixamo', fingers: false });
    } catch (e) {
      console.log(`${v.padEnd(20)} ${engine.padEnd(6)}  FAILED: ${(e as Error).message}`);
      continue;
    }
    const ms = performance.now() - t;
    const s = semanticError(r, c, H);
    const out = outsideJoints(r, inside);
    const tail = r.report.joints.some((j) => j.name === 'Tail') ? 'yes' : 'no';
    console.log(`${v.padEnd(20)} ${engine.padEnd(6)} ${pct(s.mean).padStart(8)}  ${`${s.worst.key} ${pct(s.worst.error)}`.padEnd(19)} ${String(out.length).padStart(7)}  ${tail.padEnd(4)}  ${r.report.verdict.padEnd(7)} ${ms.toFixed(0).padStart(5)}`);
    if (out.length) console.log(`    outside: ${out.join(', ')}`);
    if (args.includes('--joints')) console.log(`    ${Object.entries(s.perJoint).map(([k, e]) => `${k} ${pct(e)}`).join(', ')}`);
    for (const w of r.report.warnings) console.log(`    warning: ${w}`);
  }
}
