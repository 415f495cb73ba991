/** Messages between the worker pool (service process) and a job worker child process. */

export interface RunJobMessage {
  type: 'run';
  job: {
    id: string;
    operation: string;
    params: Record<string, unknown>;
    inputPath: string | null;
    inputName: string | null;
    /** Absolute path of the operation module to import (see electron/workers/operation.ts). */
    modulePath: string;
  };
}

export interface StoredFile {
  role: string;
  filename: string;
  content_type: string;
  sha256: string;
  bytes: number;
}

export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'progress'; jobId: string; stage: string; fraction: number }
  | { type: 'done'; jobId: string; files: StoredFile[] }
  | { type: 'failed'; jobId: string; message: string };
