import type { PrecheckResult } from '../../shared/rig/precheck';

/** Parent -> rig-check worker: one model to look at. */
export interface RigCheckRequest {
  data: Uint8Array;
  name: string | null;
  rotationY: number;
}

/** Rig-check worker -> parent: the analysis, a file no reader accepts (400 unsupported_format), or a failure. */
export type RigCheckReply =
  | { type: 'result'; result: PrecheckResult }
  | { type: 'unsupported'; message: string }
  | { type: 'failed'; message: string };
