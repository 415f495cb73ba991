import { Document, NodeIO } from '@gltf-transform/core';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import type * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import type { RigReportJoint } from '../../../renderer/api/rig-report';
import {
  CONFIDENCE_BANDS,
  colourForBone,
  confidenceBand,
  jointColours,
  lowConfidenceJoints,
} from '../../../renderer/viewer/joint-confidence';

const GREY = CONFIDENCE_BANDS[0].colour;
const AMBER = CONFIDENCE_BANDS[1].colour;
const RED = CONFIDENCE_BANDS[2].colour;

const joint = (name: string, confidence: number): RigReportJoint => ({ name, parent: null, role: '', confidence });

/** A skinned GLB: one triangle on two joints with the given node names. */
async function skinnedGlb(names: [string, string]): Promise<ArrayBuffer> {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const acc = (type: 'VEC3' | 'VEC4' | 'MAT4', array: Float32Array | Uint16Array) => doc.createAccessor().setType(type).setArray(array).setBuffer(buffer);
  const identity = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
  const root = doc.createNode(names[0]);
  const child = doc.createNode(names[1]).setTranslation([0, 1, 0]);
  root.addChild(child);
  const skin = doc.createSkin().addJoint(root).addJoint(child).setInverseBindMatrices(acc('MAT4', new Float32Array([...identity, ...identity.slice(0, 13), -1, 0, 1])));
  const prim = doc
    .createPrimitive()
    .setAttribute('POSITION', acc('VEC3', new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0])))
    .setAttribute('JOINTS_0', acc('VEC4', new Uint16Array([0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0])))
    .setAttribute('WEIGHTS_0', acc('VEC4', new Float32Array([1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0])));
  const meshNode = doc.createNode('body').setMesh(doc.createMesh('body').addPrimitive(prim)).setSkin(skin);
  doc.createScene().addChild(root).addChild(meshNode);
  const bytes = await new NodeIO().writeBinary(doc);
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

describe('joint confidence colours', () => {
  it('bands confidences: grey from 0.7, amber from 0.4, red below', () => {
    expect([1, 0.7, 0.69, 0.4, 0.39, 0].map(confidenceBand)).toEqual(['sure', 'sure', 'doubtful', 'doubtful', 'unsure', 'unsure']);
    expect(new Set([GREY, AMBER, RED]).size).toBe(3);
  });

  it('colours each report joint by its band, keyed by name', () => {
    const colours = jointColours({ joints: [joint('Hips', 1), joint('LeftArm', 0.5), joint('LeftHand', 0.1)] });
    expect(colourForBone(colours, { name: 'Hips', userData: {} })).toBe(GREY);
    expect(colourForBone(colours, { name: 'LeftArm', userData: {} })).toBe(AMBER);
    expect(colourForBone(colours, { name: 'LeftHand', userData: {} })).toBe(RED);
    expect(colourForBone(colours, { name: 'Tail', userData: {} })).toBeNull();
  });

  it("matches bones as three's GLTFLoader names them (mixamo ':' names)", async () => {
    const gltf = await new GLTFLoader().parseAsync(await skinnedGlb(['mixamorig:Hips', 'mixamorig:Spine']), '');
    const bones: THREE.Bone[] = [];
    gltf.scene.traverse((o) => {
      if ((o as THREE.Bone).isBone) bones.push(o as THREE.Bone);
    });
    expect(bones.map((b) => b.name).sort()).toEqual(['mixamorigHips', 'mixamorigSpine']);
    const colours = jointColours({ joints: [joint('mixamorig:Hips', 0.9), joint('mixamorig:Spine', 0.2)] });
    const byName = Object.fromEntries(bones.map((b) => [b.name, colourForBone(colours, b)]));
    expect(byName).toEqual({ mixamorigHips: GREY, mixamorigSpine: RED });
    // Without the glTF name kept in userData, the loader's spelling still matches.
    expect(colourForBone(colours, { name: 'mixamorigSpine', userData: {} })).toBe(RED);
  });

  it('lists the joints below 0.7, least sure first', () => {
    expect(lowConfidenceJoints({ joints: [joint('A', 0.69), joint('B', 1), joint('C', 0.1), joint('D', 0.7)] })).toEqual(['C', 'A']);
  });
});
