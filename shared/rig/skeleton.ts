/**
 * A skeleton as flat arrays, parents before children.
 *
 * `restLocal` holds 10 floats per joint: translation xyz, rotation quaternion xyzw, scale xyz,
 * relative to the parent joint (the root's is relative to model space).
 * Rigdesk's own skeletons follow one orientation convention: each bone's +Y points to its child.
 */
export interface Skeleton {
  names: string[];
  /** Parent index per joint, -1 for a root. */
  parents: Int32Array;
  restLocal: Float32Array;
  /** Optional semantic role per joint (`hips`, `left_elbow`, ...), '' when none. */
  roles?: string[];
}

export const REST_STRIDE = 10;
