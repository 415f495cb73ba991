/**
 * Shared checks for generated models: watertightness, front-view IoU, frame conventions.
 */
import { expect } from 'vitest';
import type { GenerateResult } from '../../../../shared/generate/engine';
import { maskIou, type Mask } from '../../../../shared/generate/image';
import { checkClosedManifold } from '../../../../shared/generate/mesh-checks';
import { rasterizeFrontMask } from '../../../../shared/generate/rasterize-front';

/** Checks every generated model must pass; returns the front-view IoU against `mask`. */
export function expectGoodModel(result: GenerateResult, mask: Mask, budget = 40000): number {
  const part = result.model.parts[0];
  expect(result.model.parts).toHaveLength(1);
  const manifold = checkClosedManifold(part.positions, part.indices);
  expect(manifold, 'closed, consistently oriented manifold').toMatchObject({ boundaryEdges: 0, nonManifoldEdges: 0, inconsistentEdges: 0 });
  expect(manifold.volume, 'outward orientation').toBeGreaterThan(0);
  expect(part.indices.length / 3).toBeLessThanOrEqual(budget);
  // Origin at the base, centred in x, Y up.
  let minY = Infinity, maxY = -Infinity, minX = Infinity, maxX = -Infinity, maxZ = -Infinity, minZ = Infinity;
  for (let i = 0; i < part.positions.length; i += 3) {
    minX = Math.min(minX, part.positions[i]); maxX = Math.max(maxX, part.positions[i]);
    minY = Math.min(minY, part.positions[i + 1]); maxY = Math.max(maxY, part.positions[i + 1]);
    minZ = Math.min(minZ, part.positions[i + 2]); maxZ = Math.max(maxZ, part.positions[i + 2]);
  }
  expect(minY).toBeCloseTo(0, 5);
  expect(maxY).toBeCloseTo(result.report.height_meters, 4);
  expect(Math.abs(minX + maxX)).toBeLessThan(1e-4);
  expect(maxZ).toBeGreaterThan(0);
  expect(minZ).toBeCloseTo(-maxZ, 5);
  // The front (+Z) half faces +Z: normals of vertices with z > 0 point toward the viewer on average.
  let nz = 0;
  for (let v = 0; v < part.positions.length / 3; v++) if (part.positions[v * 3 + 2] > 0) nz += part.normals![v * 3 + 2];
  expect(nz).toBeGreaterThan(0);
  const front = rasterizeFrontMask(part.positions, part.indices, result.report.frame);
  return maskIou(front, mask);
}
