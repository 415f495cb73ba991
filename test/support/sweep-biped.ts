/**
 * A body of eval:rig-sweep with the extras its seed draws (bent limbs, a stride, a dress, a hat brim; `body`
 * may leave them out and add what it wears, synthetic/biped-wear.ts), rigged
 * as a biped, and the fit's semantic error against the body's truth, as the sweep measures it: the
 * sweep-body tests pin a seed whose fit once failed.
 */
import { rigMesh } from '../../shared/rig/rig-mesh';
import type { RigEngine, RigResult } from '../../shared/rig/types';
import { buildSweepBiped } from '../../shared/rig/synthetic/biped-sweep';
import { characterFromBuild } from '../../shared/rig/synthetic/characters';
import { heightOf } from '../eval/metrics';
import { semanticError } from '../eval/semantic-error';
import type { SemanticError } from '../eval/semantic-error';

export function rigSweepBiped(seed: number, engine: RigEngine, givenJoints?: Record<string, [number, number, number]>, body: { extras?: boolean; wear?: boolean } = {}): { r: RigResult; s: SemanticError } {
  const c = characterFromBuild(`sweep-${seed}`, 'biped', buildSweepBiped(seed, body.extras ?? true, body.wear ?? false), { accessories: false });
  const r = rigMesh(c.mesh, { rigType: 'biped', engine, rotationY: 0, boneNaming: 'mixamo', fingers: false, givenJoints });
  return { r, s: semanticError(r, c, heightOf(c.mesh.positions)) };
}
