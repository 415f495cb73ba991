/**
 * Foot contacts of a clip from its own foot trajectories: a foot is planted in a frame when it is near
 * the lowest foot height of the clip and moves with the ground. "The ground" is the median horizontal
 * velocity of low feet: zero for clips with root motion, the treadmill speed for in-place locomotion
 * (KayKit, Mixamo "in place" clips), so both kinds plant the same way.
 * Notes: rejected a fixed speed threshold in world space (an in-place run moves planted feet backwards at
 * run speed, so no frame would count as planted); rejected per-foot lowest heights (a foot held up for
 * the whole clip would count as planted at its lowest point).
 *
 * @example
 *   const { planted } = detectContacts([leftAnkle, rightAnkle], times, true, legLength);
 */

export interface ContactOptions {
  /** Low: within this fraction of the leg length above the clip's lowest foot point. */
  heightTolerance?: number;
  /** Planted: horizontal speed relative to the ground below this, in leg lengths per second. */
  speedTolerance?: number;
}
export const CONTACT_DEFAULTS: Required<ContactOptions> = { heightTolerance: 0.03, speedTolerance: 0.5 };

export interface Contacts {
  /** Per foot, per frame: 1 when planted. */
  planted: Uint8Array[];
  groundY: number;
  /** Horizontal velocity of the ground under the feet (x, z per second). */
  groundVelocity: [number, number];
  /** Per foot, per frame: horizontal velocity (x, z interleaved). */
  velocity: Float64Array[];
}

/**
 * `feet`: world positions per foot (frames * 3, Y up) sampled at `times`. `loop`: the last frame is the
 * first one again (velocities wrap around).
 */
export function detectContacts(feet: Float64Array[], times: ArrayLike<number>, loop: boolean, legLength: number, options: ContactOptions = {}): Contacts {
  const opts = { ...CONTACT_DEFAULTS, ...options };
  const n = times.length;
  let groundY = Infinity;
  for (const p of feet) for (let f = 0; f < n; f++) groundY = Math.min(groundY, p[f * 3 + 1]);
  const lowY = groundY + opts.heightTolerance * legLength;
  const velocity = feet.map((p) => horizontalVelocity(p, times, loop));
  const vx: number[] = [], vz: number[] = [];
  feet.forEach((p, i) => {
    for (let f = 0; f < n; f++) if (p[f * 3 + 1] <= lowY) { vx.push(velocity[i][f * 2]); vz.push(velocity[i][f * 2 + 1]); }
  });
  const ground: [number, number] = [median(vx), median(vz)];
  const maxSpeed = opts.speedTolerance * legLength;
  const planted = feet.map((p, i) => {
    const out = new Uint8Array(n);
    for (let f = 0; f < n; f++) {
      const rel = Math.hypot(velocity[i][f * 2] - ground[0], velocity[i][f * 2 + 1] - ground[1]);
      out[f] = p[f * 3 + 1] <= lowY && rel <= maxSpeed ? 1 : 0;
    }
    return out;
  });
  return { planted, groundY, groundVelocity: ground, velocity };
}

/** Central differences; ends use one-sided ones, or wrap when the clip loops. */
function horizontalVelocity(p: Float64Array, times: ArrayLike<number>, loop: boolean): Float64Array {
  const n = times.length;
  const out = new Float64Array(n * 2);
  if (n < 2) return out;
  const period = times[n - 1] - times[0];
  for (let f = 0; f < n; f++) {
    let a = f - 1, b = f + 1, dt: number;
    if (loop && n > 2 && (f === 0 || f === n - 1)) {
      a = n - 2; b = 1;
      dt = times[1] - times[0] + (times[n - 1] - times[n - 2]);
    } else {
      a = Math.max(0, a); b = Math.min(n - 1, b);
      dt = times[b] - times[a];
    }
    if (!(dt > 0) || !(period > 0)) continue;
    out[f * 2] = (p[b * 3] - p[a * 3]) / dt;
    out[f * 2 + 1] = (p[b * 3 + 2] - p[a * 3 + 2]) / dt;
  }
  return out;
}

function median(xs: number[]): number {
  if (!xs.length) return 0;
  const s = xs.slice().sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/**
 * IK weight per frame from planted frames: 1 while planted, easing to 0 over `blendFrames` frames on
 * either side (wrapping around for loops), so the leg moves smoothly between the clip's own swing and
 * the pinned stance.
 */
export function contactWeights(planted: Uint8Array, loop: boolean, blendFrames: number): Float32Array {
  const n = planted.length;
  const w = new Float32Array(n);
  const span = loop ? n - 1 : n; // in a loop frame n-1 is frame 0 again
  for (let f = 0; f < n; f++) {
    if (planted[f]) { w[f] = 1; continue; }
    let near = Infinity;
    for (let g = 0; g < span; g++) {
      if (!planted[g]) continue;
      let d = Math.abs(g - (loop ? f % span : f));
      if (loop) d = Math.min(d, span - d);
      near = Math.min(near, d);
    }
    if (near <= blendFrames) {
      const x = 1 - near / (blendFrames + 1);
      w[f] = x * x * (3 - 2 * x);
    }
  }
  return w;
}
