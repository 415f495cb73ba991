/**
 * The loaded rigged model as "Edit joints" drives it: bones moved to the edited joint positions
 * (rebound there, so the mesh stays put at rest), a test pose on top (knees and elbows bent, so new
 * weights show), and skin weights written in from the re-skin worker. Everything it changes is
 * saved first and put back by `restore`, so leaving the mode shows the rig as downloaded.
 *
 * Constructing one changes nothing (React may build it in a render it throws away); `pose` attaches it
 * to the model, and after `restore` the next `pose` attaches it again (React StrictMode runs the edit
 * effect's clean-up and then the effect again on the same rig). Weights always go into the rig's own
 * attributes: the file's are often interleaved with the positions (glTF-Transform writes them so), and
 * writing weights through their `.array` once overwrote positions, drawn as a long dark shard.
 */
import * as THREE from 'three';
import { mergeTriangles, type TriangleSet } from '../../shared/mesh/merge';
import type { RigReportJoint } from '../api/rig-report';

/** The test pose's bend, in degrees. */
export const TEST_BEND_DEG = 40;

const _v = new THREE.Vector3();
const _q = new THREE.Quaternion();
const _pq = new THREE.Quaternion();
const _m = new THREE.Matrix4();

interface Saved {
  position: THREE.Vector3;
  quaternion: THREE.Quaternion;
  scale: THREE.Vector3;
}

function boneName(b: THREE.Bone): string {
  return typeof b.userData.name === 'string' ? b.userData.name : b.name;
}

/** The world-axis rotation the test pose gives a joint, from its role (knees back, elbows forward). */
function testBend(role: string): THREE.Quaternion | null {
  const a = THREE.MathUtils.degToRad(TEST_BEND_DEG);
  if (/_lower_leg$/.test(role)) return new THREE.Quaternion().setFromAxisAngle(new THREE.Vector3(1, 0, 0), a);
  if (role === 'left_lower_arm') return new THREE.Quaternion().setFromAxisAngle(new THREE.Vector3(0, 1, 0), -a);
  if (role === 'right_lower_arm') return new THREE.Quaternion().setFromAxisAngle(new THREE.Vector3(0, 1, 0), a);
  return null;
}

export class LiveSkinRig {
  /** Bone of each report joint (report order), or null when the model lacks it. */
  readonly bones: (THREE.Bone | null)[];
  private readonly allBones: THREE.Bone[];
  private readonly saved = new Map<THREE.Bone, Saved>();
  private readonly savedSkin: { mesh: THREE.SkinnedMesh; index: THREE.BufferAttribute | THREE.InterleavedBufferAttribute; weight: THREE.BufferAttribute | THREE.InterleavedBufferAttribute; inverses: THREE.Matrix4[]; bind: THREE.Matrix4 }[] = [];
  /** Per skinned mesh: the rig's own plain attributes, the only ones `setWeights` writes. */
  private readonly skinIndex: THREE.Uint16BufferAttribute[];
  private readonly skinWeight: THREE.Float32BufferAttribute[];
  /** Per skinned mesh: report joint index -> index in its skeleton. */
  private readonly jointMaps: Int32Array[];
  private readonly bends: (THREE.Quaternion | null)[];
  private attached = false;
  private boundTo: Float64Array | null = null;

  constructor(private readonly root: THREE.Object3D, private readonly meshes: THREE.SkinnedMesh[], joints: readonly RigReportJoint[]) {
    const byName = new Map<string, THREE.Bone>();
    for (const m of meshes) for (const b of m.skeleton.bones) byName.set(boneName(b), b);
    for (const m of meshes) for (const b of m.skeleton.bones) if (!byName.has(b.name)) byName.set(b.name, b);
    this.allBones = [...byName.values()];
    this.bones = joints.map((j) => byName.get(j.name) ?? byName.get(THREE.PropertyBinding.sanitizeNodeName(j.name)) ?? null);
    this.bends = joints.map((j) => testBend(j.role));
    this.jointMaps = meshes.map((m) => Int32Array.from(this.bones, (b) => (b ? m.skeleton.bones.indexOf(b) : -1)));
    // Start from the file's weights (read, de-interleaved and denormalised) until the worker's arrive.
    this.skinIndex = meshes.map((m) => new THREE.Uint16BufferAttribute(plainCopy(m.geometry.getAttribute('skinIndex'), new Uint16Array(m.geometry.getAttribute('position').count * 4)), 4));
    this.skinWeight = meshes.map((m) => new THREE.Float32BufferAttribute(plainCopy(m.geometry.getAttribute('skinWeight'), new Float32Array(m.geometry.getAttribute('position').count * 4)), 4));
  }

  /** Saves what the mode changes and puts the rig's own skin attributes in; a no-op while attached. */
  private attach(): void {
    if (this.attached) return;
    this.attached = true;
    this.boundTo = null;
    // The bind pose, whatever clip played before.
    for (const m of this.meshes) m.skeleton.pose();
    this.saved.clear();
    for (const b of this.allBones) this.saved.set(b, { position: b.position.clone(), quaternion: b.quaternion.clone(), scale: b.scale.clone() });
    this.savedSkin.length = 0;
    this.meshes.forEach((mesh, p) => {
      const g = mesh.geometry;
      this.savedSkin.push({ mesh, index: g.getAttribute('skinIndex'), weight: g.getAttribute('skinWeight'), inverses: mesh.skeleton.boneInverses.map((m) => m.clone()), bind: mesh.bindMatrix.clone() });
      g.setAttribute('skinIndex', this.skinIndex[p]);
      g.setAttribute('skinWeight', this.skinWeight[p]);
    });
  }

  /** The skinned meshes at rest as one triangle set in the model frame (the rig report's), parts in order. */
  restMesh(): TriangleSet {
    this.root.updateWorldMatrix(true, true);
    const toModel = _m.copy(this.root.matrixWorld).invert();
    return mergeTriangles(this.meshes.map((m) => {
      const local = new THREE.Matrix4().multiplyMatrices(toModel, m.matrixWorld);
      const pos = m.geometry.getAttribute('position');
      const positions = new Float32Array(pos.count * 3);
      for (let k = 0; k < pos.count; k++) _v.fromBufferAttribute(pos, k).applyMatrix4(local).toArray(positions, k * 3);
      const index = m.geometry.index;
      return { positions, indices: index ? index.array : Uint32Array.from({ length: pos.count }, (_, k) => k) };
    }));
  }

  /**
   * Puts the bones at `positions` (3 per report joint, model frame) with their bind rotations,
   * rebinds the meshes there when the positions changed, then bends the test pose if asked.
   * Attaches the rig to the model first when it is not.
   */
  pose(positions: Float64Array, testPose: boolean): void {
    this.attach();
    this.root.updateWorldMatrix(true, true);
    for (const [bone, s] of this.saved) {
      bone.position.copy(s.position);
      bone.quaternion.copy(s.quaternion);
      bone.scale.copy(s.scale);
    }
    // Report order lists parents first, so each parent's world matrix is current when its child is placed.
    this.bones.forEach((bone, j) => {
      if (!bone || !bone.parent) return;
      bone.parent.updateWorldMatrix(false, false);
      _v.set(positions[j * 3], positions[j * 3 + 1], positions[j * 3 + 2]).applyMatrix4(this.root.matrixWorld);
      bone.position.copy(bone.parent.worldToLocal(_v));
      bone.updateWorldMatrix(false, true);
    });
    if (!this.boundTo || !sameArray(this.boundTo, positions)) {
      for (const m of this.meshes) {
        m.skeleton.calculateInverses();
        m.bindMatrix.copy(m.matrixWorld);
        m.bindMatrixInverse.copy(m.matrixWorld).invert();
      }
      this.boundTo = positions.slice();
    }
    if (!testPose) return;
    this.bones.forEach((bone, j) => {
      const bend = this.bends[j];
      if (!bone || !bend || !bone.parent) return;
      // A world-axis rotation expressed in the parent's frame: parent^-1 * bend * parent * local.
      bone.parent.getWorldQuaternion(_pq);
      _q.copy(_pq).invert().multiply(bend).multiply(_pq);
      bone.quaternion.premultiply(_q);
      bone.updateWorldMatrix(false, true);
    });
  }

  /** Writes re-skin weights (report joint order, 4 per merged vertex) into the rig's own attributes. */
  setWeights(joints: Uint16Array, weights: Float32Array): void {
    let offset = 0;
    this.meshes.forEach((_, p) => {
      const index = this.skinIndex[p];
      const weight = this.skinWeight[p];
      const map = this.jointMaps[p];
      const n = index.count * 4;
      const ia = index.array as Uint16Array;
      const wa = weight.array as Float32Array;
      for (let k = 0; k < n; k++) {
        const bone = map[joints[offset + k]];
        ia[k] = bone >= 0 ? bone : 0;
        wa[k] = bone >= 0 ? weights[offset + k] : 0;
      }
      index.needsUpdate = true;
      weight.needsUpdate = true;
      offset += n;
    });
  }

  /** Everything as it was before the mode; the next `pose` attaches the rig again. */
  restore(): void {
    if (!this.attached) return;
    this.attached = false;
    this.boundTo = null;
    for (const [bone, s] of this.saved) {
      bone.position.copy(s.position);
      bone.quaternion.copy(s.quaternion);
      bone.scale.copy(s.scale);
    }
    for (const s of this.savedSkin) {
      s.mesh.geometry.setAttribute('skinIndex', s.index);
      s.mesh.geometry.setAttribute('skinWeight', s.weight);
      s.mesh.skeleton.boneInverses = s.inverses;
      s.mesh.bindMatrix.copy(s.bind);
      s.mesh.bindMatrixInverse.copy(s.bind).invert();
    }
    this.root.updateMatrixWorld(true);
  }
}

/** An attribute's values (denormalised, de-interleaved) into `out`. */
function plainCopy<T extends Uint16Array | Float32Array>(attr: THREE.BufferAttribute | THREE.InterleavedBufferAttribute | undefined, out: T): T {
  if (!attr) return out;
  for (let k = 0; k < attr.count; k++) {
    out[k * 4] = attr.getX(k);
    out[k * 4 + 1] = attr.getY(k);
    out[k * 4 + 2] = attr.getZ(k);
    out[k * 4 + 3] = attr.getW(k);
  }
  return out;
}

function sameArray(a: Float64Array, b: Float64Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
