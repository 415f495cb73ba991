/**
 * Errors of the mesh-formats layer.
 *
 * `MeshFormatError` means "this file is not readable as a riggable mesh" (unsupported, corrupt,
 * hostile, PLY or VRM): the service answers 400 `unsupported_format` with its message.
 * `MeshLimitError` is the subclass for a well-formed file above a size limit (the face limit):
 * at submission time it is still `unsupported_format`; during processing the job fails with it.
 */
export type MeshErrorCode = 'unsupported_format';

export class MeshFormatError extends Error {
  override name = 'MeshFormatError';
  readonly code: MeshErrorCode = 'unsupported_format';
}

export class MeshLimitError extends MeshFormatError {
  override name = 'MeshLimitError';
  constructor(
    message: string,
    /** Which limit (`triangles`, `vertices`, `joints`, ...). */
    readonly limit: string,
  ) {
    super(message);
  }
}

/** Wraps anything a third-party decoder throws into a MeshFormatError with our prefix. */
export function asMeshFormatError(prefix: string, err: unknown): MeshFormatError {
  if (err instanceof MeshFormatError) return err;
  const msg = err instanceof Error ? err.message : String(err);
  return new MeshFormatError(`${prefix}: ${msg}`);
}
