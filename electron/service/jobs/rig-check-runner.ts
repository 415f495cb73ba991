/**
 * Runs rig pre-checks (reading + precheckMesh) in child processes, so a check never blocks the API's event
 * loop: reading a large FBX and voxelising take up to seconds of CPU. One process per check, killed at the
 * deadline; at most `maxConcurrent` at once, beyond that 503 backend_unavailable (checks are free, so they
 * must not be able to crowd the machine's two cores out from under the rig workers).
 * Notes: a child process rather than a worker thread for the same reason as the job pool (worker-pool.ts):
 * a runaway reader must be killable, and the process loads TypeScript through the same tsx loader.
 */
import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ApiError } from '../../../shared/api/api-error';
import type { PrecheckResult } from '../../../shared/rig/precheck';
import type { RigCheckReply, RigCheckRequest } from '../../workers/rig-check-protocol';

const here = path.dirname(fileURLToPath(import.meta.url));
const WORKER_ENTRY = path.resolve(here, '../../workers/rig-check-worker.ts');
const TSX_LOADER = createRequire(import.meta.url).resolve('tsx');

export interface RigCheckRunnerOptions {
  maxConcurrent: number;
  deadlineMs: number;
  workerMemoryMb: number;
}

export const RIG_CHECK_DEFAULTS: RigCheckRunnerOptions = { maxConcurrent: 2, deadlineMs: 30_000, workerMemoryMb: 2048 };

export class RigCheckRunner {
  private running = 0;

  constructor(private readonly options: RigCheckRunnerOptions = RIG_CHECK_DEFAULTS) {}

  /** Throws ApiError: 503 when busy or past the deadline, 400 unsupported_format, 500 on a crash. */
  async check(request: RigCheckRequest): Promise<PrecheckResult> {
    if (this.running >= this.options.maxConcurrent) {
      throw new ApiError('backend_unavailable', `${this.running} rig checks are already running (at most ${this.options.maxConcurrent} at once); retry in a few seconds.`);
    }
    this.running++;
    try {
      const reply = await this.runChild(request);
      if (reply.type === 'unsupported') throw new ApiError('unsupported_format', reply.message);
      if (reply.type === 'failed') throw new ApiError('internal_error', `The rig check failed: ${reply.message}`);
      return reply.result;
    } finally {
      this.running--;
    }
  }

  private runChild(request: RigCheckRequest): Promise<RigCheckReply> {
    return new Promise((resolve, reject) => {
      const child = fork(WORKER_ENTRY, [], {
        execArgv: ['--import', TSX_LOADER, `--max-old-space-size=${this.options.workerMemoryMb}`],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        serialization: 'advanced',
      });
      let settled = false;
      const settle = (fn: () => void): void => {
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        fn();
      };
      const deadline = setTimeout(() => settle(() => reject(new ApiError(
        'backend_unavailable',
        `The rig check did not finish within ${Math.round(this.options.deadlineMs / 1000)} s and was stopped; the mesh may still rig: submit POST /v1/rigs.`,
      ))), this.options.deadlineMs);
      child.once('message', (m: RigCheckReply) => settle(() => resolve(m)));
      child.once('error', (err) => settle(() => reject(new ApiError('backend_unavailable', `The rig check could not start: ${err.message}`))));
      child.once('exit', (code, signal) => settle(() => reject(new ApiError(
        'internal_error',
        `The rig check process ${signal ? `was killed (${signal})` : `exited with code ${code}`} before answering (out of memory on a very large mesh?).`,
      ))));
      child.send(request);
    });
  }
}
