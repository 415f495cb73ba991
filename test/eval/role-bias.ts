/**
 * Where a fit's joints sit against an artist's, role by role and on average over many characters: the
 * signed offset in the rigged frame (the model turned by its rotation_y to face +Z), as % of the height,
 * with X folded so that + is outward for a sided role (towards the character's own side). A mean error
 * that is mostly one signed component is a convention or a rule's bias shared by the set (0 A.D.'s
 * humans: hip joints 5-6% of H above ours on every body); one that is not is scatter. eval:rig-games'
 * `--joints` prints it.
 */
import type { Vec3 } from '../../shared/rig/fit-common';
import { turnedAboutY } from './turn-back';

export interface RoleOffsets {
  /** Adds our joint against the artist's, both in the file's frame, for a model rigged at `rotationYDeg`. */
  add(group: string, role: string, ours: ArrayLike<number>, artist: ArrayLike<number>, height: number, rotationYDeg: number): void;
  /** One line per group and role: n, mean distance, mean outward, up and forward offsets (% of H). */
  table(): string[];
}

export function roleOffsets(): RoleOffsets {
  const sums = new Map<string, { n: number; dist: number; d: Vec3 }>();
  return {
    add(group, role, ours, artist, height, rotationYDeg) {
      const dx = (ours[0] - artist[0]) / height, dy = (ours[1] - artist[1]) / height, dz = (ours[2] - artist[2]) / height;
      // The file's frame to the rigged one (turnJointsBack's inverse), where the character faces +Z and its left is +X.
      const [x, z] = turnedAboutY(dx, dz, rotationYDeg);
      const out = role.startsWith('right_') ? -x : x;
      const key = `${group}\t${role}`;
      const e = sums.get(key) ?? { n: 0, dist: 0, d: [0, 0, 0] };
      e.n++;
      e.dist += Math.hypot(dx, dy, dz);
      e.d[0] += out;
      e.d[1] += dy;
      e.d[2] += z;
      sums.set(key, e);
    },
    table() {
      const pct = (v: number): string => (v * 100).toFixed(2).padStart(7);
      const lines = [`${'group'.padEnd(14)} ${'role'.padEnd(16)}   n   |d|    out/x     up   forward  (% of H; out/x: outward for a sided role, +X for a central one)`];
      for (const [key, e] of sums) {
        const [group, role] = key.split('\t');
        lines.push(`${group.padEnd(14)} ${role.padEnd(16)} ${String(e.n).padStart(3)} ${pct(e.dist / e.n)} ${pct(e.d[0] / e.n)} ${pct(e.d[1] / e.n)} ${pct(e.d[2] / e.n)}`);
      }
      return lines;
    },
  };
}
