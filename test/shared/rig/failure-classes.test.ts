/**
 * Issue 13's failure classes as tests: each biped of synthetic/biped-variants.ts (a dress, a robe, arms at
 * the sides, a big head with arms out and down, a horizontal biped with a tail, a robot of separate parts)
 * rigged with both engines must rig, place the semantic joints within 3% of the height of the ground truth
 * on average, keep every weighted joint inside the mesh (test/eval/inside-volume.ts: the mesh voxelised on
 * its own fine grid) and keep the Left joints on +X (Right on -X), and find the tail where the truth has one. `npm run eval:failure-classes` prints
 * the same figures with the worst joint and the warnings.
 *
 * Every variant failed on the engine of commit 2c57430 except big_head (both engines) and separate_parts
 * (fast). Arms at the sides now pass (9.9 / 9.1% -> 1.1 / 1.2%, biped-arm-down.ts), and so do separate parts with pro (15.3 -> 1.0%, bridge-pieces.ts) and the dress (6.3 / 5.9 -> 1.1 / 1.0%, biped-joined-legs.ts), and the horizontal biped (24.3 / 24.6 -> 4.7 / 4.4 -> 2.4 / 2.2%,
 * biped-horizontal.ts: its neck's base, digitigrade ankles and small arms; with a tyrannosaur's tiny arms,
 * horizontal_tiny_arms, 8.7 / 13.9 -> 2.6 / 2.5%). The variants still over the target are marked
 * `it.fails` with their figures in KNOWN_FAILURES: the test reports them as expected failures, and turns
 * red the day one of them passes, so the mark is removed with the fix.
 */
import { describe, expect, it } from 'vitest';
import { rigMesh } from '../../../shared/rig/rig-mesh';
import type { RigEngine, RigResult } from '../../../shared/rig/types';
import { BIPED_VARIANTS, bipedVariant } from '../../../shared/rig/synthetic/biped-variants';
import { heightOf } from '../../eval/metrics';
import { insideTester, outsideJoints } from '../../eval/inside-volume';
import { semanticError } from '../../eval/semantic-error';

/** Issue 13's target for a biped's semantic joint error (fraction of the height). */
const MAX_SEMANTIC = 0.03;
const ENGINES: RigEngine[] = ['fast', 'pro'];
/** Still over the target (semantic error fast / pro, % of the height, at the commit that marked them). */
const KNOWN_FAILURES: Record<string, RigEngine[]> = {};

describe.each(BIPED_VARIANTS)('failure class %s', (variant) => {
  const c = bipedVariant(variant);
  const H = heightOf(c.mesh.positions);
  const inside = insideTester(c.mesh.positions, c.mesh.indices);

  for (const engine of ENGINES) {
  const test = KNOWN_FAILURES[variant]?.includes(engine) ? it.fails : it;
  test(`rigs with the ${engine} engine: joints within 3% of the height, inside the mesh, Left on +X`, () => {
    let r: RigResult | undefined;
    expect(() => {
      r = rigMesh(c.mesh, { rigType: 'biped', engine, rotationY: 0, boneNaming: 'mixamo', fingers: false });
    }).not.toThrow();
    if (!r) return;
    const s = semanticError(r, c, H);
    // Soft assertions: every failing property of a variant shows at once.
    expect.soft(s.mean, `mean semantic error (worst ${s.worst.key} at ${(s.worst.error * 100).toFixed(1)}% of the height)`).toBeLessThan(MAX_SEMANTIC);
    expect.soft(outsideJoints(r, inside), 'weighted joints outside the mesh').toEqual([]);
    const wrongSide = r.report.joints
      .filter((j) => (j.name.startsWith('Left') && j.position[0] <= 0) || (j.name.startsWith('Right') && j.position[0] >= 0))
      .map((j) => j.name);
    expect.soft(wrongSide, 'Left joints must lie on +X and Right joints on -X').toEqual([]);
    // The horizontal biped's truth has the template's tail chain: the rig must find the tail too.
    if (c.truth.keys.includes('Tail')) expect.soft(r.report.joints.map((j) => j.name), 'tail joints').toContain('Tail');
  });
  }
});
