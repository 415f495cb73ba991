/**
 * A small colour model: k-means clusters with an isotropic variance each, used as a cheap
 * Gaussian mixture for the background (border pixels) and the subject.
 *
 * Notes:
 * - Full-covariance GMMs (GrabCut) were not needed on our test images and cost a 3x3 inverse per
 *   cluster per pixel; isotropic clusters with a variance floor behave well on flat, gradient and
 *   noisy backgrounds, and the floor keeps a perfectly flat white background from giving
 *   infinite confidence.
 * - Initialisation is farthest-point from the sample nearest the mean: deterministic, no RNG.
 */

export interface ColorCluster {
  r: number;
  g: number;
  b: number;
  /** Isotropic variance per channel (0-255 units, squared), floored. */
  variance: number;
  /** Fraction of the samples in this cluster. */
  weight: number;
  /** Precomputed 1 / (2 variance) and 1.5 ln(variance) - ln(weight), for colorCost. */
  invTwoVariance: number;
  offset: number;
}

export interface ColorModel {
  clusters: ColorCluster[];
}

export const COLOR_MODEL_DEFAULTS = {
  clusters: 6,
  iterations: 8,
  /** Standard deviation floor (0-255 units): JPEG noise and dithering stay "the same colour". */
  minSigma: 5,
  maxSamples: 6000,
};

/**
 * Fit a colour model to RGB samples (3 floats per sample, 0-255).
 * @example const bg = fitColorModel(borderSamples);
 */
export function fitColorModel(samples: Float32Array, options: Partial<typeof COLOR_MODEL_DEFAULTS> = {}): ColorModel {
  const opts = { ...COLOR_MODEL_DEFAULTS, ...options };
  const total = samples.length / 3;
  if (total === 0) return { clusters: [] };
  // Deterministic subsample with a fixed stride.
  const stride = Math.max(1, Math.floor(total / opts.maxSamples));
  const n = Math.floor((total - 1) / stride) + 1;
  const s = new Float32Array(n * 3);
  for (let i = 0; i < n; i++) {
    const j = i * stride * 3;
    s[i * 3] = samples[j];
    s[i * 3 + 1] = samples[j + 1];
    s[i * 3 + 2] = samples[j + 2];
  }
  const k = Math.min(opts.clusters, n);
  const centers = new Float64Array(k * 3);
  // Farthest-point initialisation from the sample nearest the mean.
  let mr = 0, mg = 0, mb = 0;
  for (let i = 0; i < n; i++) { mr += s[i * 3]; mg += s[i * 3 + 1]; mb += s[i * 3 + 2]; }
  mr /= n; mg /= n; mb /= n;
  const nearest = new Float64Array(n);
  let first = 0;
  let best = Infinity;
  for (let i = 0; i < n; i++) {
    const d = sq(s[i * 3] - mr, s[i * 3 + 1] - mg, s[i * 3 + 2] - mb);
    if (d < best) { best = d; first = i; }
  }
  centers[0] = s[first * 3]; centers[1] = s[first * 3 + 1]; centers[2] = s[first * 3 + 2];
  for (let i = 0; i < n; i++) nearest[i] = sq(s[i * 3] - centers[0], s[i * 3 + 1] - centers[1], s[i * 3 + 2] - centers[2]);
  let used = 1;
  for (; used < k; used++) {
    let far = -1;
    let farD = 0;
    for (let i = 0; i < n; i++) if (nearest[i] > farD) { farD = nearest[i]; far = i; }
    if (far < 0 || farD < 1) break; // every sample already sits on a centre
    centers[used * 3] = s[far * 3]; centers[used * 3 + 1] = s[far * 3 + 1]; centers[used * 3 + 2] = s[far * 3 + 2];
    for (let i = 0; i < n; i++) {
      const d = sq(s[i * 3] - centers[used * 3], s[i * 3 + 1] - centers[used * 3 + 1], s[i * 3 + 2] - centers[used * 3 + 2]);
      if (d < nearest[i]) nearest[i] = d;
    }
  }
  const assign = new Int32Array(n);
  const acc = new Float64Array(used * 5);
  for (let it = 0; it < opts.iterations; it++) {
    acc.fill(0);
    for (let i = 0; i < n; i++) {
      const r = s[i * 3], g = s[i * 3 + 1], b = s[i * 3 + 2];
      let bi = 0;
      let bd = Infinity;
      for (let c = 0; c < used; c++) {
        const d = sq(r - centers[c * 3], g - centers[c * 3 + 1], b - centers[c * 3 + 2]);
        if (d < bd) { bd = d; bi = c; }
      }
      assign[i] = bi;
      acc[bi * 5] += r; acc[bi * 5 + 1] += g; acc[bi * 5 + 2] += b; acc[bi * 5 + 3] += bd; acc[bi * 5 + 4] += 1;
    }
    for (let c = 0; c < used; c++) {
      const cnt = acc[c * 5 + 4];
      if (cnt === 0) continue;
      centers[c * 3] = acc[c * 5] / cnt; centers[c * 3 + 1] = acc[c * 5 + 1] / cnt; centers[c * 3 + 2] = acc[c * 5 + 2] / cnt;
    }
  }
  // Final statistics around the final centres.
  acc.fill(0);
  for (let i = 0; i < n; i++) {
    const c = assign[i];
    acc[c * 5 + 3] += sq(s[i * 3] - centers[c * 3], s[i * 3 + 1] - centers[c * 3 + 1], s[i * 3 + 2] - centers[c * 3 + 2]);
    acc[c * 5 + 4] += 1;
  }
  const clusters: ColorCluster[] = [];
  const floor = opts.minSigma * opts.minSigma;
  for (let c = 0; c < used; c++) {
    const cnt = acc[c * 5 + 4];
    if (cnt === 0) continue;
    const variance = Math.max(floor, acc[c * 5 + 3] / (3 * cnt));
    const weight = cnt / n;
    clusters.push({
      r: centers[c * 3], g: centers[c * 3 + 1], b: centers[c * 3 + 2],
      variance,
      weight,
      invTwoVariance: 1 / (2 * variance),
      offset: 1.5 * Math.log(variance) - Math.log(weight),
    });
  }
  return { clusters };
}

/**
 * Negative log-likelihood of a colour under the model (nearest-cluster approximation of the
 * mixture), clamped to `maxCost`. Lower means "looks like this model".
 */
export function colorCost(model: ColorModel, r: number, g: number, b: number, maxCost = 40): number {
  let best = maxCost;
  const cl = model.clusters;
  for (let c = 0; c < cl.length; c++) {
    const k = cl[c];
    const cost = sq(r - k.r, g - k.g, b - k.b) * k.invTwoVariance + k.offset;
    if (cost < best) best = cost;
  }
  return best;
}

function sq(a: number, b: number, c: number): number {
  return a * a + b * b + c * c;
}
