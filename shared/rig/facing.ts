/** The report's facing warning: the model seems to face another way, and the rotation_y that fixes it. */
export function facingWarning(facingDeg: number | null, rotationY: number): string | null {
  if (facingDeg === null || Math.abs(facingDeg) <= 45) return null;
  const snapped = Math.round(facingDeg / 90) * 90;
  const dir = snapped === 90 ? '+X' : snapped === -90 ? '-X' : '-Z';
  let fix = ((rotationY - snapped) % 360 + 540) % 360 - 180;
  if (fix === -180) fix = 180;
  return `the model seems to face ${dir} after rotation_y=${rotationY}; rig it again with rotation_y=${fix} so it faces +Z`;
}
