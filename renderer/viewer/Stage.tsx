/**
 * The 3D stage every view shares: dark backdrop, lights, a floor grid, an arrow showing +Z
 * (the direction characters must face), orbit controls. Content is normalised by `ModelView`
 * to about 2 units, so the grid and the camera fit every model.
 */
import { Canvas, useThree } from '@react-three/fiber';
import { Grid, OrbitControls, OrthographicCamera } from '@react-three/drei';
import { useMemo, type ReactNode } from 'react';
import * as THREE from 'three';

/** A text sprite drawn on a canvas: no DOM overlay to keep in sync with the WebGL view. */
function makeLabel(text: string): THREE.Sprite {
  const canvas = document.createElement('canvas');
  canvas.width = 256;
  canvas.height = 64;
  const ctx = canvas.getContext('2d')!;
  ctx.font = '600 34px system-ui, sans-serif';
  ctx.fillStyle = '#3f9bff';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, 128, 32);
  const texture = new THREE.CanvasTexture(canvas);
  texture.colorSpace = THREE.SRGBColorSpace;
  const sprite = new THREE.Sprite(new THREE.SpriteMaterial({ map: texture, depthTest: false, transparent: true }));
  sprite.scale.set(0.44, 0.11, 1);
  return sprite;
}

function FrontArrow() {
  const arrow = useMemo(() => new THREE.ArrowHelper(new THREE.Vector3(0, 0, 1), new THREE.Vector3(0, 0.002, 0), 1.4, 0x3fa7ff, 0.18, 0.1), []);
  const label = useMemo(() => makeLabel('+Z front'), []);
  return (
    <group>
      <primitive object={arrow} />
      <primitive object={label} position={[0, 0.08, 1.62]} />
    </group>
  );
}

/** Front (looking along -Z) or side (along -X, the character's left) orthographic views, as rigging tools offer. */
export type StageView = 'orbit' | 'front' | 'side';

const TARGET: [number, number, number] = [0, 0.85, 0];

function OrthoCamera({ view }: { view: 'front' | 'side' }) {
  const height = useThree((s) => s.size.height);
  // Content is about 2 units tall: fit it with a margin.
  const zoom = Math.max(height, 1) / 2.4;
  const position: [number, number, number] = view === 'front' ? [TARGET[0], TARGET[1], 20] : [20, TARGET[1], TARGET[2]];
  return <OrthographicCamera key={view} makeDefault position={position} zoom={zoom} near={0.01} far={100} />;
}

export interface StageProps {
  /** The camera: orbiting perspective (default) or an orthographic front or side view. */
  view?: StageView;
  children?: ReactNode;
  /** Render continuously (animation playing); otherwise only on change. */
  animate?: boolean;
  label: string;
  showArrow?: boolean;
}

export function Stage({ children, animate = false, label, showArrow = true, view = 'orbit' }: StageProps) {
  return (
    <div className="stage" aria-label={label} role="img">
      <Canvas
        frameloop={animate ? 'always' : 'demand'}
        dpr={[1, 2]}
        camera={{ position: [3.4, 2.3, 4.8], fov: 38, near: 0.01, far: 200 }}
        gl={{ preserveDrawingBuffer: true, antialias: true }}
        onCreated={({ gl }) => gl.setClearColor('#1b1e25')}
      >
        <hemisphereLight args={['#dfe6f5', '#2a2d35', 1.1]} />
        <directionalLight position={[3, 5, 4]} intensity={1.6} />
        <directionalLight position={[-4, 2, -3]} intensity={0.5} />
        <Grid
          args={[12, 12]}
          cellSize={0.25}
          cellThickness={0.6}
          cellColor="#3a3f4b"
          sectionSize={1}
          sectionThickness={1.1}
          sectionColor="#59606f"
          fadeDistance={14}
          fadeStrength={1.5}
          infiniteGrid
        />
        {showArrow && <FrontArrow />}
        {children}
        {view !== 'orbit' && <OrthoCamera view={view} />}
        <OrbitControls key={view} makeDefault target={TARGET} enableDamping={false} enableRotate={view === 'orbit'} />
      </Canvas>
    </div>
  );
}
