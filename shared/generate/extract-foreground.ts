/**
 * extractForeground: which pixels of an image belong to the subject.
 *
 * 1. A meaningful alpha channel (some pixels transparent, some opaque) is the answer.
 * 2. Otherwise the background is modelled from the image border (colour clusters); pixels clearly
 *    unlike it are seeds; their convex hull plays GrabCut's rectangle: the subject model is fitted
 *    inside it, the background model well outside it, and a local background expectation is
 *    filled in from outside (pull-push). A graph cut (unary colour costs, contrast-sensitive
 *    smoothness) labels every pixel at `segmentationSize`; models are re-fitted from the cut and
 *    the cut repeated; the edge is then re-decided at full resolution.
 *
 * Notes (IoU vs the true mask on 40 rendered props over a noisy, blotchy photo-like background):
 * - Subject model from the seeds only: median 0.87 (grey metal on a grey wall never entered the
 *   subject model); hull-initialised: 0.97; plus the local background term: mean 0.85 -> 0.91,
 *   median 0.98 (holes between a chair's legs are background again). Smoothness 12 vs 30: 30
 *   removes background blotches joined to the subject along soft edges.
 * - Thresholding the background distance alone leaves speckles and ragged edges on noisy
 *   backgrounds; the cut's smoothness term removes both. Cutting at full 1024² resolution cost
 *   ~4x more; instead the label is upsampled and only edge pixels are re-decided by colour.
 * - The outermost pixel ring is forced to background: a subject touching the image border is cut
 *   there (documented limitation) rather than letting the background model absorb the subject.
 */
import { colorCost, fitColorModel, type ColorModel } from './color-model';
import { GenerateError } from './errors';
import { createMask, maskArea, type Mask, type RgbaImage } from './image';
import { minCutGrid } from './max-flow-grid';
import { signedDistance } from './distance-transform';
import { pullPush } from './pull-push';
import { convexHullMask } from './subject-hull';
import { fillSmallHoles, largestComponentArea, removeSmallComponents, resizeMask } from './mask-ops';

export interface ForegroundOptions {
  /** Longer side of the grid the graph cut runs on. Default 384. */
  segmentationSize?: number;
  /** Weight of the smoothness term against the colour costs. Default 30. */
  smoothness?: number;
  /** GrabCut-style re-estimation rounds. Default 2. */
  rounds?: number;
}

export const FOREGROUND_DEFAULTS: Required<ForegroundOptions> = {
  segmentationSize: 384,
  smoothness: 30,
  rounds: 2,
};

export interface ForegroundResult {
  /** Subject mask at the image's resolution. */
  mask: Mask;
  /** Where the mask came from. */
  source: 'alpha' | 'background';
  /** Fraction of the image covered by the subject. */
  coverage: number;
}

/** Pixels with alpha below this are transparent. */
const ALPHA_THRESHOLD = 128;
/** A subject smaller than this fraction of the image is treated as noise. */
const MIN_COVERAGE = 0.0005;
/** Colour costs are clamped here (see colorCost). */
const MAX_COST = 40;
/** Strict subject seeds must cover at least this fraction of the image, else seeds are relaxed. */
const MIN_SEED_FRACTION = 0.005;
/** Pixels farther than this fraction of the image outside the seeds' hull train the background model. */
const HULL_MARGIN = 0.03;
/** Local background: noise variance floor and slack (0-255 units) for how far the fill can drift. */
const LOCAL_MIN_VARIANCE = 16;
const LOCAL_SLACK = 4;

/**
 * @throws GenerateError('no subject found: ...') when nothing stands out.
 * @example const { mask } = extractForeground(await decodeImage(bytes));
 */
export function extractForeground(image: RgbaImage, options: ForegroundOptions = {}): ForegroundResult {
  const opts = { ...FOREGROUND_DEFAULTS, ...options };
  const { width: w, height: h, data } = image;
  const n = w * h;
  let transparent = 0;
  for (let i = 0; i < n; i++) if (data[i * 4 + 3] < ALPHA_THRESHOLD) transparent++;
  if (transparent === n) throw new GenerateError('no subject found: the image is fully transparent');

  let mask: Mask;
  let source: ForegroundResult['source'];
  if (transparent >= Math.max(1, 0.002 * n)) {
    source = 'alpha';
    mask = createMask(w, h);
    for (let i = 0; i < n; i++) mask.data[i] = data[i * 4 + 3] >= ALPHA_THRESHOLD ? 1 : 0;
    const largest = largestComponentArea(mask);
    removeSmallComponents(mask, Math.max(4, 0.002 * largest));
  } else {
    source = 'background';
    mask = segmentFromBackground(image, opts);
  }
  const area = maskArea(mask);
  if (area < Math.max(16, MIN_COVERAGE * n)) {
    throw new GenerateError(
      source === 'alpha'
        ? `no subject found: only ${area} opaque pixels`
        : 'no subject found: nothing in the image stands out from the background colours at its border',
    );
  }
  return { mask, source, coverage: area / n };
}

function segmentFromBackground(image: RgbaImage, opts: Required<ForegroundOptions>): Mask {
  const scale = Math.min(1, opts.segmentationSize / Math.max(image.width, image.height));
  const sw = Math.max(8, Math.round(image.width * scale));
  const sh = Math.max(8, Math.round(image.height * scale));
  const rgb = boxResample(image, sw, sh);
  const n = sw * sh;

  // Background model from a border band.
  const band = Math.max(2, Math.round(0.02 * Math.min(sw, sh)));
  const border = borderSamples(rgb, sw, sh, band);
  let bg = fitColorModel(border);
  const bgCost = new Float32Array(n);
  const fgCost = new Float32Array(n);
  costsFor(rgb, bg, bgCost);

  // Pixels clearly unlike any border colour seed the subject model.
  const borderCosts = new Float32Array(border.length / 3);
  for (let i = 0; i < borderCosts.length; i++) borderCosts[i] = colorCost(bg, border[i * 3], border[i * 3 + 1], border[i * 3 + 2]);
  // Seeds are pixels clearly unlike the border: first strict (halfway between the border's own
  // worst fit and the cost ceiling), so mild background blotches do not enter the subject model,
  // then relaxed when a subject is only moderately different from its background.
  const borderWorst = percentile(borderCosts, 0.995);
  let threshold = Math.max(borderWorst + 6, (borderWorst + MAX_COST) / 2);
  let seeds = countAbove(bgCost, threshold);
  if (seeds < MIN_SEED_FRACTION * n) {
    threshold = borderWorst + 6;
    seeds = countAbove(bgCost, threshold);
  }
  if (seeds < Math.max(4, MIN_COVERAGE * n)) {
    throw new GenerateError('no subject found: nothing in the image stands out from the background colours at its border');
  }
  // GrabCut's rectangle, found automatically: the convex hull of the seeds. The subject model
  // starts from everything inside it (so subject colours close to the background, like grey
  // metal on a grey wall, are in it), the background model from everything well outside it (so
  // background colours that never reach the border are in it), plus a local background
  // expectation filled in from outside the hull.
  const seedMask: Mask = { width: sw, height: sh, data: new Uint8Array(n) };
  for (let i = 0; i < n; i++) seedMask.data[i] = bgCost[i] > threshold ? 1 : 0;
  const hull = convexHullMask(seedMask);
  const hullSdf = signedDistance(hull);
  const margin = HULL_MARGIN * Math.max(sw, sh);
  let outside = 0;
  for (let i = 0; i < n; i++) if (hullSdf[i] < -margin) outside++;
  let localCost: Float32Array | null = null;
  if (outside >= 0.05 * n) {
    bg = fitColorModel(gather(rgb, (i) => hullSdf[i] < -margin, outside));
    localCost = localBackgroundCost(rgb, sw, sh, hullSdf, margin);
  }
  costsFor(rgb, bg, bgCost, localCost);
  let fg = fitColorModel(gather(rgb, (i) => hull.data[i] === 1, countOnes(hull.data)));
  costsFor(rgb, fg, fgCost);

  const beta = contrastBeta(rgb, sw, sh);
  let label: Uint8Array = new Uint8Array(n);
  for (let round = 0; round < opts.rounds; round++) {
    label = cut(rgb, sw, sh, bgCost, fgCost, beta, opts.smoothness);
    if (round === opts.rounds - 1) break;
    const fgCount = countOnes(label);
    if (fgCount < 4 || fgCount > n - 4) break;
    fg = fitColorModel(gather(rgb, (i) => label[i] === 1, fgCount));
    bg = fitColorModel(gather(rgb, (i) => label[i] === 0, n - fgCount));
    costsFor(rgb, bg, bgCost, localCost);
    costsFor(rgb, fg, fgCost);
  }

  const small: Mask = { width: sw, height: sh, data: label };
  const largest = largestComponentArea(small);
  removeSmallComponents(small, Math.max(4, 0.01 * largest));
  fillSmallHoles(small, Math.max(4, 0.0015 * n));
  if (sw === image.width && sh === image.height) return small;
  return refineEdges(image, small, fg, bg);
}

/**
 * Upsample the cut's label to the image and re-decide the pixels near its edge at full
 * resolution by their own colour (subject model against background model), so the outline is
 * as sharp as the image rather than as the segmentation grid. Interior pixels keep the label.
 */
function refineEdges(image: RgbaImage, small: Mask, fg: ColorModel, bg: ColorModel): Mask {
  const { width: w, height: h, data } = image;
  const out = resizeMask(small, w, h);
  const sw = small.width;
  const sh = small.height;
  const sx = sw / w;
  const sy = sh / h;
  for (let y = 0; y < h; y++) {
    const fy = Math.min(sh - 1, Math.max(0, (y + 0.5) * sy - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(sh - 1, y0 + 1);
    for (let x = 0; x < w; x++) {
      const fx = Math.min(sw - 1, Math.max(0, (x + 0.5) * sx - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(sw - 1, x0 + 1);
      const l = small.data;
      const sum = l[y0 * sw + x0] + l[y0 * sw + x1] + l[y1 * sw + x0] + l[y1 * sw + x1];
      if (sum === 0 || sum === 4) continue; // not next to the cut's edge
      const i = (y * w + x) * 4;
      const r = data[i], g = data[i + 1], b = data[i + 2];
      out.data[y * w + x] = colorCost(bg, r, g, b, MAX_COST) > colorCost(fg, r, g, b, MAX_COST) ? 1 : 0;
    }
  }
  return out;
}

function cut(rgb: Float32Array, w: number, h: number, bgCost: Float32Array, fgCost: Float32Array, beta: number, lambda: number): Uint8Array {
  const n = w * h;
  const terminal = new Float32Array(n);
  const edges = new Float32Array(n * 4);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const ring = x === 0 || y === 0 || x === w - 1 || y === h - 1;
      // Source = subject. Positive when the pixel fits the subject model better than the
      // background model; the outer ring is pinned to the background.
      terminal[i] = ring ? -1e6 : bgCost[i] - fgCost[i];
      if (x < w - 1) {
        const wgt = lambda * Math.exp(-beta * diff2(rgb, i, i + 1));
        edges[i * 4] = wgt;
        edges[(i + 1) * 4 + 2] = wgt;
      }
      if (y < h - 1) {
        const wgt = lambda * Math.exp(-beta * diff2(rgb, i, i + w));
        edges[i * 4 + 1] = wgt;
        edges[(i + w) * 4 + 3] = wgt;
      }
    }
  }
  return minCutGrid({ width: w, height: h, terminal, edges });
}

/** Area-average downsampling to (sw, sh); RGB as floats 0-255. Transparent pixels count as drawn. */
function boxResample(image: RgbaImage, sw: number, sh: number): Float32Array {
  const { width: w, height: h, data } = image;
  const out = new Float32Array(sw * sh * 3);
  for (let y = 0; y < sh; y++) {
    const y0 = Math.floor((y * h) / sh);
    const y1 = Math.max(y0 + 1, Math.floor(((y + 1) * h) / sh));
    for (let x = 0; x < sw; x++) {
      const x0 = Math.floor((x * w) / sw);
      const x1 = Math.max(x0 + 1, Math.floor(((x + 1) * w) / sw));
      let r = 0, g = 0, b = 0;
      for (let yy = y0; yy < y1; yy++) {
        for (let xx = x0; xx < x1; xx++) {
          const j = (yy * w + xx) * 4;
          r += data[j]; g += data[j + 1]; b += data[j + 2];
        }
      }
      const cnt = (y1 - y0) * (x1 - x0);
      const o = (y * sw + x) * 3;
      out[o] = r / cnt; out[o + 1] = g / cnt; out[o + 2] = b / cnt;
    }
  }
  return out;
}

function borderSamples(rgb: Float32Array, w: number, h: number, band: number): Float32Array {
  const idx: number[] = [];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (x < band || y < band || x >= w - band || y >= h - band) idx.push(y * w + x);
    }
  }
  const out = new Float32Array(idx.length * 3);
  idx.forEach((p, k) => { out[k * 3] = rgb[p * 3]; out[k * 3 + 1] = rgb[p * 3 + 1]; out[k * 3 + 2] = rgb[p * 3 + 2]; });
  return out;
}

function gather(rgb: Float32Array, keep: (i: number) => boolean, count: number): Float32Array {
  const out = new Float32Array(count * 3);
  let k = 0;
  const n = rgb.length / 3;
  for (let i = 0; i < n && k < count; i++) {
    if (!keep(i)) continue;
    out[k * 3] = rgb[i * 3]; out[k * 3 + 1] = rgb[i * 3 + 1]; out[k * 3 + 2] = rgb[i * 3 + 2];
    k++;
  }
  return out;
}

/** Costs under a model; with `floor`, a pixel costs at most what its floor says (local background). */
function costsFor(rgb: Float32Array, model: ColorModel, out: Float32Array, floor: Float32Array | null = null): void {
  for (let i = 0; i < out.length; i++) {
    const c = colorCost(model, rgb[i * 3], rgb[i * 3 + 1], rgb[i * 3 + 2], MAX_COST);
    out[i] = floor !== null && floor[i] < c ? floor[i] : c;
  }
}

/**
 * Background cost against the background colour expected at each pixel: colours of pixels well
 * outside the subject's hull, filled inward (pull-push). A hole between a chair's legs shows the
 * wall right behind it, which a global colour model may also attribute to the subject.
 */
function localBackgroundCost(rgb: Float32Array, w: number, h: number, hullSdf: Float32Array, margin: number): Float32Array {
  const n = w * h;
  const known = new Float32Array(n);
  for (let i = 0; i < n; i++) known[i] = hullSdf[i] < -margin ? 1 : 0;
  const expected = pullPush(rgb, known, w, h);
  // Noise level from neighbour differences in the known background (per channel variance).
  let sum = 0;
  let cnt = 0;
  for (let i = 0; i < n - 1; i++) {
    if (!known[i] || !known[i + 1] || (i + 1) % w === 0) continue;
    sum += diff2(rgb, i, i + 1);
    cnt++;
  }
  const variance = Math.max(LOCAL_MIN_VARIANCE, cnt > 0 ? sum / (6 * cnt) : 0) + LOCAL_SLACK * LOCAL_SLACK;
  const inv = 1 / (2 * variance);
  const offset = 1.5 * Math.log(variance);
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const dr = rgb[i * 3] - expected[i * 3], dg = rgb[i * 3 + 1] - expected[i * 3 + 1], db = rgb[i * 3 + 2] - expected[i * 3 + 2];
    out[i] = Math.min(MAX_COST, (dr * dr + dg * dg + db * db) * inv + offset);
  }
  return out;
}

/** GrabCut's beta: 1 / (2 * mean squared colour difference between neighbours). */
function contrastBeta(rgb: Float32Array, w: number, h: number): number {
  let sum = 0;
  let cnt = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (x < w - 1) { sum += diff2(rgb, i, i + 1); cnt++; }
      if (y < h - 1) { sum += diff2(rgb, i, i + w); cnt++; }
    }
  }
  return sum > 0 ? cnt / (2 * sum) : 0;
}

function diff2(rgb: Float32Array, a: number, b: number): number {
  const dr = rgb[a * 3] - rgb[b * 3];
  const dg = rgb[a * 3 + 1] - rgb[b * 3 + 1];
  const db = rgb[a * 3 + 2] - rgb[b * 3 + 2];
  return dr * dr + dg * dg + db * db;
}

function percentile(values: Float32Array, q: number): number {
  if (values.length === 0) return 0;
  const sorted = Float32Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

function countAbove(values: Float32Array, threshold: number): number {
  let c = 0;
  for (let i = 0; i < values.length; i++) if (values[i] > threshold) c++;
  return c;
}

function countOnes(a: Uint8Array): number {
  let c = 0;
  for (let i = 0; i < a.length; i++) c += a[i];
  return c;
}
