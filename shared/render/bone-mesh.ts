/**
 * Octahedral bones (Blender's look) for drawing a skeleton over a render: one octahedron per
 * parent -> child segment, its waist a tenth of the way along; leaf joints get a short bone along
 * their own +Y axis (Rigdesk's convention: bone +Y points to the child).
 */
import type { Skeleton } from '../rig/skeleton';
import { jointWorldMatrices } from './pose';

export interface BoneMesh {
  positions: Float32Array;
  indices: Uint32Array;
}

const OCTA_FACES = [0, 2, 3, 0, 3, 4, 0, 4, 5, 0, 5, 2, 1, 3, 2, 1, 4, 3, 1, 5, 4, 1, 2, 5];

export function buildBoneMesh(skeleton: Skeleton, pose?: Float32Array): BoneMesh {
  const world = jointWorldMatrices(skeleton, pose ?? skeleton.restLocal);
  const n = skeleton.names.length;
  const segments: number[] = [];
  const childCount = new Int32Array(n);
  for (let j = 0; j < n; j++) {
    const p = skeleton.parents[j];
    if (p >= 0) {
      childCount[p]++;
      segments.push(world[p * 16 + 12], world[p * 16 + 13], world[p * 16 + 14],
        world[j * 16 + 12], world[j * 16 + 13], world[j * 16 + 14]);
    }
  }
  for (let j = 0; j < n; j++) {
    const p = skeleton.parents[j];
    if (childCount[j] > 0 || p < 0) continue;
    const hx = world[j * 16 + 12], hy = world[j * 16 + 13], hz = world[j * 16 + 14];
    const len = 0.5 * Math.hypot(hx - world[p * 16 + 12], hy - world[p * 16 + 13], hz - world[p * 16 + 14]);
    const ax = world[j * 16 + 4], ay = world[j * 16 + 5], az = world[j * 16 + 6];
    const al = Math.hypot(ax, ay, az);
    if (!(len > 0) || !(al > 0)) continue;
    segments.push(hx, hy, hz, hx + (ax / al) * len, hy + (ay / al) * len, hz + (az / al) * len);
  }
  const count = segments.length / 6;
  const positions = new Float32Array(count * 6 * 3);
  const indices = new Uint32Array(count * 24);
  let used = 0;
  for (let s = 0; s < count; s++) {
    const hx = segments[s * 6], hy = segments[s * 6 + 1], hz = segments[s * 6 + 2];
    const dx = segments[s * 6 + 3] - hx, dy = segments[s * 6 + 4] - hy, dz = segments[s * 6 + 5] - hz;
    const len = Math.hypot(dx, dy, dz);
    if (!(len > 1e-9)) continue;
    const ax = dx / len, ay = dy / len, az = dz / len;
    // Perpendicular pair (p, q) to the bone axis.
    let px = -ay, py = ax, pz = 0;
    if (Math.abs(az) > 0.9) { px = 0; py = -az; pz = ay; }
    const pl = Math.hypot(px, py, pz);
    px /= pl; py /= pl; pz /= pl;
    const qx = ay * pz - az * py, qy = az * px - ax * pz, qz = ax * py - ay * px;
    const r = len * 0.1;
    const wx = hx + ax * r, wy = hy + ay * r, wz = hz + az * r;
    const o = used * 18;
    positions.set([hx, hy, hz, hx + dx, hy + dy, hz + dz,
      wx + px * r, wy + py * r, wz + pz * r, wx + qx * r, wy + qy * r, wz + qz * r,
      wx - px * r, wy - py * r, wz - pz * r, wx - qx * r, wy - qy * r, wz - qz * r], o);
    for (let k = 0; k < 24; k++) indices[used * 24 + k] = used * 6 + OCTA_FACES[k];
    used++;
  }
  return { positions: positions.subarray(0, used * 18), indices: indices.subarray(0, used * 24) };
}
