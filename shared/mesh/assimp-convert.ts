/**
 * convertWithAssimp: FBX, OBJ, STL, DAE and 3DS converted to GLB by assimp (the assimpjs WASM
 * build), in a worker thread that is terminated after ASSIMP_TIMEOUT_MS.
 *
 * Notes: running assimp in the calling thread was rejected because a hostile file that makes it
 * loop would hang the worker process with no way to stop it; a worker thread can be killed.
 * One worker is kept warm (instantiating the WASM module costs ~0.3 s) and jobs are serialised
 * through it; it is unref'd so it never keeps a process alive. Inputs were already checked by
 * probeModel, which refuses zip bombs and lying lengths before assimp allocates anything.
 */
import { Worker } from 'node:worker_threads';
import { MeshFormatError } from './errors';
import { ASSIMP_TIMEOUT_MS } from './limits';

export interface AssimpFile {
  name: string;
  data: Uint8Array;
}

interface Reply {
  id: number;
  ok: boolean;
  glb?: Uint8Array;
  error?: string;
  fatal?: boolean;
}

let worker: Worker | null = null;
let nextId = 1;
let queue: Promise<unknown> = Promise.resolve();

function getWorker(): Worker {
  if (!worker) {
    worker = new Worker(new URL('./assimp-worker.mjs', import.meta.url));
    worker.unref();
    worker.on('error', () => {
      worker = null;
    });
  }
  return worker;
}

function runOnce(files: AssimpFile[], timeoutMs: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const w = getWorker();
    const id = nextId++;
    const done = (fn: () => void) => {
      clearTimeout(timer);
      w.off('message', onMessage);
      w.off('exit', onExit);
      fn();
    };
    const onMessage = (m: Reply) => {
      if (m.id !== id) return;
      if (m.fatal) {
        worker = null;
        void w.terminate();
      }
      done(() => (m.ok && m.glb ? resolve(m.glb) : reject(new MeshFormatError(`read-assimp: ${m.error}`))));
    };
    const onExit = () => {
      worker = null;
      done(() => reject(new MeshFormatError('read-assimp: assimp stopped while reading the file')));
    };
    const timer = setTimeout(() => {
      worker = null;
      void w.terminate();
      done(() => reject(new MeshFormatError(`read-assimp: reading took longer than ${timeoutMs / 1000} s; the file is too complex or malformed`)));
    }, timeoutMs);
    w.on('message', onMessage);
    w.on('exit', onExit);
    // copies, so the caller's buffers stay usable
    w.postMessage({ id, files: files.map((f) => ({ name: f.name, data: f.data.slice() })) });
  });
}

/** Converts the files (the model first, its companions after) into one GLB. */
export function convertWithAssimp(files: AssimpFile[], timeoutMs = ASSIMP_TIMEOUT_MS): Promise<Uint8Array> {
  const run = queue.then(() => runOnce(files, timeoutMs));
  queue = run.catch(() => undefined);
  return run;
}

/** Stops the warm worker (tests and shutdown). */
export async function stopAssimpWorker(): Promise<void> {
  const w = worker;
  worker = null;
  if (w) await w.terminate();
}
