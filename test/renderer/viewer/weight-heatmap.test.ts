import { describe, expect, it } from 'vitest';
import { boneWeightColors, boneWeights, heatColor } from '../../../renderer/viewer/weight-heatmap';

describe('weight heat map', () => {
  it('sums the weight of one bone over the four influences', () => {
    // v0: bone 2 fully; v1: bone 2 at 0.25 twice (duplicate index), v2: other bones only.
    const skinIndex = new Uint16Array([2, 0, 0, 0, 2, 2, 5, 1, 1, 3, 0, 0]);
    const skinWeight = new Float32Array([1, 0, 0, 0, 0.25, 0.25, 0.5, 0, 0.6, 0.4, 0, 0]);
    expect(Array.from(boneWeights(skinIndex, skinWeight, 4, 2, new Float32Array(3)))).toEqual([1, 0.5, 0]);
  });

  it('maps 0 to cold blue and 1 to hot red, monotonically warmer', () => {
    const c = new Float32Array(3);
    heatColor(0, c, 0);
    expect(c[2]).toBeGreaterThan(c[0]);
    heatColor(1, c, 0);
    expect(c[0]).toBeGreaterThan(0.9);
    expect(c[2]).toBeLessThan(0.2);
    heatColor(-3, c, 0);
    const cold = Array.from(c);
    heatColor(0, c, 0);
    expect(Array.from(c)).toEqual(cold);
  });

  it('writes one colour per vertex and returns the total weight', () => {
    const colors = new Float32Array(6);
    const total = boneWeightColors(new Uint8Array([1, 0, 0, 0, 0, 0, 0, 0]), new Float32Array([0.8, 0.2, 0, 0, 1, 0, 0, 0]), 4, 1, colors);
    expect(total).toBeCloseTo(0.8);
    expect(colors[0]).toBeGreaterThan(colors[3]); // hotter red on the weighted vertex
  });

  it('rejects skin attributes shorter than the vertex count', () => {
    expect(() => boneWeights(new Uint8Array(4), new Float32Array(4), 4, 0, new Float32Array(2))).toThrow(/weight-heatmap/);
  });
});
