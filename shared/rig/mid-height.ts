/**
 * A joint centred between the top and bottom surfaces of the body part it sits in, on a vertical line.
 *
 * The head joint of the animal fits. The head's medial path runs low, along the jaw to the snout, and put
 * the head joint at 0.22-0.40 of the head's height (fast: fox 0.30, horse 0.22, Pig 0.40); the artists put
 * it at the skull's pivot, 0.39-0.64 of that height (fox 0.51, horse 0.39, Pig 0.64, mean 0.51). The
 * synthetic quadruped's round head has its joint on the capsule's axis, at 0.5.
 */
import type { Volume } from './volume';
import { insideAt, insideRun } from './volume';
import type { Vec3 } from './fit-common';

/** `p` moved up or down to the middle of the vertical inside run through it (unchanged when outside). */
export function midHeight(vol: Volume, p: Vec3): Vec3 {
  if (!insideAt(vol, p[0], p[1], p[2])) return p;
  const span = vol.max[1] - vol.min[1];
  const up = insideRun(vol, p, 0, 1, 0, span), down = insideRun(vol, p, 0, -1, 0, span);
  return [p[0], p[1] + 0.5 * (up - down), p[2]];
}
