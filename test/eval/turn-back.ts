import type { RigResult } from '../../shared/rig/types';

/**
 * The rig of a model turned by rotation_y lives in the turned frame; the artist's joints and mesh are in the
 * file's. Turns the report's joint positions back (about +Y through the origin, as normalize.ts turns them).
 */
export function turnJointsBack(r: RigResult, rotationYDeg: number): void {
  const a = (-rotationYDeg * Math.PI) / 180;
  const c = Math.cos(a), s = Math.sin(a);
  for (const j of r.report.joints) {
    const [x, y, z] = j.position;
    j.position = [x * c + z * s, y, -x * s + z * c];
  }
}
