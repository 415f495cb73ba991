/**
 * Foot paths for locomotion loops, in the character's (in-place) frame: during stance the foot slides
 * back linearly at the ground speed, so it is fixed on a treadmill ground moving at that speed; during
 * swing it returns along an eased arc. Both ends meet, so the loop closes.
 */
type V3 = [number, number, number];

export interface Gait {
  /** Fraction of the cycle a foot is on the ground. */
  duty: number;
  /** Half the distance a foot travels under the body during stance (metres). */
  reach: number;
  /** Swing height (metres). */
  lift: number;
  /** Cycle length (seconds). */
  period: number;
}

/** Ground speed implied by a gait: the stance foot travels 2*reach in duty*period. */
export function groundSpeed(g: Gait): number {
  return (2 * g.reach) / (g.duty * g.period);
}

/** Foot target at cycle phase (0..1) with this foot's phase offset; `rest` is its rest position. */
export function footTarget(g: Gait, rest: V3, phase: number, offset: number): { p: V3; stance: boolean; swing: number } {
  const s = phase - offset - Math.floor(phase - offset);
  if (s < g.duty) {
    const u = s / g.duty;
    return { p: [rest[0], rest[1], rest[2] + g.reach - 2 * g.reach * u], stance: true, swing: 0 };
  }
  const u = (s - g.duty) / (1 - g.duty);
  const e = u * u * (3 - 2 * u);
  return { p: [rest[0], rest[1] + g.lift * Math.sin(Math.PI * u), rest[2] - g.reach + 2 * g.reach * e], stance: false, swing: u };
}
