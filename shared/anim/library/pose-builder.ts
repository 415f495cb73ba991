/**
 * Authoring helper for the built-in clips: poses are built each frame by rotating joints about world
 * axes (parents first), moving the root, and placing feet with two-bone IK, then sampled into a Clip.
 * Notes: rejected authoring local Euler angles per joint (every plan's joint frames differ, so the
 * same "swing forward" needed a different axis per bone); world axes read the same on every template.
 * Feet are placed by IK rather than by rotation curves so that a planted foot stays exactly on its
 * ground point at every sampled frame (foot drift is measured by test/shared/anim).
 */
import type { Skeleton } from '../../rig/skeleton';
import type { Clip, ClipTrack } from '../clip';
import type { Pose, WorldPose } from '../pose';
import { forwardKinematics, newWorldPose, resetPose, restPose, restWorld } from '../pose';
import { qAxisAngle, qFromTo, qInvMul, qMul } from '../quat';

type V3 = [number, number, number];
const sq = new Float64Array(4);
const sv = new Float64Array(3);

export class PoseBuilder {
  readonly pose: Pose;
  readonly world: WorldPose;
  readonly rest: WorldPose;
  private readonly index: Map<string, number>;

  constructor(readonly skel: Skeleton) {
    this.pose = restPose(skel);
    this.world = newWorldPose(skel.names.length);
    this.rest = restWorld(skel);
    this.index = new Map(skel.names.map((n, i) => [n, i]));
    this.reset();
  }

  j(key: string): number {
    const i = this.index.get(key);
    if (i === undefined) throw new Error(`pose-builder: no joint ${key}`);
    return i;
  }

  reset(): void {
    resetPose(this.skel, this.pose);
    this.fk();
  }

  fk(): void {
    forwardKinematics(this.skel, this.pose, this.world);
  }

  restPos(key: string): V3 {
    const i = this.j(key) * 3;
    return [this.rest.position[i], this.rest.position[i + 1], this.rest.position[i + 2]];
  }

  pos(key: string): V3 {
    const i = this.j(key) * 3;
    return [this.world.position[i], this.world.position[i + 1], this.world.position[i + 2]];
  }

  /** Adds to the root joint's translation (model space). */
  moveRoot(dx: number, dy: number, dz: number): this {
    this.pose.translation[0] += dx; this.pose.translation[1] += dy; this.pose.translation[2] += dz;
    this.fk();
    return this;
  }

  /** Rotates a joint (and so its subtree) by `angle` radians about a world axis. */
  rot(key: string, axis: V3, angle: number): this {
    if (angle === 0) return this;
    const j = this.j(key);
    qAxisAngle(sq, 0, axis[0], axis[1], axis[2], angle);
    qMul(sq, 0, sq, 0, this.world.rotation, j * 4);
    this.setWorldRotation(j, sq);
    return this;
  }

  /** Sets joint j's world rotation, keeping its parent's. */
  setWorldRotation(j: number, q: ArrayLike<number>): void {
    const p = this.skel.parents[j];
    if (p < 0) this.pose.local.set([q[0], q[1], q[2], q[3]], j * 4);
    else qInvMul(this.pose.local, j * 4, this.world.rotation, p * 4, q, 0);
    this.fk();
  }

  /** Gives a joint its rest world rotation, optionally turned about a world axis (feet kept flat). */
  keepRestWorld(key: string, axis: V3 = [1, 0, 0], angle = 0): this {
    const j = this.j(key);
    qAxisAngle(sq, 0, axis[0], axis[1], axis[2], angle);
    qMul(sq, 0, sq, 0, this.rest.rotation, j * 4);
    this.setWorldRotation(j, sq);
    return this;
  }

  /** Turns a joint so the direction to `childKey` points along `dir` (shortest arc). */
  aim(key: string, childKey: string, dir: V3): this {
    const j = this.j(key);
    const c = this.pos(childKey);
    const p = this.pos(key);
    sv[0] = c[0] - p[0]; sv[1] = c[1] - p[1]; sv[2] = c[2] - p[2];
    qFromTo(sq, 0, sv, 0, dir, 0);
    qMul(sq, 0, sq, 0, this.world.rotation, j * 4);
    this.setWorldRotation(j, sq);
    return this;
  }

  /**
   * Two-bone IK: turns `upper` and `mid` so `end` reaches `target`, the middle joint bending towards
   * `pole`. Returns the distance left when the target is out of reach (0 when reached).
   */
  ik(upper: string, mid: string, end: string, target: V3, pole: V3): number {
    const a = this.pos(upper), b = this.pos(mid), c = this.pos(end);
    const l1 = Math.hypot(b[0] - a[0], b[1] - a[1], b[2] - a[2]);
    const l2 = Math.hypot(c[0] - b[0], c[1] - b[1], c[2] - b[2]);
    const dx = target[0] - a[0], dy = target[1] - a[1], dz = target[2] - a[2];
    const dRaw = Math.hypot(dx, dy, dz) || 1e-9;
    const d = Math.min(Math.max(dRaw, Math.abs(l1 - l2) + 1e-6), l1 + l2 - 1e-6);
    const u: V3 = [dx / dRaw, dy / dRaw, dz / dRaw];
    const along = (l1 * l1 - l2 * l2 + d * d) / (2 * d);
    const h = Math.sqrt(Math.max(0, l1 * l1 - along * along));
    const pd = pole[0] * u[0] + pole[1] * u[1] + pole[2] * u[2];
    let v: V3 = [pole[0] - pd * u[0], pole[1] - pd * u[1], pole[2] - pd * u[2]];
    const vl = Math.hypot(v[0], v[1], v[2]) || 1;
    v = [v[0] / vl, v[1] / vl, v[2] / vl];
    const knee: V3 = [a[0] + u[0] * along + v[0] * h, a[1] + u[1] * along + v[1] * h, a[2] + u[2] * along + v[2] * h];
    this.aim(upper, mid, [knee[0] - a[0], knee[1] - a[1], knee[2] - a[2]]);
    this.aim(mid, end, [target[0] - knee[0], target[1] - knee[1], target[2] - knee[2]]);
    return Math.max(0, dRaw - d);
  }
}

export interface ClipSpecOptions {
  name: string;
  duration: number;
  fps?: number;
  loop: boolean;
  /** Builds frame pose at phase in [0, 1] (already reset to rest). */
  frame: (b: PoseBuilder, phase: number, time: number) => void;
}

/**
 * Samples `frame` into rotation tracks for every joint (and the root's translation). For loops the
 * last key is the first key again, so the clip closes exactly.
 */
export function bakeClip(skel: Skeleton, opts: ClipSpecOptions): Clip {
  const fps = opts.fps ?? 30;
  const frames = Math.max(2, Math.round(opts.duration * fps) + 1);
  const n = skel.names.length;
  const times = new Float32Array(frames);
  const rot = Array.from({ length: n }, () => new Float32Array(frames * 4));
  const rootT = new Float32Array(frames * 3);
  const b = new PoseBuilder(skel);
  for (let f = 0; f < frames; f++) {
    const src = opts.loop && f === frames - 1 ? 0 : f;
    const phase = src / (frames - 1);
    times[f] = (f / (frames - 1)) * opts.duration;
    b.reset();
    opts.frame(b, phase, phase * opts.duration);
    for (let j = 0; j < n; j++) {
      // Keep quaternion signs continuous so linear-space writers never take the long way round.
      const o = f * 4;
      let s = 1;
      if (f > 0) {
        const prev = rot[j];
        const dot = prev[o - 4] * b.pose.local[j * 4] + prev[o - 3] * b.pose.local[j * 4 + 1] + prev[o - 2] * b.pose.local[j * 4 + 2] + prev[o - 1] * b.pose.local[j * 4 + 3];
        if (dot < 0) s = -1;
      }
      for (let c = 0; c < 4; c++) rot[j][o + c] = s * b.pose.local[j * 4 + c];
    }
    for (let c = 0; c < 3; c++) rootT[f * 3 + c] = b.pose.translation[c];
  }
  const tracks: ClipTrack[] = [];
  for (let j = 0; j < n; j++) {
    if (skel.names[j].endsWith('_End')) continue;
    tracks.push({ joint: skel.names[j], path: 'rotation', interpolation: 'LINEAR', times, values: rot[j] });
  }
  const root = skel.parents.indexOf(-1);
  tracks.push({ joint: skel.names[root], path: 'translation', interpolation: 'LINEAR', times, values: rootT });
  return { name: opts.name, duration: opts.duration, tracks };
}

export const TAU = Math.PI * 2;
export const X: V3 = [1, 0, 0];
export const Y: V3 = [0, 1, 0];
export const Z: V3 = [0, 0, 1];
export const deg = (d: number): number => (d * Math.PI) / 180;
/** 0..1 ease with zero slope at both ends. */
export const smooth = (t: number): number => {
  const x = Math.min(1, Math.max(0, t));
  return x * x * (3 - 2 * x);
};
/** Fractional part, for phase offsets. */
export const fract = (x: number): number => x - Math.floor(x);
