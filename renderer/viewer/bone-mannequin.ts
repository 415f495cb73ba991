/**
 * A sample character for clip files that hold only a skeleton (the clip library's GLBs): one
 * tapered limb per bone-to-child segment and a ball per joint, parented to the bones so any clip
 * animates it. Sized from the skeleton's own extent.
 */
import * as THREE from 'three';

const _a = new THREE.Vector3();
const _b = new THREE.Vector3();
const _up = new THREE.Vector3(0, 1, 0);

/** Adds limbs under the bones of `root`; returns the number of limbs added. */
export function addBoneMannequin(root: THREE.Object3D, bones: THREE.Object3D[]): number {
  if (bones.length === 0) return 0;
  root.updateMatrixWorld(true);
  const box = new THREE.Box3();
  for (const b of bones) box.expandByPoint(b.getWorldPosition(_a));
  const extent = Math.max(box.getSize(_a).length(), 1e-3);
  const radius = extent * 0.018;
  const material = new THREE.MeshStandardMaterial({ color: 0x9aa4b8, roughness: 0.55, metalness: 0.05 });
  const joint = new THREE.SphereGeometry(radius * 1.25, 12, 8);
  const boneSet = new Set(bones);
  let limbs = 0;
  for (const bone of bones) {
    // Bone scale may be tiny (cm rigs); compensate so parts keep their world size.
    const s = bone.getWorldScale(_a).x || 1;
    const ball = new THREE.Mesh(joint, material);
    ball.scale.setScalar(1 / s);
    bone.add(ball);
    for (const child of [...bone.children]) {
      if (!boneSet.has(child)) continue;
      // Length in the bone's local space (scale included): the child's local position.
      _b.copy(child.position);
      const length = _b.length();
      if (length < 1e-6) continue;
      const geometry = new THREE.CylinderGeometry((radius * 0.7) / s, radius / s, length, 10);
      geometry.translate(0, length / 2, 0);
      const limb = new THREE.Mesh(geometry, material);
      limb.quaternion.setFromUnitVectors(_up, _b.normalize());
      bone.add(limb);
      limbs++;
    }
  }
  return limbs;
}
