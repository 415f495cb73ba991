import { describe, expect, it } from 'vitest';
import { bendBelowKnee } from '../../../shared/rig/leg-bends';
import { Polyline } from '../../../shared/rig/polyline';

type V3 = [number, number, number];
const dist = (a: readonly number[], b: readonly number[]): number => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/** A polyline through the corners, sampled every `step`, listed from the first corner (the tip). */
function pathThrough(corners: V3[], step = 0.01): Polyline {
  const pts: number[] = [];
  for (let i = 0; i + 1 < corners.length; i++) {
    const [a, b] = [corners[i], corners[i + 1]];
    const n = Math.ceil(dist(a, b) / step);
    for (let k = 0; k < n; k++) pts.push(a[0] + ((b[0] - a[0]) * k) / n, a[1] + ((b[1] - a[1]) * k) / n, a[2] + ((b[2] - a[2]) * k) / n);
  }
  pts.push(...corners[corners.length - 1]);
  return new Polyline(Float64Array.from(pts), new Float64Array(pts.length / 3).fill(0.02), 0);
}

describe('bendBelowKnee', () => {
  it('finds the bend of a leg whose tibia runs level and metatarsus down (a spider leg)', () => {
    const tip: V3 = [1, 0, 0], ankle: V3 = [0.72, 0.45, 0], knee: V3 = [0.35, 0.55, 0], hip: V3 = [0.1, 0.15, 0];
    const P = pathThrough([tip, ankle, knee, hip]);
    const sKnee = dist(tip, ankle) + dist(ankle, knee);
    const s = bendBelowKnee(P, sKnee, 0.005);
    expect(s).not.toBeNull();
    expect(Math.abs(s! - dist(tip, ankle))).toBeLessThan(0.02);
  });

  it('finds none in a straight tibia, whatever its slope', () => {
    const tip: V3 = [1, 0, 0], knee: V3 = [0.35, 0.55, 0], hip: V3 = [0.1, 0.15, 0];
    expect(bendBelowKnee(pathThrough([tip, knee, hip]), dist(tip, knee), 0.005)).toBeNull();
  });
});
