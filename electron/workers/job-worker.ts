/**
 * Entry point of a job worker child process (forked by electron/service/jobs/worker-pool.ts).
 * Thin by design: take a job, import its operation, run it, store the files, report back.
 * One job at a time; the pool kills and replaces this process when it hangs or crashes.
 */
import { BlobStore } from '../service/files/blob-store';
import type { Operation } from './operation';
import { OperationError } from './operation';
import type { RunJobMessage, StoredFile, WorkerMessage } from './protocol';

const dataDir = process.env.RIGDESK_WORKER_DATA;
if (!dataDir || !process.send) {
  console.error('job-worker: must be forked by the worker pool with RIGDESK_WORKER_DATA set');
  process.exit(2);
}
const blobs = new BlobStore(dataDir);
const send = (m: WorkerMessage) => process.send!(m);

process.on('message', (m: RunJobMessage) => {
  if (m?.type === 'run') void run(m.job);
});

async function run(job: RunJobMessage['job']): Promise<void> {
  let lastSent = 0;
  try {
    const mod = (await import(job.modulePath)) as { default?: Operation; run?: Operation };
    const operation = mod.default ?? mod.run;
    if (typeof operation !== 'function') throw new Error(`operation module ${job.modulePath} exports no function`);
    const result = await operation(
      { jobId: job.id, operation: job.operation, params: job.params, inputPath: job.inputPath, inputName: job.inputName },
      {
        progress(stage, fraction) {
          const now = Date.now();
          if (now - lastSent < 100 && fraction < 1) return; // the pool writes each one to SQLite
          lastSent = now;
          send({ type: 'progress', jobId: job.id, stage, fraction: Math.min(1, Math.max(0, fraction)) });
        },
      },
    );
    const files: StoredFile[] = result.files.map((f) => {
      const { sha256, bytes } = blobs.put(f.data);
      return { role: f.role, filename: f.filename, content_type: f.contentType, sha256, bytes };
    });
    send({ type: 'done', jobId: job.id, files });
  } catch (err) {
    const message =
      err instanceof OperationError
        ? err.message
        : `Internal error while processing the job: ${err instanceof Error ? err.message : String(err)}`;
    if (!(err instanceof OperationError)) console.error(err);
    send({ type: 'failed', jobId: job.id, message });
  }
}

send({ type: 'ready' });
