/**
 * An animation clip: keyframe tracks addressed by joint name, so a clip survives
 * re-indexing and retargeting. Times in seconds; rotation values are quaternions xyzw.
 */
export interface ClipTrack {
  joint: string;
  path: 'translation' | 'rotation' | 'scale';
  interpolation: 'LINEAR' | 'STEP';
  times: Float32Array;
  values: Float32Array;
}

export interface Clip {
  name: string;
  duration: number;
  tracks: ClipTrack[];
}
