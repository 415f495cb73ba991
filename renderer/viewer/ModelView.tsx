/**
 * Shows a loaded model on the stage: normalised to about 2 units tall, feet on the floor,
 * rotated live about Y (the Rig page's rotation preview), with optional skeleton lines,
 * clip playback, a skin-weight heat map of one bone and joint markers coloured by confidence.
 */
import { useFrame, useThree } from '@react-three/fiber';
import { useEffect, useMemo, type ReactNode } from 'react';
import * as THREE from 'three';
import type { LoadedModel } from './load-model';
import { attributeValues } from './attribute-values';
import { boneWeightColors } from './weight-heatmap';
import { colourForBone, type JointColours } from './joint-confidence';
import { addJointMarkers } from './joint-markers';

export interface ModelViewProps {
  model: LoadedModel;
  rotationDeg?: number;
  showSkeleton?: boolean;
  /** Index into `model.clips`, or -1 for the rest pose. */
  clipIndex?: number;
  playing?: boolean;
  /** Name of the bone whose weights are shown, or null. */
  heatBone?: string | null;
  /** Marker colour per joint name (from the rig report), or null for no markers. */
  jointColours?: JointColours | null;
  /** Drawn in the model's own frame (the rigged file's scene frame), e.g. the joint editor. */
  children?: ReactNode;
}

const TARGET_SIZE = 2;

function useNormalisation(model: LoadedModel) {
  return useMemo(() => {
    model.root.updateMatrixWorld(true);
    const box = new THREE.Box3().setFromObject(model.root, true);
    if (box.isEmpty()) return { scale: 1, offset: new THREE.Vector3() };
    const size = box.getSize(new THREE.Vector3());
    const scale = TARGET_SIZE / Math.max(size.x, size.y, size.z, 1e-6);
    const centre = box.getCenter(new THREE.Vector3());
    return { scale, offset: new THREE.Vector3(-centre.x, -box.min.y, -centre.z) };
  }, [model]);
}

const heatMaterial = new THREE.MeshLambertMaterial({ vertexColors: true });

function useHeatMap(model: LoadedModel, boneName: string | null | undefined) {
  const invalidate = useThree((s) => s.invalidate);
  useEffect(() => {
    if (!boneName) return;
    const restore: [THREE.SkinnedMesh, THREE.Material | THREE.Material[]][] = [];
    for (const mesh of model.skinnedMeshes) {
      const g = mesh.geometry;
      const index = g.getAttribute('skinIndex');
      const weight = g.getAttribute('skinWeight');
      if (!index || !weight) continue;
      const boneIndex = mesh.skeleton.bones.findIndex((b) => b.name === boneName);
      const colors = new Float32Array(g.getAttribute('position').count * 3);
      boneWeightColors(attributeValues(index), attributeValues(weight), index.itemSize, boneIndex, colors);
      const previous = g.getAttribute('color');
      g.setAttribute('color', new THREE.BufferAttribute(colors, 3));
      restore.push([mesh, mesh.material]);
      mesh.material = heatMaterial;
      mesh.userData.previousColor = previous;
    }
    invalidate();
    return () => {
      for (const [mesh, material] of restore) {
        mesh.material = material;
        const prev = mesh.userData.previousColor as THREE.BufferAttribute | undefined;
        if (prev) mesh.geometry.setAttribute('color', prev);
        else mesh.geometry.deleteAttribute('color');
      }
      invalidate();
    };
  }, [model, boneName, invalidate]);
}

function useJointMarkers(model: LoadedModel, colours: JointColours | null | undefined) {
  const invalidate = useThree((s) => s.invalidate);
  useEffect(() => {
    if (!colours) return;
    const markers = addJointMarkers(model.bones, (bone) => colourForBone(colours, bone));
    invalidate();
    return () => {
      markers.remove();
      invalidate();
    };
  }, [model, colours, invalidate]);
}

export function ModelView({ model, rotationDeg = 0, showSkeleton = false, clipIndex = -1, playing = false, heatBone, jointColours, children }: ModelViewProps) {
  const { scale, offset } = useNormalisation(model);
  const invalidate = useThree((s) => s.invalidate);
  const mixer = useMemo(() => new THREE.AnimationMixer(model.root), [model]);
  const skeleton = useMemo(() => {
    if (model.bones.length === 0) return null;
    const helper = new THREE.SkeletonHelper(model.root);
    const material = helper.material as THREE.LineBasicMaterial;
    material.depthTest = false;
    material.transparent = true;
    helper.renderOrder = 10;
    return helper;
  }, [model]);

  useEffect(() => {
    mixer.stopAllAction();
    const clip = model.clips[clipIndex];
    if (clip) {
      const action = mixer.clipAction(clip);
      action.reset().play();
      action.paused = !playing;
      mixer.update(0);
    } else {
      // Back to the bind pose.
      for (const m of model.skinnedMeshes) m.skeleton.pose();
    }
    invalidate();
    return () => {
      mixer.stopAllAction();
    };
  }, [mixer, model, clipIndex, playing, invalidate]);

  useEffect(() => () => {
    mixer.uncacheRoot(model.root);
  }, [mixer, model]);

  useHeatMap(model, heatBone);
  useJointMarkers(model, jointColours);

  useFrame((_, delta) => {
    if (playing && clipIndex >= 0) mixer.update(Math.min(delta, 0.1));
  });

  // The helper draws in the model root's world space, so it must sit at the scene's top level.
  return (
    <>
      <group scale={scale}>
        <group rotation={[0, THREE.MathUtils.degToRad(rotationDeg), 0]}>
          <group position={offset}>
            <primitive object={model.root} />
            {children}
          </group>
        </group>
      </group>
      {showSkeleton && skeleton && <primitive object={skeleton} />}
    </>
  );
}
