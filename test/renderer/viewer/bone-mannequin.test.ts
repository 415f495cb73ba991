import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { addBoneMannequin } from '../../../renderer/viewer/bone-mannequin';

describe('bone mannequin', () => {
  it('adds one limb per bone-to-child segment, following the bones', () => {
    const hips = new THREE.Bone();
    const spine = new THREE.Bone();
    spine.position.set(0, 0.5, 0);
    const head = new THREE.Bone();
    head.position.set(0, 0.4, 0.1);
    const leg = new THREE.Bone();
    leg.position.set(0.1, -0.45, 0);
    hips.add(spine, leg);
    spine.add(head);
    const root = new THREE.Group();
    root.add(hips);
    expect(addBoneMannequin(root, [hips, spine, head, leg])).toBe(3);
    const box = new THREE.Box3().setFromObject(root);
    expect(box.isEmpty()).toBe(false);
    expect(box.max.y).toBeGreaterThan(0.85);
    // Rotating a bone moves its limbs: the mannequin animates with any clip.
    const before = new THREE.Box3().setFromObject(root).max.z;
    spine.rotation.x = Math.PI / 2;
    root.updateMatrixWorld(true);
    expect(new THREE.Box3().setFromObject(root).max.z).toBeGreaterThan(before + 0.2);
  });

  it('does nothing without bones', () => {
    expect(addBoneMannequin(new THREE.Group(), [])).toBe(0);
  });
});
