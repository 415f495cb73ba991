/**
 * Symmetry of joint edits (pure): a Left joint's twin is the Right joint of the same name (and back),
 * in every naming the service writes (`LeftLeg`, `mixamorig:LeftLeg`, `leg.L`, `leg_l`, `l_leg`), and
 * its position is mirrored across the plane x = centre of the model's bounds (characters face +Z).
 */
import type { Vec3 } from '../api/rig-report';

const SWAPS: [RegExp, (m: string) => string][] = [
  [/Left/, () => 'Right'],
  [/Right/, () => 'Left'],
  [/left/, () => 'right'],
  [/right/, () => 'left'],
  [/([._])L$/, (m) => `${m[0]}R`],
  [/([._])R$/, (m) => `${m[0]}L`],
  [/([._])l$/, (m) => `${m[0]}r`],
  [/([._])r$/, (m) => `${m[0]}l`],
  [/^L([._])/, (m) => `R${m[1]}`],
  [/^R([._])/, (m) => `L${m[1]}`],
  [/^l([._])/, (m) => `r${m[1]}`],
  [/^r([._])/, (m) => `l${m[1]}`],
];

/** The name of `name`'s mirror twin among `names`, or null (a centre joint, or no twin rigged). */
export function mirrorTwin(name: string, names: ReadonlySet<string>): string | null {
  for (const [pattern, replace] of SWAPS) {
    if (!pattern.test(name)) continue;
    const twin = name.replace(pattern, replace);
    if (twin !== name && names.has(twin)) return twin;
  }
  return null;
}

/** `p` mirrored across the plane x = centreX. */
export function mirrorAcross(p: Vec3, centreX: number): Vec3 {
  return [2 * centreX - p[0], p[1], p[2]];
}

/** The mid-plane of the bounds along x. */
export function centreX(bounds: { min: Vec3; max: Vec3 }): number {
  return (bounds.min[0] + bounds.max[0]) / 2;
}
