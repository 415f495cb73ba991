/**
 * Bone lengths do not change with the pose: a left limb's bones are about as long as the right one's. The
 * artists' twin upper arms, forearms, thighs and shins on the 11 corpus bipeds whose skeletons have those
 * roles: shorter over longer 0.875-1.000 (the Robot's upper arms 0.875, Female_Dress' and the Goblin's 0.92,
 * every other 0.97 or more). A fit whose twin bones differ a lot has put a joint of one of them in the wrong
 * place, whatever the mesh's pose. The case it was written for: a leg striding forwards, its ankle found up
 * the tilted shin (the instep scan assumes an upright shin): five random bodies of `eval:rig-sweep --extras`
 * with a stride had a foot 3.6-15% of the height off with the verdict `ok`, shins 0.41-0.64 of their twin's
 * (seeds 58, 72, 78, 84, 86 fast). Which side is wrong is not known, so nothing is repaired; the report
 * says so.
 */
import type { FitResult } from './fit-common';

/** Shorter over longer twin bone under which the fit is doubted. */
export const MIN_TWIN_BONE_RATIO = 0.7;
/**
 * Bones shorter than this share of the height are left out: toes, feet (ankle to ball), palms and
 * clavicles, whose fitted length follows the part's own shape more than the skeleton (sweep seed 78 with
 * pro: ankle found within 0.03 H, yet its foot bones 0.06-0.08 H long differ by a third).
 */
const MIN_BONE = 0.1;

/** Keys of the joints ending twin bones of unequal length (both sides), or null when all agree. */
export function unequalTwinBones(fit: FitResult, keyIndex: ReadonlyMap<string, number>, H: number): string[] | null {
  const P = fit.positions;
  const length = (j: number): number => {
    const q = fit.parents[j];
    return Math.hypot(P[j * 3] - P[q * 3], P[j * 3 + 1] - P[q * 3 + 1], P[j * 3 + 2] - P[q * 3 + 2]);
  };
  const out: string[] = [];
  for (let j = 0; j < fit.keys.length; j++) {
    const key = fit.keys[j];
    const q = fit.parents[j];
    // A bone within a limb: the joint and its parent both on the left.
    if (!key.startsWith('Left') || q < 0 || !fit.keys[q].startsWith('Left') || !fit.deform[j]) continue;
    const twin = keyIndex.get('Right' + key.slice(4));
    if (twin === undefined || fit.parents[twin] < 0 || fit.keys[fit.parents[twin]] !== 'Right' + fit.keys[q].slice(4)) continue;
    const a = length(j), b = length(twin);
    if (Math.max(a, b) < MIN_BONE * H) continue;
    if (Math.min(a, b) < MIN_TWIN_BONE_RATIO * Math.max(a, b)) out.push(key, fit.keys[twin]);
  }
  return out.length ? out : null;
}
