/**
 * The built-in clip library: every clip authored on its body plan's template skeleton, released by the
 * project under CC0-1.0. Deterministic: the same code gives the same keys.
 *
 * @example
 *   const clips = builtinClips('biped'); // [{ id: 'biped-walk', clip, loop: true, groundSpeed, ... }]
 */
import type { Skeleton } from '../../rig/skeleton';
import { templateSkeleton, type TemplatePlan, TEMPLATE_PLANS } from '../template-skeleton';
import { BIPED_CLIPS } from './biped-clips';
import { QUADRUPED_CLIPS } from './quadruped-clips';
import { multilegClips } from './multileg-clips';
import { AQUATIC_CLIPS, AVIAN_CLIPS, SERPENTINE_CLIPS } from './other-clips';
import type { LibraryClip } from './library-types';

export type { LibraryClip } from './library-types';

export interface BuiltinClip extends LibraryClip {
  /** Stable id, `<plan>-<name>` (the catalog's clip id). */
  id: string;
  plan: TemplatePlan;
  skeleton: Skeleton;
  fps: number;
}

const MAKERS: Record<TemplatePlan, Record<string, (skel: Skeleton) => LibraryClip>> = {
  biped: BIPED_CLIPS,
  quadruped: QUADRUPED_CLIPS,
  hexapod: multilegClips(3),
  octopod: multilegClips(4),
  avian: AVIAN_CLIPS,
  serpentine: SERPENTINE_CLIPS,
  aquatic: AQUATIC_CLIPS,
};

/** Built-in clips of one body plan (or all plans). */
export function builtinClips(plan?: TemplatePlan): BuiltinClip[] {
  const out: BuiltinClip[] = [];
  for (const p of plan ? [plan] : TEMPLATE_PLANS) {
    const skeleton = templateSkeleton(p);
    for (const [name, make] of Object.entries(MAKERS[p])) {
      const made = make(skeleton);
      made.clip.name = name;
      out.push({ ...made, id: `${p}-${name.replace(/_/g, '-')}`, plan: p, skeleton, fps: 30 });
    }
  }
  return out;
}

export function builtinClipNames(plan: TemplatePlan): string[] {
  return Object.keys(MAKERS[plan]);
}
