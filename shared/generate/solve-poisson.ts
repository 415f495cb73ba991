/**
 * solvePoissonOnGrid: u with -Laplace(u) = 1 inside a region of grid nodes, u = 0 outside,
 * by conjugate gradients on the 5-point stencil (symmetric positive definite).
 *
 * Notes: u is the "inflation potential" (a disc of radius R gives u = (R² - r²)/4, so 2·sqrt(u)
 * is a hemisphere). CG was preferred to SOR (no relaxation factor to tune, converges in about
 * the grid's diameter in iterations) and to multigrid (irregular regions make coarsening fiddly;
 * our regions have at most ~20k nodes, where CG takes a few tens of milliseconds).
 */

export interface PoissonGrid {
  /** Nodes per row and column. */
  nx: number;
  ny: number;
  /** 1 for unknown (inside) nodes; the outermost ring must be 0. */
  inside: Uint8Array;
  /** Grid spacing: the right-hand side is spacing² (the Laplacian is in pixel units). */
  spacing: number;
}

/** Returns u per node (0 outside). */
export function solvePoissonOnGrid(grid: PoissonGrid, tolerance = 1e-5, maxIterations = 4000): Float64Array {
  const { nx, ny, inside, spacing } = grid;
  const n = nx * ny;
  const u = new Float64Array(n);
  const r = new Float64Array(n);
  const p = new Float64Array(n);
  const ap = new Float64Array(n);
  const rhs = spacing * spacing;
  // Indices of the unknowns, so loops skip the outside.
  let count = 0;
  for (let i = 0; i < n; i++) if (inside[i]) count++;
  const nodes = new Int32Array(count);
  count = 0;
  for (let i = 0; i < n; i++) if (inside[i]) nodes[count++] = i;
  if (count === 0) return u;

  let rr = 0;
  for (let k = 0; k < count; k++) {
    const i = nodes[k];
    r[i] = rhs;
    p[i] = rhs;
    rr += rhs * rhs;
  }
  const stop = tolerance * tolerance * rr;
  for (let it = 0; it < maxIterations && rr > stop; it++) {
    let pAp = 0;
    for (let k = 0; k < count; k++) {
      const i = nodes[k];
      // Outside nodes hold p = 0, so the stencil needs no branch.
      const v = 4 * p[i] - p[i - 1] - p[i + 1] - p[i - nx] - p[i + nx];
      ap[i] = v;
      pAp += p[i] * v;
    }
    const alpha = rr / pAp;
    let rrNew = 0;
    for (let k = 0; k < count; k++) {
      const i = nodes[k];
      u[i] += alpha * p[i];
      r[i] -= alpha * ap[i];
      rrNew += r[i] * r[i];
    }
    const beta = rrNew / rr;
    for (let k = 0; k < count; k++) {
      const i = nodes[k];
      p[i] = r[i] + beta * p[i];
    }
    rr = rrNew;
  }
  return u;
}
