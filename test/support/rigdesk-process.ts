/**
 * Long-running `rigdesk` commands (serve, worker) as real child processes, for server-mode tests and
 * bench:scale: each prints one JSON line when it is ready.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { BIN } from './serve-process';
import { projectRoot } from './corpus';

export interface RigdeskProcess {
  child: ChildProcess;
  /** The JSON line the command printed when ready (serve: base_url, …). */
  info: Record<string, unknown>;
  stderr(): string;
}

/** Starts `rigdesk ARGS --json`; resolves with its first JSON line, rejects if it exits before. */
export function startRigdesk(args: string[]): Promise<RigdeskProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args, '--json'], { cwd: projectRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stderr!.on('data', (d) => (err += d));
    child.stdout!.on('data', (d) => {
      out += d;
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve({ child, info: JSON.parse(line), stderr: () => err });
    });
    child.once('exit', (code) => reject(new Error(`rigdesk ${args[0]} exited (${code}): ${err}`)));
  });
}

/** SIGTERM (the command's clean stop) and wait for the exit. */
export async function stopRigdesk(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}
