/**
 * `rigdesk serve --json` as a real process (its own process group, so a test can SIGKILL the service
 * together with its catalog-installer child, like a crash of the whole machine's session).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { projectRoot } from './corpus';

export const BIN = path.join(projectRoot, 'bin/rigdesk.mjs');

export interface ServeProcess {
  child: ChildProcess;
  info: { base_url: string; studio_url: string; data_dir: string };
  stdout(): string;
  stderr(): string;
  /** SIGKILL the service and its children; resolves when the service process is gone. */
  crash(): Promise<void>;
}

export interface ServeExit {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Starts serve; resolves when it printed its JSON line, or with its exit when it ended before. */
export function spawnServe(dataDir: string, o: { args?: string[]; umask?: string; timeoutMs?: number } = {}): Promise<ServeProcess | ServeExit> {
  const timeoutMs = o.timeoutMs ?? 240_000;
  const argv = [process.execPath, BIN, 'serve', '--data', dataDir, '--port', '0', '--workers', '1', '--json', ...(o.args ?? [])];
  // A umask is set by a shell that then becomes the service (exec), so the service's pid is the child's.
  const [file, ...rest] = o.umask ? ['/bin/sh', '-c', `umask ${o.umask} && exec "$0" "$@"`, ...argv] : argv;
  const child = spawn(file, rest, { cwd: projectRoot, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (err += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start in ${timeoutMs} ms; stderr: ${err}`)), timeoutMs);
    const onData = () => {
      const line = out.split('\n').find((l) => l.startsWith('{"base_url"'));
      if (!line) return;
      clearTimeout(timer);
      child.stdout!.off('data', onData);
      resolve({
        child,
        info: JSON.parse(line),
        stdout: () => out,
        stderr: () => err,
        async crash() {
          process.kill(-child.pid!, 'SIGKILL');
          await exited;
        },
      });
    };
    child.stdout!.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      resolve({ code, stdout: out, stderr: err });
    });
  });
}

export function isRunning(s: ServeProcess | ServeExit): s is ServeProcess {
  return 'info' in s;
}
