/**
 * Re-skin an edited skeleton without refitting: the live preview of "Edit joints" (issue 14). Build the
 * mesh's state once with `prepareSkinState` (normalise + voxelise, ~the first half of a rig), then call
 * `reskin` on every edit; both are pure (no node: imports), so they run in a browser Web Worker.
 * The weights are the full rig's (same code, rig-mesh.ts uses `skinSkeleton` too) for the same joints.
 */
import type { SkinState, SkinWeights } from './skin-state';
import { skinSkeleton } from './skin-state';
import { RigError } from './rig-error';
import { toNormalised } from './normalize';

export { prepareSkinState } from './skin-state';
export type { SkinState, SkinWeights } from './skin-state';

/** A skeleton as the rig report gives it: positions in the model's frame after rotation_y. */
export interface EditedSkeleton {
  /** 3 floats per joint, model units, after rotation_y (the rig report's `position`s). */
  positions: ArrayLike<number>;
  /** Parent index per joint, -1 for the root; parents listed before children. */
  parents: Int32Array;
  /** False for end joints (`*_End`), which carry no weight. */
  deform: readonly boolean[];
  /** Bone ends of deforming leaves by joint index (the rig report's `tip`), same frame as `positions`. */
  leafTips?: ReadonlyMap<number, ArrayLike<number>>;
}

/** Skin weights for the edited skeleton: 4 joints + 4 weights per merged vertex, joint order as given. */
export function reskin(state: SkinState, skeleton: EditedSkeleton): SkinWeights {
  const n = skeleton.parents.length;
  if (skeleton.positions.length !== n * 3 || skeleton.deform.length !== n)
    throw new RigError(`reskin: ${n} parents but ${skeleton.positions.length / 3} positions and ${skeleton.deform.length} deform flags`);
  const positions = new Float64Array(n * 3);
  for (let j = 0; j < n; j++) toNormalised(state.norm, [skeleton.positions[j * 3], skeleton.positions[j * 3 + 1], skeleton.positions[j * 3 + 2]], positions, j * 3);
  const leafTips = new Map<number, number[]>();
  for (const [j, tip] of skeleton.leafTips ?? []) {
    const t = [0, 0, 0];
    toNormalised(state.norm, tip, t, 0);
    leafTips.set(j, t);
  }
  return skinSkeleton(state, { positions, parents: skeleton.parents, deform: skeleton.deform, leafTips });
}
