import type { RigResult } from '../../shared/rig/types';

/**
 * (x, z) turned about +Y through the origin by `deg` degrees, as normalize.ts turns a model by rotation_y:
 * x' = x cos + z sin, z' = -x sin + z cos.
 */
export function turnedAboutY(x: number, z: number, deg: number): [number, number] {
  const a = (deg * Math.PI) / 180;
  const c = Math.cos(a), s = Math.sin(a);
  return [x * c + z * s, -x * s + z * c];
}

/**
 * The rig of a model turned by rotation_y lives in the turned frame; the artist's joints and mesh are in the
 * file's. Turns the report's joint positions back.
 */
export function turnJointsBack(r: RigResult, rotationYDeg: number): void {
  for (const j of r.report.joints) {
    const [x, y, z] = j.position;
    const [bx, bz] = turnedAboutY(x, z, -rotationYDeg);
    j.position = [bx, y, bz];
  }
}
