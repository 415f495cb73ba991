/**
 * The random-body sweeps' draws (biped, robot, quadruped, avian, aquatic, hexapod, theropod): the catalog's
 * seeded generator, so the same seed gives the same body on every machine; each generator salts the seed so
 * that its stream is its own.
 */
import { mulberry32 } from '../../catalog/geometry/noise';

export interface Draws {
  /** Uniform in [0, 1). */
  rnd: () => number;
  /** Uniform in [lo, hi). */
  between: (lo: number, hi: number) => number;
}

export function seededDraws(seed: number): Draws {
  const rnd = mulberry32(seed);
  return { rnd, between: (lo, hi) => lo + (hi - lo) * rnd() };
}
