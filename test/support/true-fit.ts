/**
 * The synthetic T-pose biped's true skeleton as a fit in the fast engine's working frame, with its volume:
 * what the checks after a fit (fit-checks.ts) accept, for tests that break one joint and see it reported.
 */
import type { FitResult } from '../../shared/rig/fit-common';
import { prepareSkinState } from '../../shared/rig/skin-state';
import { syntheticCharacter } from '../../shared/rig/synthetic/characters';

export function trueFit(): { fit: FitResult; state: ReturnType<typeof prepareSkinState>; H: number } {
  const c = syntheticCharacter('biped', { pose: 'T', accessories: false });
  const state = prepareSkinState(c.mesh, 'fast', 0);
  const { scale, offset } = state.norm;
  const positions = new Float64Array(c.truth.positions.length);
  for (let i = 0; i < positions.length; i++) positions[i] = (c.truth.positions[i] - offset[i % 3]) * scale;
  const keys = c.truth.keys;
  const fit: FitResult = {
    names: keys, keys, parents: Int32Array.from(c.truth.parents), roles: keys.map(() => ''), deform: keys.map((k) => !k.endsWith('_End')),
    positions, leafTips: new Map(), warnings: [], facingDeg: 0,
  };
  return { fit, state, H: state.norm.max[1] };
}
