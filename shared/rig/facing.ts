/**
 * A biped's feet tell its front only when the toes reach at least this share of the height ahead of (or
 * behind) the ankle, on average per foot: a third of an adult's reach (foot 0.15 H, the ankle a quarter of
 * it from the heel: 0.11 H). The corpus bipeds' fitted toe ends lie 0.024-0.16 H ahead of the ankle, the
 * pre-check's foot tips 0.034-0.2 H on average; the Quaternius Alien's and Goblin's blob feet, 0.023-0.038 H
 * behind it, made the rig and the pre-check tell both to turn by 180 though they face +Z. A false warning is
 * followed and turns a right model round; a missing one leaves the viewer to show it. Shorter feet
 * (Banana, Kenney male-c and female-f) make no claim either way.
 */
export const MIN_TOE_REACH = 0.04;

/** The report's facing warning: the model seems to face another way, and the rotation_y that fixes it. */
export function facingWarning(facingDeg: number | null, rotationY: number): string | null {
  if (facingDeg === null || Math.abs(facingDeg) <= 45) return null;
  const snapped = Math.round(facingDeg / 90) * 90;
  const dir = snapped === 90 ? '+X' : snapped === -90 ? '-X' : '-Z';
  let fix = ((rotationY - snapped) % 360 + 540) % 360 - 180;
  if (fix === -180) fix = 180;
  return `the model seems to face ${dir} after rotation_y=${rotationY}; rig it again with rotation_y=${fix} so it faces +Z`;
}
