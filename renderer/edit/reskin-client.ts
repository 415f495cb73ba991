/**
 * The page's side of the re-skin worker. At most one re-skin runs; while it does, only the latest
 * request waits (older ones are dropped: the joint has moved on), so a fast drag never queues work.
 */
import type { TriangleSet } from '../../shared/mesh/merge';
import type { ReskinRequest, ReskinResponse } from './reskin-worker';

export interface ReskinSkeleton {
  positions: Float64Array;
  parents: Int32Array;
  deform: boolean[];
  leafTips: [number, number[]][];
}

export interface ReskinCallbacks {
  onReady(ms: number): void;
  onWeights(joints: Uint16Array, weights: Float32Array, ms: number): void;
  onError(message: string): void;
}

export class ReskinClient {
  private readonly worker: Worker;
  private ready = false;
  private busy = false;
  private waiting: ReskinSkeleton | null = null;
  private nextId = 1;

  constructor(mesh: TriangleSet, engine: 'fast' | 'pro', private readonly callbacks: ReskinCallbacks) {
    this.worker = new Worker(new URL('./reskin-worker.ts', import.meta.url), { type: 'module' });
    this.worker.onmessage = (e: MessageEvent<ReskinResponse>) => this.receive(e.data);
    this.worker.onerror = (e) => callbacks.onError(`the re-skin worker stopped: ${e.message}`);
    // Copies: the page keeps its mesh for snapping.
    const init: ReskinRequest = { kind: 'init', positions: mesh.positions.slice(), indices: mesh.indices.slice(), partOffsets: mesh.partOffsets.slice(), engine };
    this.worker.postMessage(init, [init.positions.buffer, init.indices.buffer, init.partOffsets.buffer]);
  }

  /** Re-skins `skeleton` as soon as the worker is free, replacing any request still waiting. */
  request(skeleton: ReskinSkeleton): void {
    this.waiting = skeleton;
    this.pump();
  }

  dispose(): void {
    this.worker.terminate();
  }

  private pump(): void {
    if (!this.ready || this.busy || !this.waiting) return;
    const s = this.waiting;
    this.waiting = null;
    this.busy = true;
    const req: ReskinRequest = { kind: 'reskin', id: this.nextId++, positions: s.positions, parents: s.parents, deform: s.deform, leafTips: s.leafTips };
    this.worker.postMessage(req);
  }

  private receive(r: ReskinResponse): void {
    if (r.kind === 'ready') {
      this.ready = true;
      this.callbacks.onReady(r.ms);
    } else if (r.kind === 'weights') {
      this.busy = false;
      this.callbacks.onWeights(r.joints, r.weights, r.ms);
    } else {
      this.busy = false;
      this.callbacks.onError(r.error);
    }
    this.pump();
  }
}
