/**
 * The rest skeleton of each body-plan template, the one the built-in clips are authored on: the
 * synthetic character's ground-truth joints (the README's "Rig templates" placements, T-pose, metres, facing +Z)
 * oriented by the rig engine's own convention, so a Rigdesk rig differs from it only in proportions.
 */
import type { RigType } from '../rig/types';
import type { Skeleton } from '../rig/skeleton';
import { templateFor } from '../rig/templates';
import { buildPlan } from '../rig/synthetic/plans';
import { orientSkeleton } from '../rig/orient';

export type TemplatePlan = Exclude<RigType, 'others'>;
export const TEMPLATE_PLANS: readonly TemplatePlan[] = ['biped', 'quadruped', 'hexapod', 'octopod', 'avian', 'serpentine', 'aquatic'];

const cache = new Map<TemplatePlan, Skeleton>();

export function templateSkeleton(plan: TemplatePlan): Skeleton {
  const hit = cache.get(plan);
  if (hit) return hit;
  const t = templateFor(plan, false);
  const build = buildPlan(plan, 'T');
  const names = t.joints.map((j) => j.key);
  const index = new Map(names.map((n, i) => [n, i]));
  const parents = Int32Array.from(t.joints.map((j) => (j.parent === null ? -1 : index.get(j.parent)!)));
  const positions = new Float64Array(names.length * 3);
  names.forEach((n, i) => {
    const p = build.joints[n];
    if (!p) throw new Error(`template-skeleton: synthetic ${plan} has no joint ${n}`);
    positions.set(p, i * 3);
  });
  const skel = orientSkeleton(names, parents, positions, new Map(), t.joints.map((j) => j.role));
  cache.set(plan, skel);
  return skel;
}
