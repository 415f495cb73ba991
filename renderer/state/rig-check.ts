/**
 * The free pre-check after a drop: POST /v1/rigs/check on the dropped file, then the body plan and rotation
 * it suggests are preselected (the user can still change them). Only the latest drop's answer applies.
 */
import type { ApiClient } from '../api/client';
import { INLINE_LIMIT_BYTES, toBase64 } from '../api/encode';
import type { RigCheck } from '../api/types';
import { useRig } from './rig-store';

let latest = 0;

export async function precheckFile(api: ApiClient, file: { name: string; bytes: Uint8Array }): Promise<void> {
  const ticket = ++latest;
  // What the user had chosen at the drop: a choice changed while the check runs is theirs and is kept.
  const before = useRig.getState().settings;
  useRig.getState().setCheck({ name: file.name, result: null, error: null });
  if (file.bytes.byteLength > INLINE_LIMIT_BYTES) return useRig.getState().setCheck(null);
  let result: RigCheck;
  try {
    result = await api.checkRig({ model_base64: await toBase64(file.bytes), filename: file.name });
  } catch (err) {
    if (ticket === latest) useRig.getState().setCheck({ name: file.name, result: null, error: err instanceof Error ? err.message : String(err) });
    return;
  }
  if (ticket !== latest) return;
  const patch: { rigType?: RigCheck['suggested_rig_type'] & string; rotation?: number } = {};
  const now = useRig.getState().settings;
  if (result.suggested_rig_type && now.rigType === before.rigType) patch.rigType = result.suggested_rig_type;
  if (result.suggested_rotation_y !== null && now.rotation === before.rotation) patch.rotation = result.suggested_rotation_y;
  useRig.getState().setSettings(patch);
  useRig.getState().setCheck({ name: file.name, result, error: null });
}
