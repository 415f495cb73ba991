import { describe, expect, it } from 'vitest';
import { fixPartWeights } from '../../../shared/rig/part-weights';
import type { MeshIslands } from '../../../shared/rig/mesh-islands';

/**
 * Islands of four vertices each (so each a fifth of the vertices, under the quarter a piece may hold) beside
 * a chain of three bones (0 -> 1 -> 2, each 1 long on +Y); island 0 is bound to bone 0.
 */
function scene(pieceWeights: [number, number, number][]) {
  const islands = 1 + pieceWeights.length;
  const positions = new Float32Array(islands * 4 * 3);
  for (let k = 0; k < islands; k++)
    for (let i = 0; i < 4; i++) positions.set([0.1 * i, 0.5 + 0.5 * k, 0], (k * 4 + i) * 3);
  const joints = new Uint16Array(islands * 4 * 4);
  const weights = new Float32Array(islands * 4 * 4);
  for (let k = 0; k < islands; k++) {
    const w = k === 0 ? [1, 0, 0] : pieceWeights[k - 1];
    for (let i = 0; i < 4; i++) {
      const v = k * 4 + i;
      let slot = 0;
      for (let j = 0; j < 3; j++) if (w[j] > 0) { joints[v * 4 + slot] = j; weights[v * 4 + slot] = w[j]; slot++; }
    }
  }
  const order = Uint32Array.from({ length: islands * 4 }, (_, i) => i);
  const offsets = Uint32Array.from({ length: islands + 1 }, (_, k) => k * 4);
  const bones = [0, 1, 2].map((j) => ({ joint: j, a: [0, j, 0], b: [0, j + 1, 0] }));
  return { positions, islands: { order, offsets } as MeshIslands, bones, joints, weights };
}

describe('fixPartWeights', () => {
  it('binds a small island dominated by one bone 100% to that bone, as artists bind rigid pieces', () => {
    const s = scene([[0.8, 0.2, 0], [0, 0.85, 0.15], [0.1, 0.1, 0.8], [0, 0.5, 0.5]]);
    fixPartWeights(s.positions, s.islands, s.bones, 3, s.joints, s.weights, Int32Array.from([-1, 0, 1]));
    const of = (v: number) => [0, 1, 2, 3].filter((k) => s.weights[v * 4 + k] > 0).map((k) => [s.joints[v * 4 + k], +s.weights[v * 4 + k].toFixed(3)]);
    for (let i = 0; i < 4; i++) {
      expect(of(4 + i)).toEqual([[0, 1]]);
      expect(of(8 + i)).toEqual([[1, 1]]);
      expect(of(12 + i)).toEqual([[2, 1]]);
      // Not dominated (50 / 50): skin, its blend kept.
      expect(of(16 + i)).toEqual([[1, 0.5], [2, 0.5]]);
    }
  });
});
