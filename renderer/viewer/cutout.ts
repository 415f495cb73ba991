/**
 * Preview of the subject cut out of its background, shown before generating. Pure over RGBA
 * bytes (unit-tested), run in a worker by `cutout-worker.ts`.
 *
 * Method: if the border is already transparent, keep the alpha; otherwise take the median
 * border colour as the background and flood-fill from the border through pixels close to it.
 * Flood fill (not a global colour key) keeps interior pixels that happen to match the backdrop,
 * such as a white shirt on a white background, as long as they are enclosed by the subject.
 */

export interface CutoutResult {
  /** RGBA with the background's alpha set to 0. */
  rgba: Uint8ClampedArray;
  /** Fraction of pixels kept as the subject. */
  coverage: number;
  /** Background colour found (r, g, b), or null when the input had transparency. */
  background: [number, number, number] | null;
}

function median(values: number[]): number {
  values.sort((a, b) => a - b);
  return values[values.length >> 1] ?? 0;
}

export function cutout(src: Uint8ClampedArray | Uint8Array, width: number, height: number, tolerance = 38): CutoutResult {
  const n = width * height;
  if (src.length < n * 4 || width < 1 || height < 1) throw new Error(`cutout: ${width}x${height} needs ${n * 4} bytes, got ${src.length}`);
  const out = new Uint8ClampedArray(src);

  // Border pixels.
  const border: number[] = [];
  for (let x = 0; x < width; x++) border.push(x, (height - 1) * width + x);
  for (let y = 1; y < height - 1; y++) border.push(y * width, y * width + width - 1);

  let transparent = 0;
  for (const p of border) if (src[p * 4 + 3] < 16) transparent++;
  if (transparent > border.length * 0.5) {
    let kept = 0;
    for (let p = 0; p < n; p++) if (src[p * 4 + 3] >= 16) kept++;
    return { rgba: out, coverage: kept / n, background: null };
  }

  const bg: [number, number, number] = [
    median(border.map((p) => src[p * 4])),
    median(border.map((p) => src[p * 4 + 1])),
    median(border.map((p) => src[p * 4 + 2])),
  ];
  const tol2 = tolerance * tolerance;
  const near = (p: number) => {
    const dr = src[p * 4] - bg[0];
    const dg = src[p * 4 + 1] - bg[1];
    const db = src[p * 4 + 2] - bg[2];
    return dr * dr + dg * dg + db * db <= tol2;
  };

  const visited = new Uint8Array(n);
  const queue = new Int32Array(n);
  let head = 0;
  let tail = 0;
  for (const p of border) {
    if (!visited[p] && near(p)) {
      visited[p] = 1;
      queue[tail++] = p;
    }
  }
  while (head < tail) {
    const p = queue[head++];
    out[p * 4 + 3] = 0;
    const x = p % width;
    const y = (p - x) / width;
    if (x > 0 && !visited[p - 1] && near(p - 1)) { visited[p - 1] = 1; queue[tail++] = p - 1; }
    if (x < width - 1 && !visited[p + 1] && near(p + 1)) { visited[p + 1] = 1; queue[tail++] = p + 1; }
    if (y > 0 && !visited[p - width] && near(p - width)) { visited[p - width] = 1; queue[tail++] = p - width; }
    if (y < height - 1 && !visited[p + width] && near(p + width)) { visited[p + width] = 1; queue[tail++] = p + width; }
  }
  return { rgba: out, coverage: (n - tail) / n, background: bg };
}
