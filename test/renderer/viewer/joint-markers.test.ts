import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { addJointMarkers } from '../../../renderer/viewer/joint-markers';

function markersOf(root: THREE.Object3D): THREE.Mesh[] {
  const found: THREE.Mesh[] = [];
  root.traverse((o) => {
    if (o.name === 'joint-marker') found.push(o as THREE.Mesh);
  });
  return found;
}

/** hips -> spine -> head, plus an arm bone the report does not know. */
function skeleton() {
  const hips = new THREE.Bone();
  hips.name = 'Hips';
  const spine = new THREE.Bone();
  spine.name = 'Spine';
  spine.position.set(0, 0.5, 0);
  const head = new THREE.Bone();
  head.name = 'Head';
  head.position.set(0, 0.4, 0);
  const arm = new THREE.Bone();
  arm.name = 'Unlisted';
  arm.position.set(0.3, 0.3, 0);
  hips.add(spine);
  spine.add(head, arm);
  const root = new THREE.Group();
  root.add(hips);
  return { root, bones: [hips, spine, head, arm], spine, head };
}

const COLOURS: Record<string, string> = { Hips: '#9aa4b8', Spine: '#f0b43c', Head: '#ff5d5d' };

describe('joint markers', () => {
  it('puts one marker, in its colour, under each bone the report knows', () => {
    const { root, bones, head } = skeleton();
    const { count } = addJointMarkers(bones, (b) => COLOURS[b.name] ?? null);
    expect(count).toBe(3);
    const markers = markersOf(root);
    expect(markers.map((m) => m.parent!.name).sort()).toEqual(['Head', 'Hips', 'Spine']);
    const headMarker = markers.find((m) => m.parent === head)!;
    expect(`#${(headMarker.material as THREE.MeshBasicMaterial).color.getHexString()}`).toBe('#ff5d5d');
    // Drawn over the mesh: joints sit inside it.
    expect((headMarker.material as THREE.Material).depthTest).toBe(false);
  });

  it('follows its bone when a clip moves it, and keeps its world size on scaled bones', () => {
    const { root, bones, spine, head } = skeleton();
    spine.scale.setScalar(0.01);
    head.position.set(0, 40, 0);
    addJointMarkers(bones, (b) => COLOURS[b.name] ?? null);
    root.updateMatrixWorld(true);
    const headMarker = markersOf(root).find((m) => m.parent === head)!;
    const hipsMarker = markersOf(root).find((m) => m.parent === bones[0])!;
    const size = (m: THREE.Object3D) => new THREE.Box3().setFromObject(m).getSize(new THREE.Vector3()).x;
    expect(size(headMarker)).toBeCloseTo(size(hipsMarker), 6);
    const before = headMarker.getWorldPosition(new THREE.Vector3());
    spine.rotation.z = Math.PI / 2;
    root.updateMatrixWorld(true);
    const after = headMarker.getWorldPosition(new THREE.Vector3());
    expect(after.distanceTo(before)).toBeGreaterThan(0.3);
    expect(after.distanceTo(head.getWorldPosition(new THREE.Vector3()))).toBeLessThan(1e-6);
  });

  it('removes every marker it added', () => {
    const { root, bones } = skeleton();
    const markers = addJointMarkers(bones, (b) => COLOURS[b.name] ?? null);
    markers.remove();
    expect(markersOf(root)).toHaveLength(0);
  });

  it('adds nothing when no bone matches the report', () => {
    const { root, bones } = skeleton();
    expect(addJointMarkers(bones, () => null).count).toBe(0);
    expect(markersOf(root)).toHaveLength(0);
  });
});
