/**
 * A small sphere at each joint of a rigged model, coloured by the rig report's confidence
 * (joint-confidence.ts). Parented to the bones, like the bone mannequin's balls, so they follow
 * any clip; drawn over the mesh (joints sit inside it).
 */
import * as THREE from 'three';

const _p = new THREE.Vector3();
const _s = new THREE.Vector3();

/**
 * Adds a marker under each bone `colourOf` gives a colour; returns how many were added and a
 * function that removes them and frees their GPU resources.
 */
export function addJointMarkers(bones: THREE.Bone[], colourOf: (bone: THREE.Bone) => string | null): { count: number; remove: () => void } {
  const coloured = bones.map((b) => [b, colourOf(b)] as const).filter((e): e is readonly [THREE.Bone, string] => e[1] !== null);
  if (coloured.length === 0) return { count: 0, remove: () => {} };
  // Size from the skeleton's extent, in world units (bone world scales compensate below).
  for (const b of bones) b.updateWorldMatrix(true, false);
  const box = new THREE.Box3();
  for (const b of bones) box.expandByPoint(b.getWorldPosition(_p));
  const radius = Math.max(box.getSize(_p).length(), 1e-3) * 0.014;
  const geometry = new THREE.SphereGeometry(radius, 12, 8);
  const materials = new Map<string, THREE.MeshBasicMaterial>();
  const markers: THREE.Mesh[] = [];
  for (const [bone, colour] of coloured) {
    let material = materials.get(colour);
    if (!material) {
      material = new THREE.MeshBasicMaterial({ color: colour, depthTest: false, transparent: true, opacity: 0.95 });
      materials.set(colour, material);
    }
    const marker = new THREE.Mesh(geometry, material);
    marker.name = 'joint-marker';
    marker.renderOrder = 11;
    // Bone scale may be tiny (cm rigs): keep the marker's world size.
    marker.scale.setScalar(1 / (bone.getWorldScale(_s).x || 1));
    bone.add(marker);
    markers.push(marker);
  }
  return {
    count: markers.length,
    remove: () => {
      for (const m of markers) m.removeFromParent();
      geometry.dispose();
      for (const m of materials.values()) m.dispose();
    },
  };
}
