/**
 * The contract between the job system and an operation (rig, generate_model, ...).
 *
 * An operation runs inside a worker child process. It gets the job's parameters and the path of
 * its stored input (if any), does the work through the pure engines, and returns the files it
 * produced. The worker stores them in the blob store and the service turns them into the job's
 * `output`. Throwing `OperationError` fails the job with a message meant for a person; any other
 * exception fails it too, with a generic prefix.
 */
export interface OperationInput {
  jobId: string;
  operation: string;
  params: Record<string, unknown>;
  /** Absolute path of the stored input file, when the job has one. */
  inputPath: string | null;
  /** Original file name of the input (used for format detection), when known. */
  inputName: string | null;
}

export interface OperationFile {
  /** `model` (becomes model_url), `thumbnail` (thumbnail_url), `report`, or another role. */
  role: string;
  filename: string;
  contentType: string;
  data: Uint8Array;
}

export interface OperationResult {
  files: OperationFile[];
}

export interface OperationContext {
  /** Report an internal stage and overall progress in [0, 1]; cheap, may be called often. */
  progress(stage: string, fraction: number): void;
}

export type Operation = (input: OperationInput, ctx: OperationContext) => Promise<OperationResult>;

/** A failure whose message is shown to the user as the job's `error`. */
export class OperationError extends Error {
  override name = 'OperationError';
}
