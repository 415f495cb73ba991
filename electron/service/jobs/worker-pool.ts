/**
 * A pool of job worker child processes fed from a JobSource: the durable queue in SQLite, or pg-boss
 * deliveries in server mode (job-source.ts).
 *
 * Notes: worker threads were rejected because a runaway engine (infinite loop, out of memory) must
 * be killable without taking the service down; a child process can be SIGKILLed and replaced.
 * The pool is the only writer of job state after submission, so state changes are serialised here.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Store } from '../context';
import { newFileToken } from '../files/blob-store';
import type { JobRow } from '../store/jobs-repo';
import { sqliteJobSource, type JobSource } from './job-source';
import type { RunJobMessage, StoredFile, WorkerMessage } from '../../workers/protocol';

const here = path.dirname(fileURLToPath(import.meta.url));
const DEFAULT_WORKER_ENTRY = path.resolve(here, '../../workers/job-worker.ts');
const TSX_LOADER = createRequire(import.meta.url).resolve('tsx');

export interface PoolOptions {
  size: number;
  /** Operation name -> absolute module path of its Operation. */
  operations: Record<string, string>;
  /** Deadline in ms for a job, from its operation and parameters. */
  deadlineMs: (job: JobRow) => number;
  /** Heap limit of each worker in MB. */
  workerMemoryMb: number;
  workerEntry?: string;
  /** Where jobs come from; default the SQLite queue of `store` (job-source.ts). */
  source?: JobSource;
  /** Called after a job reached a terminal state (tests and the studio's notifications). */
  onSettled?: (jobId: string) => void;
}

interface Slot {
  child: ChildProcess;
  ready: boolean;
  job: JobRow | null;
  deadline: NodeJS.Timeout | null;
  stderrTail: string;
  killedForDeadline: boolean;
}

export class WorkerPool {
  private readonly slots = new Set<Slot>();
  private stopped = false;
  private consecutiveSpawnFailures = 0;
  private tick: NodeJS.Timeout | null = null;
  /** One dispatch at a time: claiming is async, and two at once could hand one slot two jobs. */
  private dispatching = false;
  private dispatchAgain = false;

  private readonly source: JobSource;

  constructor(
    private readonly store: Store,
    private readonly options: PoolOptions,
  ) {
    this.source = options.source ?? sqliteJobSource(store);
  }

  start(): void {
    for (let i = 0; i < this.options.size; i++) this.spawn();
    // A periodic look at the queue covers jobs that arrive while every worker was starting.
    this.tick = setInterval(() => this.dispatch(), 500);
    this.tick.unref();
  }

  /** False when workers keep failing to start: submissions then get 503 backend_unavailable. */
  get healthy(): boolean {
    return this.options.size > 0 && this.consecutiveSpawnFailures < 3;
  }

  /** Pids of workers currently running a job, by job id (diagnostics and tests). */
  runningPids(): Map<string, number> {
    const m = new Map<string, number>();
    for (const s of this.slots) if (s.job && s.child.pid) m.set(s.job.id, s.child.pid);
    return m;
  }

  notify(): void {
    queueMicrotask(() => this.dispatch());
  }

  /** Stops all workers. Jobs they were running go back to the queue without using up their retry. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.tick) clearInterval(this.tick);
    const exits: Promise<unknown>[] = [];
    for (const slot of this.slots) {
      if (slot.deadline) clearTimeout(slot.deadline);
      if (slot.job) exits.push(this.source.giveBack(slot.job.id));
      exits.push(new Promise<void>((resolve) => {
        if (slot.child.exitCode !== null || slot.child.signalCode !== null) return resolve();
        slot.child.once('exit', () => resolve());
        slot.child.kill('SIGKILL');
      }));
    }
    await Promise.all(exits);
    this.slots.clear();
  }

  private spawn(): void {
    if (this.stopped) return;
    let child: ChildProcess;
    try {
      child = fork(this.options.workerEntry ?? DEFAULT_WORKER_ENTRY, [], {
        execArgv: ['--import', TSX_LOADER, `--max-old-space-size=${this.options.workerMemoryMb}`],
        env: { ...process.env, RIGDESK_WORKER_DATA: this.store.dataDir },
        stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
        serialization: 'advanced',
      });
    } catch (err) {
      this.spawnFailed(err);
      return;
    }
    const slot: Slot = { child, ready: false, job: null, deadline: null, stderrTail: '', killedForDeadline: false };
    this.slots.add(slot);
    child.stderr?.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk);
      slot.stderrTail = (slot.stderrTail + chunk.toString()).slice(-4000);
    });
    child.on('message', (m: WorkerMessage) => this.onMessage(slot, m));
    child.on('error', (err) => {
      if (!slot.ready) this.spawnFailed(err);
    });
    child.on('exit', (code, signal) => this.onExit(slot, code, signal));
  }

  private spawnFailed(err: unknown): void {
    this.consecutiveSpawnFailures++;
    console.error(`worker-pool: a worker could not start (${err instanceof Error ? err.message : String(err)})`);
  }

  private onMessage(slot: Slot, m: WorkerMessage): void {
    switch (m.type) {
      case 'ready':
        slot.ready = true;
        this.consecutiveSpawnFailures = 0;
        this.dispatch();
        return;
      case 'progress':
        if (slot.job?.id === m.jobId) this.store.jobs.setProgress(m.jobId, m.fraction, m.stage).catch((err: Error) => this.storeFailed(err));
        return;
      case 'done':
        if (slot.job?.id === m.jobId) this.finish(slot, async () => this.store.jobs.succeed(m.jobId, await this.publish(m.files), Date.now()));
        return;
      case 'failed':
        if (slot.job?.id === m.jobId) this.finish(slot, () => this.store.jobs.fail(m.jobId, m.message, Date.now()));
        return;
    }
  }

  /** Gives each produced file an unguessable token; the job's output refers to tokens, not paths. */
  private async publish(files: StoredFile[]): Promise<{ files: (Omit<StoredFile, 'sha256'> & { token: string })[] }> {
    const now = Date.now();
    const published = [];
    for (const f of files) {
      const token = newFileToken();
      await this.store.files.insert({ token, sha256: f.sha256, filename: f.filename, content_type: f.content_type, bytes: f.bytes, created_at: now });
      published.push({ role: f.role, filename: f.filename, content_type: f.content_type, bytes: f.bytes, token });
    }
    return { files: published };
  }

  private storeFailed(err: Error): void {
    console.error(`worker-pool: a job state could not be stored (${err.message})`);
  }

  /** Records a job's end, then tells the listener and looks for more work (in that order: tests wait on the listener). */
  private settle(jobId: string, write: () => Promise<unknown>): void {
    write()
      .then(() => this.source.settled(jobId))
      .catch((err: Error) => this.storeFailed(err))
      .then(() => {
        this.options.onSettled?.(jobId);
        this.dispatch();
      });
  }

  private finish(slot: Slot, write: () => Promise<unknown>): void {
    const jobId = slot.job!.id;
    if (slot.deadline) clearTimeout(slot.deadline);
    slot.deadline = null;
    slot.job = null;
    this.settle(jobId, write);
  }

  private onExit(slot: Slot, code: number | null, signal: NodeJS.Signals | null): void {
    this.slots.delete(slot);
    if (slot.deadline) clearTimeout(slot.deadline);
    if (this.stopped) return;
    if (!slot.ready) this.spawnFailed(new Error(`worker exited during start-up (${signal ?? `code ${code}`}): ${slot.stderrTail.slice(-300)}`));
    const job = slot.job;
    if (job) this.settle(job.id, () => this.store.jobs.fail(job.id, this.crashMessage(slot, code, signal, job), Date.now()));
    // Replace the worker; back off when workers keep dying at start-up.
    const delay = this.consecutiveSpawnFailures === 0 ? 0 : Math.min(30_000, 250 * 2 ** this.consecutiveSpawnFailures);
    setTimeout(() => this.spawn(), delay).unref();
  }

  private crashMessage(slot: Slot, code: number | null, signal: NodeJS.Signals | null, job: JobRow): string {
    if (slot.killedForDeadline) return deadlineMessage(job, Math.round(this.options.deadlineMs(job) / 1000));
    if (/heap out of memory|Allocation failed|Reached heap limit/i.test(slot.stderrTail)) {
      return `The worker ran out of memory (limit ${this.options.workerMemoryMb} MB) on this input. Try a mesh with fewer triangles, or start the service with a larger --worker-memory.`;
    }
    const how = signal ? `was killed (${signal})` : `exited with code ${code}`;
    return `The worker processing this job ${how} before finishing. Nothing else was affected; submit the job again, and if it keeps failing report it with this job id.`;
  }

  private dispatch(): void {
    if (this.stopped) return;
    if (this.dispatching) {
      this.dispatchAgain = true;
      return;
    }
    this.dispatching = true;
    this.fillIdleSlots()
      .catch((err: Error) => this.storeFailed(err))
      .finally(() => {
        this.dispatching = false;
        if (this.dispatchAgain) {
          this.dispatchAgain = false;
          this.dispatch();
        }
      });
  }

  private async fillIdleSlots(): Promise<void> {
    for (const slot of this.slots) {
      if (this.stopped) return;
      if (!slot.ready || slot.job) continue;
      const job = await this.source.next(Date.now());
      if (!job) return;
      // The worker may have died, or the pool stopped, while the claim was in flight: the job goes back.
      if (this.stopped || !this.slots.has(slot)) {
        await this.source.giveBack(job.id);
        return;
      }
      this.run(slot, job);
    }
  }

  private run(slot: Slot, job: JobRow): void {
    const modulePath = this.options.operations[job.operation];
    if (!modulePath) {
      this.settle(job.id, () => this.store.jobs.fail(job.id, `No engine is installed for operation '${job.operation}'.`, Date.now()));
      return;
    }
    slot.job = job;
    slot.killedForDeadline = false;
    slot.deadline = setTimeout(() => {
      slot.killedForDeadline = true;
      slot.child.kill('SIGKILL');
    }, this.options.deadlineMs(job));
    const message: RunJobMessage = {
      type: 'run',
      job: {
        id: job.id,
        operation: job.operation,
        params: JSON.parse(job.params),
        inputPath: job.input_sha ? this.store.blobs.pathOf(job.input_sha) : null,
        inputName: job.input_name,
        modulePath,
      },
    };
    slot.child.send(message);
  }
}

/** What a job stopped at its deadline tells the user: advice that fits the work it was doing. */
function deadlineMessage(job: JobRow, seconds: number): string {
  const engine = job.operation === 'rig' ? (JSON.parse(job.params) as { engine?: string }).engine ?? 'fast' : null;
  if (engine === 'fast') {
    return `The fast rig exceeded its ${seconds} s deadline and was stopped. Simplify or decimate the mesh (fewer triangles, no hidden inner parts) and submit again.`;
  }
  if (engine === 'pro') {
    return `The pro rig exceeded its ${seconds} s deadline and was stopped. Try engine 'fast', or simplify or decimate the mesh, and submit again.`;
  }
  return `The job exceeded its ${seconds} s deadline and was stopped. Try a smaller input, or submit again.`;
}
