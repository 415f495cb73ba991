import type { Clip } from '../clip';

/** A built-in clip with what tests and the catalog need beyond the Clip contract. */
export interface LibraryClip {
  clip: Clip;
  loop: boolean;
  /** Locomotion: speed (m/s on the template) of the ground under an in-place loop. */
  groundSpeed?: number;
  /** Joints planted on the ground while at ground height (foot drift is measured on them). */
  contacts: string[];
}
