/**
 * Issue 7 chaining, end to end on the real service: a front image of a T-pose humanoid (the
 * project's synthetic biped rendered with shared/render) -> POST /v1/models -> POST /v1/rigs with
 * from_job and rig_type biped -> the rig report and the skinned GLB, checked for a usable skeleton
 * (test/support/biped-skeleton-checks.ts) against where the joints of the rendered character are.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restWorld } from '../../../shared/anim/pose';
import type { MeshPart, SceneModel } from '../../../shared/mesh/model';
import { readModel } from '../../../shared/mesh/read-model';
import {
  BIPED_JOINTS, bipedSkeletonProblems, mapTruth, meshExtent, mirrorJoints, swapLeftRight, truthErrors,
  type Joints, type MeshExtent,
} from '../../support/biped-skeleton-checks';
import { tPoseFrontImage, type TPoseCharacter } from '../../support/character-front-image';
import { startLiveService, type LiveService } from '../../support/running-service';
import { validateGltf } from '../../support/validate-gltf';

let live: LiveService;
beforeAll(async () => {
  live = await startLiveService({ workers: 1 });
});
afterAll(() => live.close());

const HEIGHT = 1.75;

const download = (url: string): Promise<Response> => fetch(url);
/**
 * Image side. `npm run eval:generate -- --chain` runs the same checks over 36 inputs (256-512 px,
 * alpha or plain, symmetric or raised arm): all usable since fit-biped's ankle search ignores the
 * one-voxel wander of a straight generated leg (9 of 36 put the ankles at 0.10-0.18 H before).
 */
const SIZE = 384;

interface Chain {
  generateReport: { foreground: string; height_meters: number; vertices: number; triangles: number };
  rigReport: { rig_type: string; warnings: string[]; joints: { name: string; position: [number, number, number] }[] };
  model: SceneModel;
  joints: Joints;
  extent: MeshExtent;
  truth: Joints;
}

async function generateThenRig(character: TPoseCharacter): Promise<Chain> {
  const generate = await live.request('POST', '/v1/models', { image_base64: character.png.toString('base64'), height_meters: HEIGHT });
  expect(generate.status).toBe(202);
  const generated = await live.waitForJob(generate.json.id, 60_000);
  expect(generated.error).toBeNull();
  const genFiles = Object.fromEntries(generated.output.files.map((f: { role: string; url: string }) => [f.role, f.url]));
  const generateReport = (await (await download(genFiles.report)).json()) as Chain['generateReport'];

  const rig = await live.request('POST', '/v1/rigs', { from_job: generated.id, rig_type: 'biped' });
  expect(rig.status).toBe(202);
  expect(rig.json).toMatchObject({ operation: 'rig', rig_type: 'biped', status: 'queued' });
  const rigged = await live.waitForJob(rig.json.id, 60_000);
  expect(rigged.error).toBeNull();
  expect(rigged.status).toBe('succeeded');
  const files = Object.fromEntries(rigged.output.files.map((f: { role: string; url: string }) => [f.role, f.url]));
  expect(Object.keys(files).sort()).toEqual(['model', 'report', 'thumbnail']);
  const rigReport = (await (await download(files.report)).json()) as Chain['rigReport'];

  const glb = new Uint8Array(await (await download(rigged.output.model_url)).arrayBuffer());
  const validation = await validateGltf(glb);
  expect(validation.numErrors, JSON.stringify(validation.errors)).toBe(0);
  const { model } = await readModel(glb, 'rigged.glb');
  expect(model.skeleton).not.toBeNull();

  const joints: Joints = {};
  for (const j of rigReport.joints) joints[j.name] = j.position;
  const extent = meshExtent(model.parts[0].positions, joints.Hips?.[0] ?? 0);
  return { generateReport, rigReport, model, joints, extent, truth: mapTruth(character.joints, character.min, character.max, extent) };
}

/** Share of the vertices matching `where` whose weights on `bones` add up to at least a half. */
function dominatedShare(part: MeshPart, names: string[], where: (x: number, y: number) => boolean, bones: string[]): { share: number; count: number } {
  const wanted = new Set(bones.map((b) => names.indexOf(b)));
  const { positions, skinJoints, skinWeights } = part;
  let count = 0;
  let good = 0;
  for (let v = 0; v < positions.length / 3; v++) {
    if (!where(positions[v * 3], positions[v * 3 + 1])) continue;
    count++;
    let w = 0;
    for (let k = 0; k < 4; k++) if (wanted.has(skinJoints![v * 4 + k])) w += skinWeights![v * 4 + k];
    if (w >= 0.5) good++;
  }
  return { share: count ? good / count : 0, count };
}

function describeJoints(chain: Chain): string {
  if (!chain.joints.Hips || !chain.joints.LeftHand) return `joints: ${Object.keys(chain.joints).join(', ')}`;
  const H = chain.extent.max[1] - chain.extent.min[1];
  const errors = truthErrors(chain.joints, chain.truth, H);
  return ['Hips', 'Neck', 'Head', 'LeftHand', 'RightHand', 'LeftLeg', 'RightLeg', 'LeftFoot', 'RightFoot']
    .map((k) => `${k} (${chain.joints[k].map((v) => v.toFixed(3)).join(', ')}) err ${(100 * errors[k]).toFixed(1)}% H`)
    .join('; ');
}

describe('generate_model chains into a biped rig (issue 7)', () => {
  it('a generated T-pose character on a plain background rigs as a biped with a usable skeleton and skin', async () => {
    const character = await tPoseFrontImage({ size: SIZE, background: [70, 110, 160, 255] });
    const chain = await generateThenRig(character);
    expect(chain.generateReport.foreground).toBe('background');
    expect(chain.generateReport.height_meters).toBeCloseTo(HEIGHT, 6);
    const { model, joints, extent, rigReport } = chain;
    const H = extent.max[1] - extent.min[1];
    expect(H).toBeCloseTo(HEIGHT, 3);
    // The rig keeps the generated geometry as it is (one closed part, same vertex count).
    expect(model.parts).toHaveLength(1);
    expect(model.parts[0].positions.length / 3).toBe(chain.generateReport.vertices);

    const problems = bipedSkeletonProblems(joints, extent, chain.truth);
    expect(problems, describeJoints(chain)).toEqual([]);
    // The checks are not blind to sides: the same skeleton labelled as if facing -Z is refused.
    expect(bipedSkeletonProblems(swapLeftRight(joints), extent, chain.truth).filter((p) => /wrong side/.test(p)).length).toBeGreaterThan(4);
    expect(rigReport.rig_type).toBe('biped');
    expect(rigReport.warnings).toEqual([]);
    console.log(`generate-rig-chain T-pose: ${describeJoints(chain)}`);

    // The GLB holds the skeleton of the report, at the same places.
    const skeleton = model.skeleton!;
    for (const name of BIPED_JOINTS) expect(skeleton.names).toContain(name);
    const world = restWorld(skeleton);
    skeleton.names.forEach((name, j) => {
      const p = joints[name];
      expect(p, name).toBeDefined();
      const d = Math.hypot(world.position[j * 3] - p[0], world.position[j * 3 + 1] - p[1], world.position[j * 3 + 2] - p[2]);
      expect(d, name).toBeLessThan(1e-3 * H);
    });

    // Skin weights that follow the skeleton: normalised, and each extremity driven by its own limb.
    const part = model.parts[0];
    const w = part.skinWeights!;
    for (let v = 0; v < w.length; v += 4) expect(Math.abs(w[v] + w[v + 1] + w[v + 2] + w[v + 3] - 1)).toBeLessThan(1e-3);
    const hipsX = joints.Hips[0];
    const minY = extent.min[1];
    const regions: [string, (x: number, y: number) => boolean, string[]][] = [
      ['left hand', (x) => x - hipsX > 0.85 * (extent.leftmostTip[0] - hipsX), ['LeftForeArm', 'LeftHand']],
      ['right hand', (x) => hipsX - x > 0.85 * (hipsX - extent.rightmostTip[0]), ['RightForeArm', 'RightHand']],
      ['left foot', (x, y) => y - minY < 0.04 * H && x > hipsX, ['LeftLeg', 'LeftFoot', 'LeftToeBase', 'LeftToe_End']],
      ['right foot', (x, y) => y - minY < 0.04 * H && x < hipsX, ['RightLeg', 'RightFoot', 'RightToeBase', 'RightToe_End']],
      ['head top', (_x, y) => y - minY > 0.95 * H, ['Head', 'HeadTop_End']],
    ];
    for (const [label, where, bones] of regions) {
      const { share, count } = dominatedShare(part, skeleton.names, where, bones);
      expect(count, label).toBeGreaterThan(20);
      expect(share, `${label}: share of vertices mostly weighted to ${bones.join('/')}`).toBeGreaterThan(0.95);
    }
  }, 60_000);

  it('keeps left and right through the chain: a raised right arm ends up on the skeleton\'s right (-X) side', async () => {
    // Asymmetric on purpose: with a symmetric figure a mirrored generator would go unnoticed.
    const character = await tPoseFrontImage({ size: SIZE, raiseRightArmDeg: 30 });
    const chain = await generateThenRig(character);
    expect(chain.generateReport.foreground).toBe('alpha');
    const { joints, extent } = chain;
    const H = extent.max[1] - extent.min[1];
    expect(bipedSkeletonProblems(joints, extent, chain.truth), describeJoints(chain)).toEqual([]);
    console.log(`generate-rig-chain raised right arm: ${describeJoints(chain)}`);
    expect((joints.RightHand[1] - joints.RightArm[1]) / H).toBeGreaterThan(0.08);
    expect(Math.abs(joints.LeftHand[1] - joints.LeftArm[1]) / H).toBeLessThan(0.03);

    // The same checks reject what a mirrored image would give (the skeleton seen in a mirror is
    // compared with the truth, equivalently the truth mirrored with the skeleton).
    const mirrored = bipedSkeletonProblems(joints, extent, mirrorJoints(chain.truth, (extent.min[0] + extent.max[0]) / 2));
    expect(mirrored.some((p) => /Hand|ForeArm/.test(p)), mirrored.join('\n')).toBe(true);
  }, 60_000);
});
