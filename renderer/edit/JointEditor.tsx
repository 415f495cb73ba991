/**
 * "Edit joints" inside the 3D view (rendered in the model's own frame, under ModelView): a handle
 * per joint, dragged on the plane facing the camera; on release the joint snaps to the middle of the
 * mesh when asked; the rig follows the edited skeleton with weights from the re-skin worker.
 */
import { useFrame, useThree, type ThreeEvent } from '@react-three/fiber';
import { useEffect, useMemo, useRef, useState } from 'react';
import * as THREE from 'three';
import type { RigReportJoint, Vec3 } from '../api/rig-report';
import { useJointEdit } from '../state/joint-edit-store';
import { bandColour, confidenceBand, LOOK_BELOW } from '../viewer/joint-confidence';
import type { LoadedModel } from '../viewer/load-model';
import { LiveSkinRig } from './live-skin-rig';
import { reportSkeleton } from './report-skeleton';
import { ReskinClient } from './reskin-client';
import { snapToCentre } from './snap-to-centre';
import { useLiveSkinStatus } from './live-skin-status';

export interface JointEditorProps {
  model: LoadedModel;
  joints: readonly RigReportJoint[];
  engine: 'fast' | 'pro';
  /** Size of the handles, model units. */
  handleRadius: number;
}

const _v = new THREE.Vector3();
const _plane = new THREE.Plane();
const _m = new THREE.Matrix4();

export function JointEditor({ model, joints, engine, handleRadius }: JointEditorProps) {
  const invalidate = useThree((s) => s.invalidate);
  const camera = useThree((s) => s.camera);
  const controls = useThree((s) => s.controls) as unknown as { enabled: boolean } | null;
  const gl = useThree((s) => s.gl);
  const frame = useRef<THREE.Group>(null);
  const positions = useJointEdit((s) => s.positions);
  const testPose = useJointEdit((s) => s.testPose);
  const selected = useJointEdit((s) => s.selected);
  const [dragging, setDragging] = useState<string | null>(null);

  // Changes nothing until its first pose (a frame); the effect's clean-up restores it, and a re-run
  // of the effect (StrictMode, new deps) attaches it again on the next frame.
  const rig = useMemo(() => new LiveSkinRig(model.root, model.skinnedMeshes, joints), [model, joints]);
  const mesh = useMemo(() => rig.restMesh(), [rig]);
  const client = useRef<ReskinClient | null>(null);
  useEffect(() => {
    const status = useLiveSkinStatus.getState();
    status.reset();
    const c = new ReskinClient(mesh, engine, {
      onReady: (ms) => status.ready(ms),
      onWeights: (j, w, ms) => {
        rig.setWeights(j, w);
        status.updated(ms);
        invalidate();
      },
      onError: (message) => status.failed(message),
    });
    client.current = c;
    c.request(reportSkeleton(joints, useJointEdit.getState().positions));
    return () => {
      c.dispose();
      client.current = null;
      rig.restore();
      invalidate();
    };
  }, [rig, mesh, engine, joints, invalidate]);

  // A new camera (front or side view) needs a frame, or the handles' screen places go stale.
  useEffect(() => invalidate(), [camera, invalidate]);

  const skeleton = useMemo(() => reportSkeleton(joints, positions), [joints, positions]);
  useEffect(() => {
    client.current?.request(skeleton);
    invalidate();
  }, [skeleton, testPose, invalidate]);

  useFrame(() => {
    // Every frame: a clip or the viewer's bind-pose reset must not undo the edit.
    rig.pose(skeleton.positions, testPose);
    // Where each handle is on the screen, for tests and tools driving the page.
    const rect = gl.domElement.getBoundingClientRect();
    const screen: Record<string, [number, number]> = {};
    const g = frame.current;
    if (g) {
      g.updateWorldMatrix(true, false);
      for (const [name, p] of Object.entries(positions)) {
        _v.set(p[0], p[1], p[2]).applyMatrix4(g.matrixWorld).project(camera);
        screen[name] = [Math.round(((_v.x + 1) / 2) * rect.width), Math.round(((1 - _v.y) / 2) * rect.height)];
      }
      gl.domElement.dataset.jointScreen = JSON.stringify(screen);
    }
  });

  /** The pointer's ray met with the camera-facing plane through the joint, in the model frame. */
  const pointOnPlane = (e: ThreeEvent<PointerEvent>, at: Vec3): Vec3 | null => {
    const g = frame.current;
    if (!g) return null;
    const through = new THREE.Vector3(...at).applyMatrix4(g.matrixWorld);
    _plane.setFromNormalAndCoplanarPoint(camera.getWorldDirection(_v).clone(), through);
    const hit = e.ray.intersectPlane(_plane, new THREE.Vector3());
    if (!hit) return null;
    g.worldToLocal(hit);
    return [hit.x, hit.y, hit.z];
  };

  /** The view direction in the model frame. */
  const viewDirection = (): Vec3 => {
    const g = frame.current!;
    const d = camera.getWorldDirection(new THREE.Vector3()).transformDirection(_m.copy(g.matrixWorld).invert());
    return [d.x, d.y, d.z];
  };

  const onDown = (name: string) => (e: ThreeEvent<PointerEvent>) => {
    e.stopPropagation();
    (e.target as unknown as Element).setPointerCapture(e.pointerId);
    if (controls) controls.enabled = false;
    setDragging(name);
    useJointEdit.getState().set({ selected: name });
  };
  const onMove = (name: string) => (e: ThreeEvent<PointerEvent>) => {
    if (dragging !== name) return;
    e.stopPropagation();
    const to = pointOnPlane(e, useJointEdit.getState().positions[name]);
    if (to) useJointEdit.getState().drag(name, to);
  };
  const onUp = (name: string) => (e: ThreeEvent<PointerEvent>) => {
    if (dragging !== name) return;
    e.stopPropagation();
    (e.target as unknown as Element).releasePointerCapture(e.pointerId);
    if (controls) controls.enabled = true;
    setDragging(null);
    const edit = useJointEdit.getState();
    let to = pointOnPlane(e, edit.positions[name]) ?? edit.positions[name];
    if (edit.snap) to = snapToCentre(mesh.positions, mesh.indices, to, viewDirection()) ?? to;
    edit.drop(name, to);
  };

  const geometry = useMemo(() => new THREE.SphereGeometry(handleRadius, 14, 10), [handleRadius]);
  useEffect(() => () => geometry.dispose(), [geometry]);

  return (
    <group ref={frame}>
      {joints.map((j) => {
        const p = positions[j.name];
        if (!p) return null;
        const low = j.confidence < LOOK_BELOW;
        const colour = j.name === selected ? '#ffffff' : low ? bandColour(confidenceBand(j.confidence)) : j.source === 'given' ? '#59d28f' : '#5aa9ff';
        return (
          <mesh
            key={j.name}
            name={`joint-handle:${j.name}`}
            geometry={geometry}
            position={p}
            scale={low ? 1.5 : 1}
            renderOrder={12}
            onPointerDown={onDown(j.name)}
            onPointerMove={onMove(j.name)}
            onPointerUp={onUp(j.name)}
          >
            <meshBasicMaterial color={colour} depthTest={false} transparent opacity={dragging === j.name ? 1 : 0.9} />
          </mesh>
        );
      })}
    </group>
  );
}
