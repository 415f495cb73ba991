import os from 'node:os';
import path from 'node:path';

export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 7878;
export const DEFAULT_MAX_QUEUE_DEPTH = 100;
export const DEFAULT_WORKER_MEMORY_MB = 4096;
/** URL downloads at once: each streams to disk with bounded memory; the caps bound connections and disk writes. */
export const DEFAULT_DOWNLOADS_PER_ACCOUNT = 2;
export const DEFAULT_DOWNLOADS_OVERALL = 4;

/** Deadlines per operation and engine, after which a job's worker is killed and the job fails. */
export const DEADLINES_MS = { rig_fast: 120_000, rig_pro: 600_000, generate_model: 300_000, other: 300_000 };

/** `--data DIR`, else RIGDESK_DATA, else the platform's app-data folder. */
export function resolveDataDir(flag?: string): string {
  if (flag) return path.resolve(flag);
  if (process.env.RIGDESK_DATA) return path.resolve(process.env.RIGDESK_DATA);
  const home = os.homedir();
  switch (process.platform) {
    case 'win32':
      return path.join(process.env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), 'Rigdesk');
    case 'darwin':
      return path.join(home, 'Library', 'Application Support', 'Rigdesk');
    default:
      return path.join(process.env.XDG_DATA_HOME ?? path.join(home, '.local', 'share'), 'rigdesk');
  }
}

export function defaultWorkerCount(): number {
  return Math.max(1, os.availableParallelism() - 1);
}
