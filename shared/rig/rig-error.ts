/** A rigging failure a person can act on (too sparse, too fragmented, no usable mesh). */
export class RigError extends Error {
  override name = 'RigError';
  constructor(message: string) {
    super(message.startsWith('rig:') ? message : `rig: ${message}`);
  }
}
