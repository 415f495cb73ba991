/**
 * The 3D stage every view shares: dark backdrop, lights, a floor grid, an arrow showing +Z
 * (the direction characters must face), orbit controls. Content is normalised by `ModelView`
 * to about 2 units, so the grid and the camera fit every model.
 */
import { Canvas } from '@react-three/fiber';
import { Grid, Html, OrbitControls } from '@react-three/drei';
import { useMemo, type ReactNode } from 'react';
import * as THREE from 'three';

function FrontArrow() {
  const arrow = useMemo(() => new THREE.ArrowHelper(new THREE.Vector3(0, 0, 1), new THREE.Vector3(0, 0.002, 0), 1.4, 0x3fa7ff, 0.18, 0.1), []);
  return (
    <group>
      <primitive object={arrow} />
      <Html position={[0, 0.02, 1.55]} center className="stage-label" zIndexRange={[5, 0]}>
        +Z front
      </Html>
    </group>
  );
}

export interface StageProps {
  children?: ReactNode;
  /** Render continuously (animation playing); otherwise only on change. */
  animate?: boolean;
  label: string;
  showArrow?: boolean;
}

export function Stage({ children, animate = false, label, showArrow = true }: StageProps) {
  return (
    <div className="stage" aria-label={label} role="img">
      <Canvas
        frameloop={animate ? 'always' : 'demand'}
        dpr={[1, 2]}
        camera={{ position: [2.4, 1.7, 3.4], fov: 40, near: 0.01, far: 200 }}
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
        <OrbitControls makeDefault target={[0, 0.9, 0]} enableDamping={false} />
      </Canvas>
    </div>
  );
}
