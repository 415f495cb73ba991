import { describe, expect, it } from 'vitest';
import { bendBelowKnee, pathPolygon3 } from '../../../shared/rig/leg-bends';
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

describe('pathPolygon3', () => {
  // A horse's hind leg from the hoof: the pastern up and back to the fetlock, the cannon up to the hock,
  // nearly parallel to the line from the hoof to the leg's root, and the tibia up and forward.
  const tip: V3 = [0, 0.006, -0.18], fetlock: V3 = [0, 0.07, -0.24], hock: V3 = [0, 0.22, -0.235], top: V3 = [0, 0.36, -0.1];
  const P = pathThrough([tip, fetlock, hock, top], 0.005);
  const sFetlock = dist(tip, fetlock), sHock = sFetlock + dist(fetlock, hock);

  it('finds the fetlock and the hock wherever the root is found on the tibia', () => {
    for (const f of [0.5, 0.7, 1]) {
      const v = pathPolygon3(P, sHock + f * dist(hock, top), 0.003);
      expect(v).toHaveLength(2);
      expect(Math.abs(v[0] - sFetlock)).toBeLessThan(0.006);
      expect(Math.abs(v[1] - sHock)).toBeLessThan(0.006);
    }
  });

  it("is steadier than the chord's farthest point, which slides down the cannon as the root moves", () => {
    const chord = (f: number): number => {
      const sEnd = sHock + f * dist(hock, top);
      return P.bend(0, sEnd, 0.15 * sEnd, 0.6 * sEnd, 0.003, 0.02);
    };
    // The old rule's hock: 0.030 of path apart for roots at half and the whole of the tibia.
    expect(chord(1) - chord(0.5)).toBeGreaterThan(0.02);
  });
});
