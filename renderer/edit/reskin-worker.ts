/// <reference lib="webworker" />
/**
 * The live skin of "Edit joints" off the UI thread: builds the mesh's skin state once (voxelising,
 * about a second), then answers each edited skeleton with new weights (tens of milliseconds).
 * Requests queue here while one runs; the client sends only the latest, so none goes stale.
 */
import { prepareSkinState, reskin, type SkinState } from '../../shared/rig/reskin';

export type ReskinRequest =
  | { kind: 'init'; positions: Float32Array; indices: Uint32Array; partOffsets: Uint32Array; engine: 'fast' | 'pro' }
  | { kind: 'reskin'; id: number; positions: Float64Array; parents: Int32Array; deform: boolean[]; leafTips: [number, number[]][] };

export type ReskinResponse =
  | { kind: 'ready'; ms: number }
  | { kind: 'weights'; id: number; joints: Uint16Array; weights: Float32Array; ms: number }
  | { kind: 'error'; id: number | null; error: string };

let state: SkinState | null = null;
const post = (r: ReskinResponse, transfer: Transferable[] = []) => (self as unknown as Worker).postMessage(r, transfer);

self.onmessage = (event: MessageEvent<ReskinRequest>) => {
  const req = event.data;
  const t0 = performance.now();
  try {
    if (req.kind === 'init') {
      state = prepareSkinState({ positions: req.positions, indices: req.indices, partOffsets: req.partOffsets }, req.engine, 0);
      post({ kind: 'ready', ms: performance.now() - t0 });
      return;
    }
    if (!state) throw new Error('reskin-worker: a re-skin came before the mesh');
    const w = reskin(state, { positions: req.positions, parents: req.parents, deform: req.deform, leafTips: new Map(req.leafTips) });
    post({ kind: 'weights', id: req.id, joints: w.joints, weights: w.weights, ms: performance.now() - t0 }, [w.joints.buffer, w.weights.buffer]);
  } catch (err) {
    post({ kind: 'error', id: req.kind === 'reskin' ? req.id : null, error: err instanceof Error ? err.message : String(err) });
  }
};
