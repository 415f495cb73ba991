/**
 * The live skin of "Edit joints" on the corpus human as the studio gets it: rigged, written by writeGlb
 * and read by three's GLTFLoader, whose position, normal and skin attributes share one interleaved
 * buffer. Checked with three's own CPU skinning (SkinnedMesh.getVertexPosition: the GPU shader's sums
 * over the same skinIndex/skinWeight attributes, bone matrices and bindMatrix).
 */
import { readFileSync } from 'node:fs';
import * as THREE from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { beforeAll, expect, it } from 'vitest';
import { applyRig } from '../../../electron/workers/operations/apply-rig';
import { parseRigReport, type RigReportJoint, type Vec3 } from '../../../renderer/api/rig-report';
import { LiveSkinRig } from '../../../renderer/edit/live-skin-rig';
import { reportSkeleton } from '../../../renderer/edit/report-skeleton';
import { mergeParts } from '../../../shared/mesh/merge';
import { readModel } from '../../../shared/mesh/read-model';
import { writeGlb } from '../../../shared/mesh/write-glb';
import { rigMesh } from '../../../shared/rig/rig-mesh';
import { prepareSkinState, reskin, type SkinWeights } from '../../../shared/rig/reskin';
import { corpusPath, describeWithCorpus } from '../../support/corpus';
import { installThreeNodeShim } from '../../support/three-node';

let joints: RigReportJoint[];
let glb: Uint8Array;
let height: number;
/** The report's joints with both knees raised and moved out, as a symmetric drag leaves them. */
let edited: Float64Array;
let weights: SkinWeights;

/** The rigged model as ModelView shows it: under a scaled, offset group. */
async function loadRigged() {
  const gltf = await new GLTFLoader().parseAsync(glb.slice().buffer, '');
  const stage = new THREE.Group();
  stage.scale.setScalar(2 / height);
  stage.position.set(0.1, 0, -0.2);
  stage.add(gltf.scene);
  const meshes: THREE.SkinnedMesh[] = [];
  gltf.scene.traverse((o) => (o as THREE.SkinnedMesh).isSkinnedMesh && meshes.push(o as THREE.SkinnedMesh));
  const positions = meshes.map((m) => Float32Array.from({ length: m.geometry.getAttribute('position').count * 3 }, (_, k) => m.geometry.getAttribute('position').getComponent(Math.floor(k / 3), k % 3)));
  const original = meshes.map((m) => ({ index: m.geometry.getAttribute('skinIndex'), weight: m.geometry.getAttribute('skinWeight'), inverses: m.skeleton.boneInverses.map((b) => b.clone()) }));
  const rig = new LiveSkinRig(gltf.scene, meshes, joints);
  return { root: gltf.scene, stage, meshes, rig, positions, original };
}

type Loaded = Awaited<ReturnType<typeof loadRigged>>;

/** Largest distance, in heights, between a skinned vertex (three's CPU skinning) and where it rests. */
function largestMove({ root, stage, meshes, rig }: Loaded): number {
  stage.updateMatrixWorld(true);
  const rest = rig.restMesh().positions;
  const toModel = new THREE.Matrix4().copy(root.matrixWorld).invert();
  const v = new THREE.Vector3();
  let worst = 0;
  let offset = 0;
  for (const m of meshes) {
    const count = m.geometry.getAttribute('position').count;
    const index = m.geometry.getAttribute('skinIndex');
    for (let i = 0; i < count; i++) {
      // An index past the skeleton reads no bone on the GPU (a vertex thrown away); say so here.
      for (let k = 0; k < 4; k++) if (index.getComponent(i, k) >= m.skeleton.bones.length) return Infinity;
      m.getVertexPosition(i, v).applyMatrix4(m.matrixWorld).applyMatrix4(toModel);
      const r = (offset + i) * 3;
      const d = Math.hypot(v.x - rest[r], v.y - rest[r + 1], v.z - rest[r + 2]) / height;
      if (!(d <= worst)) worst = d; // NaN counts as worst
    }
    offset += count;
  }
  return worst;
}

/** The file's own vertex positions are never written by the live skin. */
function expectPositionsKept({ meshes, positions }: Loaded): void {
  meshes.forEach((m, p) => {
    const pos = m.geometry.getAttribute('position');
    let changed = 0;
    for (let k = 0; k < positions[p].length; k++) if (pos.getComponent(Math.floor(k / 3), k % 3) !== positions[p][k]) changed++;
    expect(changed, 'position values overwritten').toBe(0);
  });
}

describeWithCorpus('LiveSkinRig (the live skin of Edit joints) on a rigged corpus human', () => {
  beforeAll(async () => {
    installThreeNodeShim();
    const { model } = await readModel(new Uint8Array(readFileSync(corpusPath('characters/mesh2motion/unrigged/model-human.glb'))), 'model-human.glb');
    const triangles = mergeParts(model);
    const rig = rigMesh(triangles, { rigType: 'biped', engine: 'fast', fingers: false, rotationY: 0, boneNaming: 'mixamo' });
    glb = await writeGlb(applyRig(model, triangles.partOffsets, rig, 0));
    const report = parseRigReport(JSON.parse(JSON.stringify({ ...rig.report, rig_type: 'biped', engine: 'fast' })));
    joints = report.joints;
    height = report.bounds!.max[1] - report.bounds!.min[1];
    const at: Record<string, Vec3> = Object.fromEntries(joints.map((j) => [j.name, j.position!]));
    const mid = (report.bounds!.min[0] + report.bounds!.max[0]) / 2;
    const knee: Vec3 = [at.LeftLeg[0] + 0.03 * height, at.LeftLeg[1] + 0.04 * height, at.LeftLeg[2]];
    const skeleton = reportSkeleton(joints, { ...at, LeftLeg: knee, RightLeg: [2 * mid - knee[0], knee[1], knee[2]] });
    edited = skeleton.positions;
    const loaded = await loadRigged();
    weights = reskin(prepareSkinState(loaded.rig.restMesh(), 'fast', 0), { ...skeleton, leafTips: new Map(skeleton.leafTips) });
  });

  it('bends only what the test pose bends after a knee moves, and rests exactly without it', async () => {
    const loaded = await loadRigged();
    loaded.rig.setWeights(weights.joints, weights.weights);
    loaded.rig.pose(edited, true);
    // 40 degrees at knees and elbows moves feet and hands by about a fifth of the height, nothing more.
    expect(largestMove(loaded)).toBeLessThan(0.3);
    loaded.rig.pose(edited, false);
    expect(largestMove(loaded)).toBeLessThan(1e-5);
    expectPositionsKept(loaded);
  });

  it('stays whole when its effect runs again on the same rig (restore, then weights and poses: React StrictMode, changed deps)', async () => {
    const loaded = await loadRigged();
    loaded.rig.pose(edited, true);
    loaded.rig.setWeights(weights.joints, weights.weights);
    // The effect's clean-up, then the effect again with the same rig and a new worker.
    loaded.rig.restore();
    loaded.rig.pose(edited, true);
    loaded.rig.setWeights(weights.joints, weights.weights);
    expectPositionsKept(loaded);
    expect(largestMove(loaded)).toBeLessThan(0.3);
    loaded.rig.pose(edited, false);
    expect(largestMove(loaded)).toBeLessThan(1e-5);
  });

  it('restore gives back the rig as downloaded: attributes, bind matrices and the bind pose', async () => {
    const loaded = await loadRigged();
    const [mesh] = loaded.meshes;
    const [{ index, weight, inverses }] = loaded.original;
    loaded.rig.pose(edited, true);
    loaded.rig.setWeights(weights.joints, weights.weights);
    loaded.rig.restore();
    expect(mesh.geometry.getAttribute('skinIndex')).toBe(index);
    expect(mesh.geometry.getAttribute('skinWeight')).toBe(weight);
    mesh.skeleton.boneInverses.forEach((m, b) => m.elements.forEach((e, k) => expect(e).toBeCloseTo(inverses[b].elements[k], 9)));
    // The file's own weights on the bind pose: the mesh where the file puts it.
    expect(largestMove(loaded)).toBeLessThan(1e-5);
    expectPositionsKept(loaded);
  });
});
