/**
 * The generate -> rig (biped) chain over many inputs, with the engines the workers run (no service):
 * front images of the synthetic T-pose biped at several sizes, symmetric or with the right arm raised,
 * on transparency or a plain colour; each is generated, written as GLB and read back (as `from_job`
 * does), rigged as a biped with the fast engine and checked with `bipedSkeletonProblems`.
 * Used by `npm run eval:generate -- --chain`; the service test runs one input of each kind.
 */
import { generateFromImageBytes } from '../../shared/generate/generate-from-bytes';
import { mergeParts } from '../../shared/mesh/merge';
import { readModel } from '../../shared/mesh/read-model';
import { writeGlb } from '../../shared/mesh/write-glb';
import { rigMesh } from '../../shared/rig/rig-mesh';
import { bipedSkeletonProblems, mapTruth, meshExtent, truthErrors, type Joints } from './biped-skeleton-checks';
import { tPoseFrontImage } from './character-front-image';

export interface ChainCase {
  size: number;
  raiseRightArmDeg: number;
  background: 'alpha' | 'plain';
}

export interface ChainRow extends ChainCase {
  /** Mean and largest front-plane joint error against the rendered character, over height. */
  meanError: number;
  maxError: number;
  /** Ankle heights over height (truth 0.045). */
  ankles: [number, number];
  problems: string[];
  warnings: string[];
  seconds: { generate: number; rig: number };
}

export const DEFAULT_CHAIN_CASES: ChainCase[] = [256, 288, 320, 352, 384, 416, 448, 480, 512].flatMap((size) =>
  [0, 30].flatMap((raiseRightArmDeg) => (['alpha', 'plain'] as const).map((background) => ({ size, raiseRightArmDeg, background }))),
);

export async function runChainCase(c: ChainCase): Promise<ChainRow> {
  const character = await tPoseFrontImage({
    size: c.size,
    raiseRightArmDeg: c.raiseRightArmDeg,
    background: c.background === 'plain' ? [70, 110, 160, 255] : undefined,
  });
  let t0 = performance.now();
  const generated = await generateFromImageBytes(new Uint8Array(character.png), { height_meters: 1.75 });
  const read = await readModel(await writeGlb(generated.model), 'generated.glb');
  const generate = (performance.now() - t0) / 1000;
  const triangles = mergeParts(read.model);
  t0 = performance.now();
  const rig = rigMesh(triangles, { rigType: 'biped', engine: 'fast', fingers: false, rotationY: 0, boneNaming: 'mixamo' });
  const rigSeconds = (performance.now() - t0) / 1000;
  const joints: Joints = {};
  for (const j of rig.report.joints) joints[j.name] = j.position;
  const extent = meshExtent(triangles.positions, joints.Hips?.[0] ?? 0);
  const truth = mapTruth(character.joints, character.min, character.max, extent);
  const H = extent.max[1] - extent.min[1];
  const errors = Object.values(truthErrors(joints, truth, H));
  const ankle = (k: string): number => (joints[k] ? (joints[k][1] - extent.min[1]) / H : NaN);
  return {
    ...c,
    meanError: errors.reduce((s, v) => s + v, 0) / Math.max(1, errors.length),
    maxError: Math.max(...errors),
    ankles: [ankle('LeftFoot'), ankle('RightFoot')],
    problems: bipedSkeletonProblems(joints, extent, truth),
    warnings: rig.report.warnings,
    seconds: { generate, rig: rigSeconds },
  };
}
